/**
 * The Insights page (ADR 0023): a period (a GET form, no JavaScript needed) against the one before it; visitors and
 * page views per day through the dashboard's bar chart, with the numbers in a table; the top pages, sources and
 * campaigns, each form's conversion, and people from source to customer. Every table exports as CSV, and a figure
 * with a Leads list behind it links to that list.
 */
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { FilterInput, FilterSelect } from "~/components/ui/FilterField";
import { Table, type Column } from "~/components/ui/Table";
import { DaysBarChart, dayLabel, TabHeading } from "~/features/dashboard";
import { formatNumber } from "~/lib/format";
import {
  channelLabel,
  conversion,
  customerLeadsLink,
  leadsLink,
  PERIOD_PRESETS,
  periodQuery,
  type CustomerRow,
  type DayCount,
  type FormRow,
  type InsightsReport,
  type InsightsTable,
  type Period,
  type TopRow,
  type Totals,
} from "./insights";

const SERIES = [
  { key: "visitors", label: "Visitors", color: "#4f46e5" },
  { key: "more", label: "Further page views", color: "#a5b4fc" },
] as const;

const rate = (submissions: number, visitors: number) => {
  const value = conversion(submissions, visitors);
  return value === null ? "—" : `${value.toFixed(1)}%`;
};
const num = formatNumber;
const periodText = (p: Period) => `${dayLabel(p.from)} to ${dayLabel(p.to)}`;

/**
 * A figure that opens the filtered Leads list behind it, where there is one: a plain link, loaded as a document.
 * A 90-day report holds about 250 of them, and Remix's `Link` (its hooks resolve each path against the route matches)
 * cost the server about 20 ms of the page's render (bench:insights: the 90-day median 111 to 115 ms with it, 88 to
 * 99 without).
 */
function Figure({ value, to, label }: { value: number; to?: string; label: string }) {
  if (!to) return <>{num(value)}</>;
  return (
    <a href={to} className="font-medium text-brand-700 underline-offset-2 hover:underline" aria-label={label}>
      {num(value)}
    </a>
  );
}

function PeriodPicker({ period }: { period: Period }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the period">
      <FilterSelect id="insights-days" label="Period" name="days" value={period.preset}>
        {PERIOD_PRESETS.map((p) => (
          <option key={p} value={p}>{`The last ${p} days`}</option>
        ))}
        <option value="custom">From and to (below)</option>
      </FilterSelect>
      <FilterInput id="insights-from" label="From" name="from" type="date" value={period.from} />
      <FilterInput id="insights-to" label="To" name="to" type="date" value={period.to} />
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </Form>
  );
}

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "no change" : "new";
  const pct = Math.round(((now - before) / before) * 100);
  return pct === 0 ? "no change" : `${pct > 0 ? "+" : ""}${pct}%`;
}

function TotalsCards({ totals, previous }: { totals: Totals; previous: Totals }) {
  const cards = [
    { label: "Visitors", now: num(totals.visitors), before: num(previous.visitors), change: change(totals.visitors, previous.visitors) },
    { label: "Page views", now: num(totals.views), before: num(previous.views), change: change(totals.views, previous.views) },
    {
      label: "Submissions",
      now: num(totals.submissions),
      before: num(previous.submissions),
      change: change(totals.submissions, previous.submissions),
    },
    {
      label: "Conversion rate",
      now: rate(totals.submissions, totals.visitors),
      before: rate(previous.submissions, previous.visitors),
      change: "",
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((c) => (
        <div key={c.label} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{c.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums text-ink" data-testid={`total-${c.label.toLowerCase().replace(/ /g, "-")}`}>
            {c.now}
          </dd>
          <dd className="mt-1 text-xs text-slate-600">
            Before: {c.before}
            {c.change ? ` (${c.change})` : ""}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A section with its table and its CSV download. */
function Section({
  id,
  title,
  description,
  csv,
  children,
}: {
  id: InsightsTable;
  title: string;
  description: string;
  csv: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} id={`insights-${id}`} className="mt-8">
      <TabHeading
        title={title}
        description={description}
        actions={
          <a href={`/admin/insights.csv?table=${id}&${csv}`} className="text-sm font-medium text-brand-700 underline" download>
            Download CSV<span className="sr-only">: {title}</span>
          </a>
        }
      />
      {children}
    </section>
  );
}

const topColumns = (first: string, leadsLabel: (r: TopRow) => string): Column<TopRow>[] => [
  { header: first, rowHeader: true, card: "title", cell: (r) => <span className="break-all">{r.label}</span> },
  { header: "Visitors", cell: (r) => num(r.visitors), className: "tabular-nums" },
  { header: "Page views", cell: (r) => num(r.views), className: "tabular-nums" },
  {
    header: "Submissions",
    cell: (r) => <Figure value={r.submissions} to={r.leads} label={leadsLabel(r)} />,
    className: "tabular-nums",
  },
  { header: "Conversion", cell: (r) => rate(r.submissions, r.visitors), className: "tabular-nums" },
];

function DaysChart({ days, period }: { days: DayCount[]; period: Period }) {
  const visitors = days.reduce((n, d) => n + d.visitors, 0);
  const views = days.reduce((n, d) => n + d.views, 0);
  return (
    <DaysBarChart
      id="insights-chart"
      title="Visitors and page views per day"
      summary={`${num(visitors)} visitors, ${num(views)} page views`}
      description={`Bar chart of page views per day from ${periodText(period)}, the lower part of each bar its visitors: ${num(visitors)} visitors and ${num(views)} page views in all. The numbers are in the table below.`}
      series={SERIES}
      days={days}
      counts={(d) => ({ visitors: d.visitors, more: Math.max(0, d.views - d.visitors) })}
      caption="Visitors and page views per day"
      columns={[
        { header: "Visitors", cell: (d) => num(d.visitors), className: "tabular-nums" },
        { header: "Page views", cell: (d) => num(d.views), className: "tabular-nums" },
      ]}
    />
  );
}

const empty = (what: string) => <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">{what}</p>;

const FORM_COLUMNS: Column<FormRow>[] = [
  { header: "Form", rowHeader: true, card: "title", cell: (r) => r.label },
  { header: "Shown on", cell: (r) => <span className="break-all">{r.pages}</span> },
  { header: "Visitors", cell: (r) => num(r.visitors), className: "tabular-nums" },
  { header: "Views", cell: (r) => num(r.views), className: "tabular-nums" },
  {
    header: "Submissions",
    cell: (r) => <Figure value={r.submissions} to={leadsLink({ form: r.form })} label={`Leads from the ${r.label} form`} />,
    className: "tabular-nums",
  },
  { header: "Conversion", cell: (r) => rate(r.submissions, r.visitors), className: "tabular-nums" },
];

const CUSTOMER_COLUMNS: Column<CustomerRow>[] = [
  { header: "First source", rowHeader: true, card: "title", cell: (r) => channelLabel(r.channel) },
  { header: "Campaign", cell: (r) => <span className="break-all">{r.campaign || "—"}</span> },
  ...(
    [
      ["People", "people", undefined],
      ["Qualified", "qualified", "qualified"],
      ["Customer", "customer", "customer"],
      ["Lost", "lost", "lost"],
    ] as const
  ).map(([header, key, status]): Column<CustomerRow> => ({
    header,
    cell: (r) => (
      <Figure
        value={r[key]}
        to={customerLeadsLink(r, status)}
        label={`${header}: ${channelLabel(r.channel)}${r.campaign ? `, ${r.campaign}` : ""}`}
      />
    ),
    className: "tabular-nums",
  })),
];

/** The top lists: each one's section, its first column, what its figures' links say, and the words for none. */
const TOP_LISTS = ["pages", "sources", "campaigns"] as const;
const TOP_COPY: Record<
  (typeof TOP_LISTS)[number],
  { title: string; description: string; first: string; leadsLabel: (r: TopRow) => string; empty: string }
> = {
  pages: {
    title: "Top pages",
    description: "Visitors of each page, and the forms sent from it.",
    first: "Page",
    leadsLabel: (r) => `People from ${r.label}`,
    empty: "No page views in this period.",
  },
  sources: {
    title: "Top sources",
    description: "Where visitors came from; the submissions open the Leads list of that first source.",
    first: "Source",
    leadsLabel: (r) => `Leads whose first source is ${r.channel ? channelLabel(r.channel) : r.label}`,
    empty: "No visitors in this period.",
  },
  campaigns: {
    title: "Top campaigns",
    description: "Visits tagged with utm_campaign.",
    first: "Campaign",
    leadsLabel: (r) => `Leads of the campaign ${r.label}`,
    empty: "No campaign visits in this period.",
  },
};

/** A top list in its section: the table is captioned with the section's title. */
function TopSection({ id, rows, csv }: { id: (typeof TOP_LISTS)[number]; rows: TopRow[]; csv: string }) {
  const { title, description, first, leadsLabel, empty: none } = TOP_COPY[id];
  return (
    <Section id={id} title={title} description={description} csv={csv}>
      <Table caption={title} rows={rows} rowKey={(r) => r.key} columns={topColumns(first, leadsLabel)} empty={empty(none)} />
    </Section>
  );
}

export function InsightsPage({ report }: { report: InsightsReport }) {
  const { period, previous } = report;
  const csv = periodQuery(period);
  return (
    <div>
      <TabHeading
        title="Insights"
        description={`Visitors counted without cookies, and what they sent, from ${periodText(period)} (UTC days), compared with ${periodText(previous)}.`}
      />
      <PeriodPicker period={period} />
      <div className="mt-6">
        <TotalsCards totals={report.totals} previous={report.previousTotals} />
      </div>
      <DaysChart days={report.days} period={period} />
      <p className="mt-2 text-sm">
        <a href={`/admin/insights.csv?table=days&${csv}`} className="font-medium text-brand-700 underline" download>
          Download CSV<span className="sr-only">: visitors and page views per day</span>
        </a>
      </p>

      {TOP_LISTS.map((id) => (
        <TopSection key={id} id={id} rows={report[id]} csv={csv} />
      ))}

      <Section
        id="forms"
        title="Forms"
        description="Each form: the views of the pages that carry it, its submissions, and its conversion rate."
        csv={csv}
      >
        <Table caption="Conversion per form" rows={report.forms} rowKey={(r) => r.form} columns={FORM_COLUMNS} />
      </Section>

      <Section
        id="customers"
        title="From source to customer"
        description="People first seen in this period, by their first source and campaign, and where they are in the pipeline now."
        csv={csv}
      >
        <Table
          caption="From source to customer"
          rows={report.customers}
          rowKey={(r) => r.key}
          columns={CUSTOMER_COLUMNS}
          empty={empty("No new people in this period.")}
        />
      </Section>
    </div>
  );
}
