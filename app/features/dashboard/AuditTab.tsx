import { Form, useSearchParams } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Options } from "~/components/ui/Field";
import { FilterInput, FilterSelect } from "~/components/ui/FilterField";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table } from "~/components/ui/Table";
import { formatDateTime } from "~/lib/format";
import type { Paged } from "~/lib/pagination";
import { TabHeading } from "./AdminShell";
import { auditQuery, detailText, NO_ACTOR, type AuditFilters } from "./audit";
import type { AuditListRow } from "./audit.server";

/** The audit log: a GET form of filters (works without JavaScript), the count, the entries and the pages. */
export function AuditTab({
  filters,
  list,
  admins,
  actions,
}: {
  filters: AuditFilters;
  list: Paged<AuditListRow>;
  admins: string[];
  actions: string[];
}) {
  const [params] = useSearchParams();
  const query = auditQuery(filters);
  // A filtered value the log no longer holds still shows as chosen.
  const adminOptions = filters.admin && filters.admin !== NO_ACTOR && !admins.includes(filters.admin) ? [filters.admin, ...admins] : admins;
  const actionOptions = filters.action && !actions.includes(filters.action) ? [filters.action, ...actions] : actions;
  return (
    <section>
      <TabHeading
        title="Audit log"
        description="Every admin write, export and sign-in: who, what, which record, when (UTC) and from which address."
        actions={
          <a href={`/admin/audit.csv${query ? `?${query}` : ""}`} className={buttonClasses({ variant: "secondary", size: "sm" })} download>
            Export CSV
          </a>
        }
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
        <FilterSelect id="audit-admin" label="Admin" name="admin" value={filters.admin ?? ""}>
          <Options
            options={[
              { value: NO_ACTOR, label: "Nobody signed in (failed sign-ins)" },
              ...adminOptions.map((email) => ({ value: email, label: email })),
            ]}
            empty="Every admin"
          />
        </FilterSelect>
        <FilterSelect id="audit-action" label="Action" name="action" value={filters.action ?? ""}>
          <Options options={actionOptions.map((action) => ({ value: action, label: action }))} empty="Every action" />
        </FilterSelect>
        <FilterInput id="audit-email" label="About an address" name="email" type="email" value={filters.email ?? ""} />
        <FilterInput id="audit-from" label="From (UTC)" name="from" type="date" value={filters.from ?? ""} />
        <FilterInput id="audit-to" label="To (UTC, included)" name="to" type="date" value={filters.to ?? ""} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <p className="mb-3 text-sm text-slate-600" data-testid="audit-count">
        {list.total === 1 ? "1 entry" : `${list.total} entries`}
      </p>
      <Table
        caption="Audit log entries, newest first"
        rows={list.rows}
        rowKey={(r) => r.id}
        empty={<EmptyState title="No entries">Nothing matches these filters.</EmptyState>}
        columns={[
          { header: "When", cell: (r) => formatDateTime(r.at), className: "whitespace-nowrap" },
          { header: "Admin", cell: (r) => r.actorEmail ?? "Nobody signed in", className: "font-medium text-ink", card: "title" },
          { header: "Action", cell: (r) => <Badge tone={r.action.endsWith(".failure") ? "warning" : "brand"}>{r.action}</Badge> },
          {
            header: "Record",
            cell: (r) => (r.resource || r.recordId ? [r.resource, r.recordId].filter(Boolean).join(" · ") : "—"),
            className: "max-w-xs break-all",
          },
          { header: "Address", cell: (r) => r.address ?? "—", className: "whitespace-nowrap" },
          { header: "Detail", cell: (r) => detailText(r.detail) || "—", className: "max-w-xs break-words" },
        ]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} search={params.toString()} />
    </section>
  );
}
