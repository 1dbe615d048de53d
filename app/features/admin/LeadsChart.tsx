/**
 * Leads per day, stacked by kind, drawn as SVG on the server (no chart code in
 * the browser); the numbers are also in a table behind a disclosure.
 */
import { formatDate } from "~/components/ui/format";
import { Table, type Column } from "~/components/ui/Table";
import { CHART_KINDS, type ChartDay } from "./leads-chart";

const W = 600;
const H = 160;
const GAP = 4;

export function LeadsChart({ days }: { days: ChartDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.total));
  const barW = W / days.length - GAP;
  const total = days.reduce((n, d) => n + d.total, 0);
  return (
    <section aria-labelledby="chart-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="chart-title" className="text-base font-semibold text-ink">
          Leads per day, last 30 days
        </h2>
        <p className="text-sm text-slate-600">{`${total} in all`}</p>
      </div>
      <div className="mt-4 flex gap-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs tabular-nums text-slate-600" aria-hidden="true">
          <span>{max}</span>
          <span>0</span>
        </div>
        <div className="flex-1">
          {/* Bars only, stretched to the width; the labels are HTML so they keep their size. */}
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="h-40 w-full border-b border-slate-300"
            role="img"
            aria-label={`Bar chart of leads per day over the last 30 days: ${total} in all. The numbers are in the table below.`}
          >
            {days.map((d, i) => {
              let y = H;
              return (
                <g key={d.date}>
                  {CHART_KINDS.map((k) => {
                    const h = (d.counts[k.key] / max) * (H - 4);
                    if (h === 0) return null;
                    y -= h;
                    return <rect key={k.key} x={i * (barW + GAP) + GAP / 2} y={y} width={barW} height={h} fill={k.color} />;
                  })}
                </g>
              );
            })}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
            {[0, 14, days.length - 1].map((i) => (
              <span key={i}>{formatDate(`${days[i]!.date}T12:00:00Z`)}</span>
            ))}
          </div>
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {CHART_KINDS.map((k) => (
          <li key={k.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm" style={{ background: k.color }} />
            {k.label}
          </li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">The numbers, day by day</summary>
        <div className="mt-2">
          <Table
            caption="Leads per day by kind, last 30 days"
            rows={days}
            rowKey={(d) => d.date}
            columns={[
              {
                header: "Date",
                rowHeader: true,
                card: "title",
                cell: (d) => <time dateTime={d.date}>{d.date}</time>,
                className: "whitespace-nowrap",
              },
              ...CHART_KINDS.map((k): Column<ChartDay> => ({ header: k.label, cell: (d) => d.counts[k.key], className: "tabular-nums" })),
              { header: "Total", cell: (d) => d.total, className: "font-semibold tabular-nums" },
            ]}
          />
        </div>
      </details>
    </section>
  );
}
