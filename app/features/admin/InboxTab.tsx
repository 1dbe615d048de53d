import { Form, useSearchParams } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { inputClasses, Options } from "~/components/ui/Field";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table } from "~/components/ui/Table";
import { formatDateTime } from "~/components/ui/format";
import type { Paged } from "~/lib/pagination";
import { TabHeading } from "./AdminShell";
import { inboxKinds, type InboxKind } from "./inbox";
import type { InboxRow } from "./inbox.server";

const kindLabel = (k: InboxKind) => inboxKinds.find((x) => x.value === k)?.label ?? k;

export function InboxTab({ kind, list }: { kind: InboxKind | null; list: Paged<InboxRow> }) {
  const [params] = useSearchParams();
  const exportHref = `/admin/inbox.csv${kind ? `?kind=${kind}` : ""}`;
  return (
    <section>
      <TabHeading
        title="Inbox"
        description="Every lead captured by the site's forms, newest first."
        actions={
          <a href={exportHref} className={buttonClasses({ variant: "secondary", size: "sm" })} download>
            Export CSV
          </a>
        }
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="inbox-kind" className="mb-1 block text-sm font-medium text-ink">
            Kind
          </label>
          <select id="inbox-kind" name="kind" defaultValue={kind ?? ""} className={inputClasses}>
            <Options options={inboxKinds} empty="All kinds" />
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <p className="mb-3 text-sm text-slate-600">{list.total === 1 ? "1 lead" : `${list.total} leads`}</p>
      <Table
        caption="Captured leads"
        rows={list.rows}
        rowKey={(r) => `${r.kind}-${r.id}`}
        empty={<EmptyState title="No leads yet">Leads from every form on the site appear here.</EmptyState>}
        columns={[
          { header: "Kind", cell: (r) => <Badge tone="brand">{kindLabel(r.kind)}</Badge> },
          { header: "Email", cell: (r) => r.email, className: "font-medium text-ink", card: "title" },
          { header: "Name", cell: (r) => r.name || "—" },
          { header: "Details", cell: (r) => r.detail || "—", className: "max-w-xs break-words" },
          { header: "Received", cell: (r) => formatDateTime(r.created_at), className: "whitespace-nowrap" },
        ]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} search={params.toString()} />
    </section>
  );
}
