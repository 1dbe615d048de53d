import { useSearchParams } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Pagination } from "~/components/ui/Pagination";
import { RowAction } from "~/components/ui/RowAction";
import { EmptyState, Table } from "~/components/ui/Table";
import { formatDateTime } from "~/lib/format";
import type { Paged } from "~/lib/pagination";
import { FilterPills, TabHeading } from "./AdminShell";
import { VISITOR_EMAIL_CAP } from "~/email/policy";
import type { OutboxListRow, OutboxStatus } from "./outbox.server";

const statusTone = {
  queued: "warning",
  sent: "success",
  failed: "danger",
  capped: "neutral",
  held: "neutral",
  skipped: "neutral",
} as const;

export function OutboxTab({ status, list }: { status: OutboxStatus | null; list: Paged<OutboxListRow> }) {
  const [params] = useSearchParams();
  const filters = [
    { value: null, label: "All" },
    { value: "queued", label: "Queued" },
    { value: "sent", label: "Sent" },
    { value: "failed", label: "Failed" },
    { value: "capped", label: "Capped" },
  ] as const;
  return (
    <section>
      <TabHeading
        title="Email outbox"
        description={`Every notification email, with its delivery state. Failed emails can be sent again. One address gets at most ${VISITOR_EMAIL_CAP} emails a day from the public forms; past that they are capped, never sent.`}
      />
      <FilterPills
        label="Email status"
        items={filters.map((f) => ({ to: f.value ? `?status=${f.value}` : "?", label: f.label, active: status === f.value }))}
      />
      <Table
        caption="Notification emails"
        rows={list.rows}
        rowKey={(r) => r.id}
        empty={<EmptyState title="No emails here" />}
        columns={[
          { header: "Status", cell: (r) => <Badge tone={statusTone[r.status]}>{r.status}</Badge> },
          {
            header: "Email",
            card: "title",
            cell: (r) => (
              <>
                <p className="font-medium text-ink">{r.subject}</p>
                <p className="text-xs text-slate-600">
                  {r.kind} → {r.recipient}
                </p>
              </>
            ),
          },
          {
            header: "To this address, 24 h",
            cell: (r) => (r.visitorCount === null ? "—" : `${r.visitorCount} of ${VISITOR_EMAIL_CAP}`),
            className: "whitespace-nowrap",
          },
          { header: "Attempts", cell: (r) => r.attempts },
          { header: "Last error", cell: (r) => r.lastError ?? "—", className: "max-w-xs break-words text-xs" },
          { header: "Created", cell: (r) => formatDateTime(r.createdAt), className: "whitespace-nowrap" },
          {
            header: "Sent / next try",
            cell: (r) => formatDateTime(r.sentAt ?? r.nextAttemptAt),
            className: "whitespace-nowrap",
          },
          {
            header: "Actions",
            hideHeader: true,
            card: "actions",
            cell: (r) =>
              r.status === "failed" ? (
                <RowAction intent="resend" name="id" value={r.id} label="Resend" busyLabel="Resending..." variant="primary" />
              ) : null,
          },
        ]}
      />
      <Pagination page={list.page} pageCount={list.pageCount} search={params.toString()} />
    </section>
  );
}
