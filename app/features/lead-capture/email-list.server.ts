/**
 * Email-only lists (the game waitlist, the newsletter): one row per email
 * (trimmed, lower-cased), written with its consent record and its outbox
 * emails in one D1 batch, then queued. The database holds the one-row rule too
 * (a unique index on the lower-cased, trimmed email), so two joins at the same
 * moment also keep one row.
 *
 * Every join records consent (`consents`: the list, the privacy notice's
 * version, when); unsubscribing withdraws it (`unsubscribeFromList`). The
 * newsletter's double opt-in is in newsletter.server.ts.
 */
import type { VisitSource } from "~/lib/visit-source";
import { sql } from "drizzle-orm";
import { waitlistEntries } from "~/db/schema";
import type { OutboxDraft } from "~/email/outbox.server";
import { MAX_TOTAL_ATTEMPTS, UNSUBSCRIBED_ERROR } from "~/email/policy";
import { storeAndNotify } from "~/features/submissions/index.server";
import { PRIVACY_NOTICE } from "~/features/privacy";
import { getDb } from "~/lib/db.server";
import type { StampClaim } from "~/lib/form-guard.server";
import type { EmailList } from "~/lib/email-lists";
import { isUniqueViolation } from "~/lib/unique.server";
import { newsletterAlreadySubscribedEmail, newsletterConfirmEmail, newsletterWelcomeEmail } from "./newsletter.emails";
import { waitlistConfirmationEmail } from "./waitlist.emails";
import { blockedAddressStatement, SEQUENCE_STEP_KIND } from "~/features/sequences/index.server";

export type JoinResult = { status: "joined"; outboxIds: string[]; queued: boolean } | { status: "already-joined" };

/**
 * The consent of one sign-up, for the sign-up's batch. `guarded`: written only if the statement
 * just before it changed a row (a guarded update such as a re-join), like the emails after it.
 */
export function consentStatement(d1: D1Database, email: string, list: EmailList, at: number, guarded = false): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO consents (id, email, list, notice_version, given_at)
       SELECT ?1, lower(trim(?2)), ?3, ?4, ?5 WHERE ?6 = 0 OR changes() = 1`,
    )
    .bind(crypto.randomUUID(), email, list, PRIVACY_NOTICE.version, at, guarded ? 1 : 0);
}

/**
 * Joins the game waitlist: a new address gets its entry, its consent and the emails; one that
 * unsubscribed joins again (the same row, a new consent, the emails again); one on the list
 * hears the usual success and nothing is sent (its `stamp` is spent by the form action).
 */
export async function joinWaitlistList(
  env: Env,
  email: string,
  drafts: [OutboxDraft, ...OutboxDraft[]],
  stamp: StampClaim | null,
  source: VisitSource,
): Promise<JoinResult> {
  const db = getDb(env);
  const existing = await db
    .select({ id: waitlistEntries.id, unsubscribedAt: waitlistEntries.unsubscribedAt })
    .from(waitlistEntries)
    .where(sql`lower(trim(${waitlistEntries.email})) = lower(trim(${email}))`)
    .get();
  if (existing && !existing.unsubscribedAt) return { status: "already-joined" };
  const now = Date.now();
  try {
    if (existing) {
      // Back after unsubscribing: guarded, so two re-joins at once send one set of emails.
      const stored = await storeAndNotify(env, {
        label: "waitlist re-join",
        records: (_db, d1) => [
          d1.prepare("UPDATE waitlist_entries SET unsubscribed_at = NULL WHERE id = ?1 AND unsubscribed_at IS NOT NULL").bind(existing.id),
          consentStatement(d1, email, "waitlist", now, true),
        ],
        drafts,
        onlyIfChanged: true,
        person: { email, form: "waitlist", recordId: existing.id, source },
        stamp,
      });
      return { status: "joined", outboxIds: drafts.map((d) => d.id), queued: stored.queued };
    }
    const id = crypto.randomUUID();
    const stored = await storeAndNotify(env, {
      label: "email list signup",
      records: (tx, d1) => [tx.insert(waitlistEntries).values({ id, email }), consentStatement(d1, email, "waitlist", now)],
      drafts,
      person: { email, form: "waitlist", recordId: id, source },
      stamp,
    });
    return { status: "joined", outboxIds: drafts.map((d) => d.id), queued: stored.queued };
  } catch (error) {
    // Two requests raced; the other one stored the row (and its emails).
    if (isUniqueViolation(error)) return { status: "already-joined" };
    throw error;
  }
}

/** The kinds of email each list sends its members: cancelled when they unsubscribe. */
const LIST_KINDS: Record<EmailList, string[]> = {
  newsletter: [newsletterConfirmEmail.kind, newsletterWelcomeEmail.kind, newsletterAlreadySubscribedEmail.kind],
  waitlist: [waitlistConfirmationEmail.kind],
  "follow-up": [SEQUENCE_STEP_KIND],
};

/** The statement that marks the address as gone from the list. */
function leaveListStatement(d1: D1Database, list: EmailList, email: string, now: number): D1PreparedStatement {
  if (list === "newsletter")
    return d1
      .prepare(
        `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = ?2, confirm_token_hash = NULL, confirm_expires_at = NULL
         WHERE lower(trim(email)) = lower(trim(?1)) AND status != 'unsubscribed'`,
      )
      .bind(email, now);
  if (list === "follow-up")
    return d1
      .prepare("INSERT INTO sequence_unsubscribes (email, unsubscribed_at) VALUES (lower(trim(?1)), ?2) ON CONFLICT DO NOTHING")
      .bind(email, now);
  return d1
    .prepare("UPDATE waitlist_entries SET unsubscribed_at = ?2 WHERE lower(trim(email)) = lower(trim(?1)) AND unsubscribed_at IS NULL")
    .bind(email, now);
}

/**
 * Unsubscribes an address from a list, in one batch: the member row is marked, its open
 * consents withdrawn, and the list's emails to it not sent yet (queued, or failed and due
 * for a retry) are cancelled: failed, with no attempts left for the sweeper. Acts once:
 * a second call changes nothing. Returns whether this call unsubscribed it.
 */
export async function unsubscribeFromList(env: Env, list: EmailList, email: string, now = Date.now()): Promise<boolean> {
  const d1 = env.DB;
  const member = leaveListStatement(d1, list, email, now);
  const kinds = LIST_KINDS[list];
  const [changed] = await d1.batch([
    member,
    // Leaving the follow-up emails is for good: a keyed hash of the address outlives an erasure (ADR 0024).
    ...(list === "follow-up" ? [await blockedAddressStatement(env, email, "unsubscribed", now)] : []),
    d1
      .prepare("UPDATE consents SET withdrawn_at = ?3 WHERE email = lower(trim(?1)) AND list = ?2 AND withdrawn_at IS NULL")
      .bind(email, list, now),
    d1
      .prepare(
        `UPDATE email_outbox SET status = 'failed', attempts = max(attempts, ?3), last_error = ?4, lease_until = NULL
         WHERE recipient = lower(trim(?1)) AND status != 'sent' AND kind IN (${kinds.map((_, i) => `?${i + 5}`).join(", ")})`,
      )
      .bind(email, list, MAX_TOTAL_ATTEMPTS, UNSUBSCRIBED_ERROR, ...kinds),
  ]);
  return (changed?.meta.changes ?? 0) > 0;
}

/** Where the address stands with the list: a member, one who unsubscribed, or never on it (reads only). */
async function listState(env: Env, list: EmailList, email: string): Promise<"on" | "left" | null> {
  const sql =
    list === "newsletter"
      ? "SELECT status = 'unsubscribed' AS left_list FROM newsletter_subscribers WHERE lower(trim(email)) = lower(trim(?1))"
      : list === "follow-up"
        ? "SELECT EXISTS (SELECT 1 FROM sequence_unsubscribes WHERE email = lower(trim(?1))) AS left_list"
        : "SELECT unsubscribed_at IS NOT NULL AS left_list FROM waitlist_entries WHERE lower(trim(email)) = lower(trim(?1))";
  const row = await env.DB.prepare(sql).bind(email).first<{ left_list: number }>();
  return row === null ? null : row.left_list ? "left" : "on";
}

/**
 * Whether the address has unsubscribed from the list: its emails are then never sent (the consumer checks
 * at send time). An address the list never had is not "unsubscribed".
 */
export const hasUnsubscribed = async (env: Env, list: EmailList, email: string) => (await listState(env, list, email)) === "left";

/** Whether the address still gets this list's email (what the unsubscribe page's GET shows). */
export const isOnList = async (env: Env, list: EmailList, email: string) => (await listState(env, list, email)) === "on";
