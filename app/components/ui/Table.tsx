import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * How a cell shows when its row is a card (phones): a labelled `field` (the
 * default), the card's `title`, a `lead` control before the title (a row's
 * checkbox), or the card's `actions` at its foot.
 */
export type CardRole = "field" | "title" | "lead" | "actions";

export interface Column<Row> {
  /** The column's header, and the label of the value on a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  card?: CardRole;
  /** The header is for screen readers only (row actions, checkboxes). */
  hideHeader?: boolean;
  /** The cell names its row: a `<th scope="row">`. */
  rowHeader?: boolean;
  /** Classes of the cell's content (width, truncation, alignment). */
  className?: string;
}

const CELL: Record<CardRole, string> = {
  field: "max-md:grid max-md:basis-full max-md:grid-cols-[7rem_minmax(0,1fr)] max-md:gap-3 max-md:py-1",
  title: "max-md:order-first max-md:min-w-0 max-md:flex-1 max-md:pb-2 max-md:text-base max-md:font-semibold max-md:text-ink",
  lead: "max-md:order-first max-md:pt-0.5",
  actions: "max-md:mt-2 max-md:basis-full max-md:border-t max-md:border-slate-100 max-md:pt-3 max-md:empty:hidden",
};

/**
 * The one table of the site (every admin list, the dashboard's tables and the
 * warm-leads results). From the `md` breakpoint it is a table with column
 * headers (`th scope="col"`) and a caption, inside a focusable region that
 * scrolls sideways when the table is wider than the page. Below it, each row
 * is a card of label/value pairs, so nothing scrolls sideways on a phone. Both
 * layouts are the same markup switched by CSS: every control (a row's
 * checkbox, its buttons) is rendered once, and works without JavaScript. The
 * labels on the cards are hidden from screen readers, which read the headers.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div
      role="region"
      aria-label={caption}
      // A region that may scroll sideways must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: the region scrolls, so it takes focus
      tabIndex={0}
      className="relative focus-visible:outline-2 focus-visible:outline-brand-600 md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm"
    >
      <table className="w-full text-left text-sm max-md:block md:min-w-full md:divide-y md:divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-md:sr-only">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className="whitespace-nowrap bg-slate-50 px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-600"
              >
                {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:space-y-3 md:divide-y md:divide-slate-100">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="max-md:flex max-md:flex-wrap max-md:items-start max-md:gap-x-3 max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:shadow-sm md:hover:bg-slate-50/60"
            >
              {columns.map((c) => (
                <Cell key={c.header} column={c} row={row} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const role = column.card ?? "field";
  const content = column.cell(row);
  const has = content !== null && content !== undefined && content !== false && content !== "";
  const className = cn("align-top text-slate-700 md:px-3 md:py-3", CELL[role], column.rowHeader && "font-normal");
  const children = (
    <>
      {role === "field" ? (
        <span aria-hidden="true" className="pt-px text-xs font-semibold uppercase tracking-wide text-slate-500 md:hidden">
          {column.header}
        </span>
      ) : null}
      {has ? (
        <div
          className={cn(
            "min-w-0",
            column.className,
            "max-md:max-w-none max-md:whitespace-normal max-md:[overflow-wrap:anywhere]",
            role === "title" && "max-md:font-semibold",
          )}
        >
          {content}
        </div>
      ) : role === "field" ? (
        <div>—</div>
      ) : null}
    </>
  );
  return column.rowHeader ? (
    <th scope="row" className={className}>
      {children}
    </th>
  ) : (
    <td className={className}>{children}</td>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-semibold text-ink">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
