/**
 * Email-only lists (the game waitlist, the newsletter): one row per email
 * (trimmed, lower-cased), written with its outbox emails in one D1 batch, then
 * queued. Joining again keeps the one row and sends nothing more; the
 * database holds the rule too (a unique index on the lower-cased, trimmed
 * email), so two joins at the same moment also keep one row.
 */
import { sql } from "drizzle-orm";
import type { newsletterSubscribers, waitlistEntries } from "~/db/schema";
import type { OutboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/email/store.server";
import { getDb } from "~/lib/db.server";
import { isUniqueViolation } from "~/lib/unique.server";

type EmailListTable = typeof waitlistEntries | typeof newsletterSubscribers;

export type JoinResult = { status: "joined"; outboxIds: string[]; queued: boolean } | { status: "already-joined" };

export async function joinEmailList(
  env: Env,
  table: EmailListTable,
  email: string,
  drafts: [OutboxDraft, ...OutboxDraft[]],
  form: "waitlist" | "newsletter",
): Promise<JoinResult> {
  const db = getDb(env);
  // The key of the list's unique index (migration 0007): one row per email, whatever its case or spaces.
  const existing = await db
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(trim(${table.email})) = lower(trim(${email}))`)
    .get();
  if (existing) return { status: "already-joined" };
  try {
    const id = crypto.randomUUID();
    const stored = await storeAndNotify(env, {
      label: "email list signup",
      records: (tx) => [tx.insert(table).values({ id, email })],
      drafts,
      person: { email, form, recordId: id },
    });
    return { status: "joined", outboxIds: drafts.map((d) => d.id), queued: stored.queued };
  } catch (error) {
    // Two requests raced; the other one stored the row (and its emails).
    if (isUniqueViolation(error)) return { status: "already-joined" };
    throw error;
  }
}
