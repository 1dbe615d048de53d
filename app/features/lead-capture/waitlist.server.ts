/**
 * Joining the game waitlist: one row per email (trimmed, lower-cased). The
 * entry and its two outbox emails are written in one D1 batch, then queued.
 */
import { eq } from "drizzle-orm";
import { waitlistEntries } from "~/db/schema";
import { enqueueOutbox, insertOutbox, outboxDraft } from "~/email/outbox.server";
import { getDb } from "~/lib/db.server";
import { waitlistConfirmationEmail, waitlistNoticeEmail } from "./waitlist.emails";
import type { WaitlistInput } from "./waitlist.schema";

export type JoinResult = { status: "joined"; outboxIds: string[] } | { status: "already-joined" };

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return /UNIQUE constraint failed/i.test(text);
}

export async function joinWaitlist(env: Env, { email }: WaitlistInput): Promise<JoinResult> {
  const db = getDb(env);
  const existing = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.email, email))
    .get();
  if (existing) return { status: "already-joined" };

  const drafts = [
    outboxDraft(waitlistConfirmationEmail, email, { email }),
    outboxDraft(waitlistNoticeEmail, env.NOTIFY_TO, { email }),
  ];
  try {
    await db.batch([db.insert(waitlistEntries).values({ email }), insertOutbox(db, drafts)]);
  } catch (error) {
    // Two requests raced; the other one stored the entry (and its emails).
    if (isUniqueViolation(error)) return { status: "already-joined" };
    throw error;
  }
  const ids = drafts.map((d) => d.id);
  await enqueueOutbox(env, ids);
  return { status: "joined", outboxIds: ids };
}
