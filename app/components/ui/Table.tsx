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
      <table className="ui-table w-full text-left text-sm max-md:block md:min-w-full md:divide-y md:divide-slate-200">
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
            <tr key={rowKey(row)}>
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

/** A cell's layout (table or card) is in tailwind.css, under `.ui-table`: only its role is marked here. */
function Cell<Row>({ column, row }: { column: Column<Row>; row: Row }) {
  const role = column.card ?? "field";
  const content = column.cell(row);
  const has = content !== null && content !== undefined && content !== false && content !== "";
  const children = (
    <>
      {role === "field" ? (
        <span aria-hidden="true" className="ui-cell-label">
          {column.header}
        </span>
      ) : null}
      {has ? <div className={cn("ui-cell-value", column.className)}>{content}</div> : role === "field" ? <div>—</div> : null}
    </>
  );
  const card = role === "field" ? undefined : role;
  return column.rowHeader ? (
    <th scope="row" data-card={card}>
      {children}
    </th>
  ) : (
    <td data-card={card}>{children}</td>
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
