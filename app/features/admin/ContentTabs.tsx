/** The lists of the content tabs. Create, edit and delete arrive with each feature's issue. */
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { EmptyState, Table, Td, Th, Tr } from "~/components/ui/Table";
import { formatDate } from "~/components/ui/format";
import { cn } from "~/components/ui/cn";
import { TabHeading } from "./AdminShell";

const Published = ({ value }: { value: boolean }) =>
  value ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>;

export function PagesTab({ rows }: { rows: { id: string; title: string; slug: string; isPublished: boolean; createdAt: Date }[] }) {
  return (
    <section aria-labelledby="tab-title">
      <TabHeading title="Pages" description="Site pages such as About, Privacy Policy and Terms of Use." />
      {rows.length === 0 ? (
        <EmptyState title="No pages yet" />
      ) : (
        <Table caption="Pages">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Slug</Th>
              <Th>Status</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td className="font-medium text-ink">{r.title}</Td>
                <Td>/{r.slug}</Td>
                <Td>
                  <Published value={r.isPublished} />
                </Td>
                <Td className="whitespace-nowrap">{formatDate(r.createdAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export function GuidesTab({
  rows,
}: {
  rows: { id: string; title: string; slug: string; category: string | null; isPublished: boolean; orderIndex: number }[];
}) {
  return (
    <section>
      <TabHeading title="Guides" description="Ordered by their position." />
      {rows.length === 0 ? (
        <EmptyState title="No guides yet" />
      ) : (
        <Table caption="Guides">
          <thead>
            <tr>
              <Th>#</Th>
              <Th>Title</Th>
              <Th>Category</Th>
              <Th>Status</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td>{r.orderIndex}</Td>
                <Td className="font-medium text-ink">{r.title}</Td>
                <Td>{r.category ?? "—"}</Td>
                <Td>
                  <Published value={r.isPublished} />
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export function ContentBlocksTab({
  rows,
}: {
  rows: { id: string; name: string; type: string; description: string | null; createdAt: Date }[];
}) {
  return (
    <section>
      <TabHeading title="Content Blocks" description="Named pieces of content the site shows, such as home-announcement." />
      {rows.length === 0 ? (
        <EmptyState title="No content blocks yet" />
      ) : (
        <Table caption="Content blocks">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Type</Th>
              <Th>Description</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td className="font-medium text-ink">{r.name}</Td>
                <Td>
                  <Badge tone="brand">{r.type}</Badge>
                </Td>
                <Td>{r.description ?? "—"}</Td>
                <Td className="whitespace-nowrap">{formatDate(r.createdAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export function QaTab({
  filter,
  counts,
  rows,
}: {
  filter: "pending" | "published" | "all";
  counts: { pending: number; published: number; all: number };
  rows: { id: string; title: string; category: string; status: string; isFeatured: boolean; createdAt: Date }[];
}) {
  const filters = [
    { value: "pending", label: "Pending", n: counts.pending },
    { value: "published", label: "Published", n: counts.published },
    { value: "all", label: "All", n: counts.all },
  ] as const;
  return (
    <section>
      <TabHeading title="Q&A submissions" />
      <nav aria-label="Q&A status" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.value}
            to={`?status=${f.value}`}
            aria-current={filter === f.value ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm font-medium",
              filter === f.value ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {`${f.label} (${f.n})`}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <EmptyState title={filter === "pending" ? "No pending questions" : "No questions yet"} />
      ) : (
        <Table caption="Q&A submissions">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Category</Th>
              <Th>Status</Th>
              <Th>Submitted</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td className="font-medium text-ink">
                  {r.title} {r.isFeatured ? <Badge tone="brand">Featured</Badge> : null}
                </Td>
                <Td>{r.category}</Td>
                <Td>{r.status === "published" ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Pending</Badge>}</Td>
                <Td className="whitespace-nowrap">{formatDate(r.createdAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export function BlogsTab({
  rows,
}: {
  rows: { id: string; title: string; slug: string; category: string; isPublished: boolean; publishedAt: Date | null; createdAt: Date }[];
}) {
  return (
    <section>
      <TabHeading title="Blog posts" />
      {rows.length === 0 ? (
        <EmptyState title="No blog posts yet" />
      ) : (
        <Table caption="Blog posts">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Category</Th>
              <Th>Status</Th>
              <Th>Published</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td className="font-medium text-ink">{r.title}</Td>
                <Td>{r.category}</Td>
                <Td>
                  <Published value={r.isPublished} />
                </Td>
                <Td className="whitespace-nowrap">{formatDate(r.publishedAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

export function LeadFinderTab({ rows }: { rows: { id: string; keyword: string; leadCount: number; createdAt: Date }[] }) {
  return (
    <section>
      <TabHeading title="Lead Finder" description="Keywords and the store leads found for each." />
      {rows.length === 0 ? (
        <EmptyState title="No keywords yet" />
      ) : (
        <Table caption="Keywords">
          <thead>
            <tr>
              <Th>Keyword</Th>
              <Th>Leads</Th>
              <Th>Created</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td className="font-medium text-ink">{r.keyword}</Td>
                <Td>{r.leadCount}</Td>
                <Td className="whitespace-nowrap">{formatDate(r.createdAt)}</Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
