/** The Q&A tab list (pages, guides, content blocks and blogs are on the admin resource pattern). */
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { formatDate } from "~/components/ui/format";
import { DataTable, EmptyState, type Column } from "~/components/ui/Table";
import { FilterPills, TabHeading } from "./AdminShell";
import type { listQa } from "./dashboard.server";

type RowsOf<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>> extends (infer R)[] ? R : never;
type QaRow = Awaited<ReturnType<typeof listQa>>["rows"][number];
const byId = (row: { id: string }) => row.id;
const titleCell = { className: "font-medium text-ink" };

const published = <T extends { isPublished: boolean }>(): Column<T> => ({
  header: "Status",
  cell: (r) => (r.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>),
});
const dateColumn = <T,>(header: string, pick: (row: T) => Date | null): Column<T> => ({
  header,
  cell: (r) => formatDate(pick(r)),
  className: "whitespace-nowrap",
});

type QaData = Awaited<ReturnType<typeof listQa>>;

export function QaTab({ filter, counts, rows }: { filter: "pending" | "published" | "all" } & QaData) {
  const filters = [
    { value: "pending", label: "Pending", n: counts.pending },
    { value: "published", label: "Published", n: counts.published },
    { value: "all", label: "All", n: counts.all },
  ] as const;
  return (
    <section>
      <TabHeading title="Q&A submissions" />
      <FilterPills
        label="Q&A status"
        items={filters.map((f) => ({ to: `?status=${f.value}`, label: `${f.label} (${f.n})`, active: filter === f.value }))}
      />
      <DataTable
        caption="Q&A submissions"
        rows={rows}
        rowKey={byId}
        empty={<EmptyState title={filter === "pending" ? "No pending questions" : "No questions yet"} />}
        columns={[
          {
            header: "Title",
            cell: (r) => (
              <>
                <Link to={`/admin/dashboard/qa/${r.id}`} className="hover:text-brand-700 hover:underline">
                  {r.title}
                </Link>{" "}
                {r.isFeatured ? <Badge tone="brand">Featured</Badge> : null}
              </>
            ),
            ...titleCell,
          },
          { header: "Category", cell: (r) => r.category },
          {
            header: "Status",
            cell: (r) => (r.status === "published" ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Pending</Badge>),
          },
          dateColumn<QaRow>("Submitted", (r) => r.createdAt),
        ]}
      />
    </section>
  );
}

