/** The email outbox as admins see it, and the Resend action for failed rows. */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { emailOutbox, outboxStatuses, type OutboxRow } from "~/db/schema";
import { enqueueOutbox } from "~/email/outbox.server";
import { visitorEmailKinds } from "~/email/registry.server";
import { AUDIT_ACTIONS, auditEntry, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { paged, type Paged } from "~/lib/pagination";

export type OutboxStatus = (typeof outboxStatuses)[number];
const OUTBOX_PAGE_SIZE = 25;

export function parseOutboxStatus(value: string | null): OutboxStatus | null {
  return outboxStatuses.includes(value as OutboxStatus) ? (value as OutboxStatus) : null;
}

export type OutboxListRow = Omit<OutboxRow, "payload" | "leaseUntil" | "channel" | "destinationId" | "broadcastId"> & {
  /** For an email to a visitor: how many visitor emails its address was sent in the last 24 h (the daily cap). */
  visitorCount: number | null;
};

export async function listOutbox(env: Env, status: OutboxStatus | null, page: number): Promise<Paged<OutboxListRow>> {
  const db = getDb(env);
  // Emails only: webhook deliveries have their own list, per destination (/admin/settings/notifications).
  const email = eq(emailOutbox.channel, "email");
  const where = status ? and(email, eq(emailOutbox.status, status)) : email;
  const kinds = JSON.stringify(visitorEmailKinds());
  const since = Date.now() - 24 * 60 * 60 * 1000;
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        recipient: emailOutbox.recipient,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        // The daily cap's count (features/submissions/store.server.ts), per row of the page: one query for the page.
        visitorCount: sql<number | null>`CASE WHEN ${emailOutbox.kind} IN (SELECT value FROM json_each(${kinds})) THEN
          (SELECT count(*) FROM email_outbox o WHERE o.created_at > ${since} AND lower(o.recipient) = lower("email_outbox"."recipient")
            AND o.status <> 'capped' AND o.kind IN (SELECT value FROM json_each(${kinds}))) END`,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), emailOutbox.id)
      .limit(OUTBOX_PAGE_SIZE)
      .offset((page - 1) * OUTBOX_PAGE_SIZE),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return paged(rows, total?.n ?? 0, page, OUTBOX_PAGE_SIZE);
}

/** Puts a failed email back on the queue. Returns false if it was not failed. */
export async function resendFailed(env: Env, id: string, actor: Actor): Promise<boolean> {
  const db = getDb(env);
  const failed = and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed"));
  const [, updated] = await db.batch([
    // Recorded only when the email is failed, so the update below re-queues it: the same condition, first.
    auditEntry(
      db,
      { action: AUDIT_ACTIONS.outboxResend, actor, resource: "outbox", recordId: id },
      sql`EXISTS (SELECT 1 FROM ${emailOutbox} WHERE ${failed})`,
    ),
    db.update(emailOutbox).set({ status: "queued", nextAttemptAt: new Date() }).where(failed).returning({ id: emailOutbox.id }),
  ]);
  if (updated.length === 0) return false;
  await enqueueOutbox(env, [id]);
  return true;
}
