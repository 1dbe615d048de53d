import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table, Td, Th, Tr } from "~/components/ui/Table";
import { formatDateTime } from "~/components/ui/format";
import type { Paged } from "~/lib/pagination";
import { TabHeading } from "./AdminShell";
import type { OutboxListRow, OutboxStatus } from "./outbox.server";

const statusTone = { queued: "warning", sent: "success", failed: "danger" } as const;

export function OutboxTab({ status, list }: { status: OutboxStatus | null; list: Paged<OutboxListRow> }) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const filters = [
    { value: null, label: "All" },
    { value: "queued", label: "Queued" },
    { value: "sent", label: "Sent" },
    { value: "failed", label: "Failed" },
  ] as const;
  return (
    <section>
      <TabHeading title="Email outbox" description="Every notification email, with its delivery state. Failed emails can be sent again." />
      <nav aria-label="Email status" className="mb-4 flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.label}
            to={f.value ? `?status=${f.value}` : "?"}
            aria-current={status === f.value ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm font-medium",
              status === f.value ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {list.rows.length === 0 ? (
        <EmptyState title="No emails here" />
      ) : (
        <Table caption="Notification emails">
          <thead>
            <tr>
              <Th>Status</Th>
              <Th>Email</Th>
              <Th>Attempts</Th>
              <Th>Last error</Th>
              <Th>Created</Th>
              <Th>Sent / next try</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.rows.map((r) => {
              const resending = navigation.formData?.get("id") === r.id;
              return (
                <Tr key={r.id}>
                  <Td>
                    <Badge tone={statusTone[r.status]}>{r.status}</Badge>
                  </Td>
                  <Td>
                    <p className="font-medium text-ink">{r.subject}</p>
                    <p className="text-xs text-slate-600">
                      {r.kind} → {r.recipient}
                    </p>
                  </Td>
                  <Td>{r.attempts}</Td>
                  <Td className="max-w-xs break-words text-xs">{r.lastError ?? "—"}</Td>
                  <Td className="whitespace-nowrap">{formatDateTime(r.createdAt)}</Td>
                  <Td className="whitespace-nowrap">{r.sentAt ? formatDateTime(r.sentAt) : formatDateTime(r.nextAttemptAt)}</Td>
                  <Td>
                    {r.status === "failed" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={r.id} />
                        <Button type="submit" name="intent" value="resend" size="sm" disabled={resending}>
                          {resending ? "Resending..." : "Resend"}
                        </Button>
                      </Form>
                    ) : null}
                  </Td>
                </Tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} search={params.toString()} />
    </section>
  );
}
