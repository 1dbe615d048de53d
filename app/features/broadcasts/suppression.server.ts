/**
 * The suppression list (ADR 0025): addresses no marketing email goes to, after a hard bounce or a complaint reported
 * by the email provider. Broadcasts leave them out of the audience and skip them at send time; the follow-up
 * sequences ask `isSuppressed` before each step. An admin can lift a suppression (audit logged).
 */
import { eq, sql } from "drizzle-orm";
import { emailSuppressions, suppressionReasons } from "~/db/schema";
import { auditEntry, emailHash, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";

export type SuppressionReason = (typeof suppressionReasons)[number];

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  detail: string | null;
  createdAt: Date;
}

const normalise = (email: string) => email.trim().toLowerCase();

/** Whether marketing email to this address is suppressed (a hard bounce or a complaint). One indexed read. */
export async function isSuppressed(env: Pick<Env, "DB">, email: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT 1 AS found FROM email_suppressions WHERE email = ?1").bind(normalise(email)).first();
  return row !== null;
}

/**
 * The batch form of `isSuppressed`, for a sender that checks many addresses in one D1 round trip: the statement
 * (for the sender's own `batch()`, one bound parameter whatever the count) and the reading of its result, the
 * suppressed addresses among them (normalised).
 */
export function suppressedAmongStatement(d1: D1Database, emails: readonly string[]): D1PreparedStatement {
  return d1
    .prepare("SELECT email FROM email_suppressions WHERE email IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify([...new Set(emails.map(normalise))]));
}

export function suppressedAmong(result: D1Result | undefined): Set<string> {
  return new Set(((result?.results ?? []) as { email: string }[]).map((r) => r.email));
}

/** The address's suppression, for the person page. */
export async function suppressionOf(env: Pick<Env, "DB">, email: string): Promise<Suppression | null> {
  const row = await getDb(env as Env)
    .select()
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, normalise(email)))
    .get();
  return row ?? null;
}

/**
 * The statement that suppresses an address (for a batch). A complaint outranks a bounce; a second event of the same
 * kind changes nothing, so a provider's retried event is harmless.
 */
export function suppressStatement(d1: D1Database, email: string, reason: SuppressionReason, detail: string | null, at: number) {
  return d1
    .prepare(
      `INSERT INTO email_suppressions (email, reason, detail, created_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (email) DO UPDATE SET reason = excluded.reason, detail = excluded.detail
       WHERE email_suppressions.reason = 'hard-bounce' AND excluded.reason = 'complaint'`,
    )
    .bind(normalise(email), reason, detail?.slice(0, 500) ?? null, at);
}

/**
 * Lifts an address's suppression, with its audit entry in the same batch (only when there was one to lift; the entry
 * names the person, when known, and the address by its keyed hash, never in clear). Returns whether there was one.
 */
export async function liftSuppression(env: Env, email: string, actor: Actor, personId: string | null = null): Promise<boolean> {
  const db = getDb(env);
  const address = normalise(email);
  const exists = sql`EXISTS (SELECT 1 FROM email_suppressions WHERE email = ${address})`;
  const detail = { email: await emailHash(env, address) };
  const [, deleted] = await db.batch([
    auditEntry(db, { action: "suppressions.lift", actor, resource: "suppressions", recordId: personId, detail }, exists),
    db.delete(emailSuppressions).where(eq(emailSuppressions.email, address)).returning({ email: emailSuppressions.email }),
  ]);
  return deleted.length > 0;
}
