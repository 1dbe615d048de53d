/**
 * Leads per day, stacked by kind, drawn as SVG on the server through the
 * dashboard's bar chart; the numbers are also in a table behind a disclosure.
 */
import type { Column } from "~/components/ui/Table";
import { DaysBarChart } from "./BarChart";
import { CHART_KINDS, type ChartDay } from "./leads-chart";

export function LeadsChart({ days }: { days: ChartDay[] }) {
  const total = days.reduce((n, d) => n + d.total, 0);
  return (
    <DaysBarChart
      id="chart"
      title="Leads per day, last 30 days"
      summary={`${total} in all`}
      description={`Bar chart of leads per day over the last 30 days: ${total} in all. The numbers are in the table below.`}
      series={CHART_KINDS}
      days={days}
      counts={(d) => d.counts}
      caption="Leads per day by kind, last 30 days"
      columns={[
        ...CHART_KINDS.map((k): Column<ChartDay> => ({ header: k.label, cell: (d) => d.counts[k.key], className: "tabular-nums" })),
        { header: "Total", cell: (d) => d.total, className: "font-semibold tabular-nums" },
      ]}
    />
  );
}
