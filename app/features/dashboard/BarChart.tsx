/**
 * The dashboard's bar chart: stacked bars drawn as SVG on the server (no chart
 * code in the browser), a legend, and the numbers in a table behind a
 * disclosure (the caller's, as `children`). The leads chart, the onboarding
 * funnel and the outcomes per form all draw through it.
 */
import type { ReactNode } from "react";
import { Table, type Column } from "~/components/ui/Table";
import { formatDate } from "~/lib/format";

export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

export interface Bar {
  key: string;
  /** The bar's label under the axis (every bar's, or the first, middle and last: see `labels`). */
  label: ReactNode;
  /** A value per series key; the bar stacks them in the series' order. */
  counts: Record<string, number>;
}

/** A day's label under its bar: "Nov 23, 2026" for "2026-11-23" (noon UTC, so no zone moves it to another day). */
export const dayLabel = (date: string) => formatDate(`${date}T12:00:00Z`);

/** The first column of a chart's table of days: the day, as the row's header. */
function dayColumn<T extends { date: string }>(): Column<T> {
  return {
    header: "Date",
    rowHeader: true,
    card: "title",
    cell: (d) => <time dateTime={d.date}>{d.date}</time>,
    className: "whitespace-nowrap",
  };
}

const W = 600;
const H = 160;

export function BarChart({
  id,
  title,
  summary,
  description,
  series,
  bars,
  labels = "each",
  tableLabel,
  children,
}: {
  id: string;
  title: string;
  /** A short line beside the title ("312 in all"). */
  summary?: ReactNode;
  /** The SVG's accessible name: what it shows, and that the numbers are in the table. */
  description: string;
  series: readonly BarSeries[];
  bars: readonly Bar[];
  /** "each": a label under every bar; "ends": under the first, the middle and the last (for many bars, like days). */
  labels?: "each" | "ends";
  /** The disclosure's summary. */
  tableLabel: string;
  /** The numbers, as a table. */
  children: ReactNode;
}) {
  const totals = bars.map((b) => series.reduce((n, s) => n + (b.counts[s.key] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const gap = bars.length > 12 ? 4 : 24;
  const barW = W / Math.max(1, bars.length) - gap;
  const ends = [0, Math.floor((bars.length - 1) / 2), bars.length - 1].filter((i, k, a) => a.indexOf(i) === k);
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold text-ink">
          {title}
        </h2>
        {summary ? <p className="text-sm text-slate-600">{summary}</p> : null}
      </div>
      <div className="mt-4 flex gap-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs tabular-nums text-slate-600" aria-hidden="true">
          <span>{max}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          {/* Bars only, stretched to the width; the labels are HTML so they keep their size. */}
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="h-40 w-full border-b border-slate-300"
            role="img"
            aria-label={description}
          >
            {bars.map((b, i) => {
              let y = H;
              return (
                <g key={b.key}>
                  {series.map((s) => {
                    const h = ((b.counts[s.key] ?? 0) / max) * (H - 4);
                    if (h === 0) return null;
                    y -= h;
                    return <rect key={s.key} x={i * (barW + gap) + gap / 2} y={y} width={barW} height={h} fill={s.color} />;
                  })}
                </g>
              );
            })}
          </svg>
          {labels === "ends" ? (
            <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
              {ends.map((i) => (
                <span key={i}>{bars[i]?.label}</span>
              ))}
            </div>
          ) : (
            <div
              className="mt-1 grid text-center text-xs text-slate-600"
              style={{ gridTemplateColumns: `repeat(${Math.max(1, bars.length)}, minmax(0, 1fr))` }}
              aria-hidden="true"
            >
              {bars.map((b) => (
                <span key={b.key} className="truncate px-0.5">
                  {b.label}
                </span>
              ))}
            </div>
          )}
        </div>
      </div>
      {series.length > 1 ? (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{tableLabel}</summary>
        <div className="mt-2">{children}</div>
      </details>
    </section>
  );
}

/**
 * A chart of days (the leads per day, Insights' visitors and page views): a bar a day, labelled at the ends, and the
 * numbers in a table whose first column is the day.
 */
export function DaysBarChart<T extends { date: string }>({
  id,
  title,
  summary,
  description,
  series,
  days,
  counts,
  caption,
  columns,
}: {
  id: string;
  title: string;
  summary: ReactNode;
  description: string;
  series: readonly BarSeries[];
  days: T[];
  /** A day's value per series key. */
  counts: (day: T) => Record<string, number>;
  /** The table's caption and its columns after the day. */
  caption: string;
  columns: Column<T>[];
}) {
  return (
    <BarChart
      id={id}
      title={title}
      summary={summary}
      description={description}
      series={series}
      bars={days.map((d) => ({ key: d.date, label: dayLabel(d.date), counts: counts(d) }))}
      labels="ends"
      tableLabel="The numbers, day by day"
    >
      <Table caption={caption} rows={days} rowKey={(d) => d.date} columns={[dayColumn<T>(), ...columns]} />
    </BarChart>
  );
}
