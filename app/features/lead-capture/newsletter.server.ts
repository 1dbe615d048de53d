/**
 * The newsletter, with double opt-in (ADR 0016).
 *
 * - Sign-up: a new address (or one that unsubscribed, or one still unconfirmed)
 *   is stored `pending` with a consent record and gets a confirmation email
 *   with a single-use link; only the token's SHA-256 is stored, and the link
 *   is sealed in the outbox row and leaves it after its first try (`secretFields`,
 *   newsletter-link.server.ts). A confirmed address gets
 *   an email saying it is already on the list. The form answers every address
 *   the same ("check your inbox"), so it tells a stranger nothing.
 * - Confirmation: a GET of the link only shows a button (mail scanners follow
 *   links); the POST moves `pending` to `confirmed` once, with the welcome email
 *   (the list's first email) and the person link, in one guarded batch. A
 *   second POST changes nothing and shows the same answer.
 * - Only `confirmed` rows are subscribed. Unconfirmed sign-ups are deleted by
 *   the cron after RETENTION_UNCONFIRMED_SIGNUP_DAYS (7 by default).
 */
import { sql } from "drizzle-orm";
import { newsletterSubscribers } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { sha256Hex } from "~/lib/crypto.server";
import { getDb } from "~/lib/db.server";
import type { StampClaim } from "~/lib/form-guard.server";
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { isUniqueViolation } from "~/lib/unique.server";
import { SOURCE_CHANNELS, type VisitSource } from "~/lib/visit-source";
import { consentStatement } from "./email-list.server";
import { newsletterAlreadySubscribedEmail, newsletterConfirmEmail, newsletterWelcomeEmail } from "./newsletter.emails";
import { newConfirmationLink } from "./newsletter-link.server";

export const NEWSLETTER_RATE_LIMIT: EdgeRateLimitRule = { name: "newsletter", binding: "FORM_RATE_LIMITER", periodSeconds: 60 };

const byEmail = (email: string) => sql`lower(trim(${newsletterSubscribers.email})) = lower(trim(${email}))`;

/**
 * A sign-up, answered the same whatever the address's state (the caller shows the confirmation
 * request). `stamp`: the post's claim on its form stamp (no Turnstile token), recorded in the batch.
 */
export async function subscribeNewsletter(
  env: Env,
  email: string,
  stamp: StampClaim | null,
  source: VisitSource | null,
  now = Date.now(),
): Promise<void> {
  const signupSource = source ? JSON.stringify(source) : null;
  const db = getDb(env);
  const existing = await db
    .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(byEmail(email))
    .get();
  if (existing?.status === "confirmed") {
    // Nothing to store: the subscriber hears, by email, that the address is already on the list (within the daily cap).
    await storeAndNotify(env, {
      label: "newsletter signup of a subscriber",
      records: () => [],
      drafts: [outboxDraft(newsletterAlreadySubscribedEmail, email, { email })],
      stamp,
    });
    return;
  }

  const { confirmUrl, tokenHash, expiresAt } = await newConfirmationLink(env, now);
  const drafts: [ReturnType<typeof outboxDraft>] = [outboxDraft(newsletterConfirmEmail, email, { email, confirmUrl })];
  try {
    if (!existing) {
      const id = crypto.randomUUID();
      await storeAndNotify(env, {
        label: "newsletter signup",
        records: (tx, d1) => [
          tx.insert(newsletterSubscribers).values({
            id,
            email,
            status: "pending",
            confirmTokenHash: tokenHash,
            confirmExpiresAt: new Date(expiresAt),
            requestedAt: new Date(now),
            signupSource,
          }),
          consentStatement(d1, email, "newsletter", now),
        ],
        drafts,
        // No person yet: an unconfirmed address may be anyone's. The confirmation links it.
        stamp,
      });
      return;
    }
    // Unconfirmed or unsubscribed: a new link (an earlier one stops working), a new consent. Guarded on the
    // status read above, so a confirmation or another sign-up at the same moment is not undone.
    await storeAndNotify(env, {
      label: "newsletter signup again",
      records: (_db, d1) => [
        d1
          .prepare(
            `UPDATE newsletter_subscribers SET status = 'pending', confirm_token_hash = ?3, confirm_expires_at = ?4, requested_at = ?5,
               confirmed_at = NULL, signup_source = ?6 WHERE id = ?1 AND status = ?2`,
          )
          .bind(existing.id, existing.status, tokenHash, expiresAt, now, signupSource),
        consentStatement(d1, email, "newsletter", now, true),
      ],
      drafts,
      onlyIfChanged: true,
      // When another request changed the row first (nothing changed here), its own email answers: the same reply.
      stamp,
    });
  } catch (error) {
    // Two sign-ups raced; the other one stored the row and sent its link.
    if (isUniqueViolation(error)) return;
    throw error;
  }
}

/** A stored sign-up source, checked again (it went through the database): null when it is not one. */
function keptSource(json: string | null): VisitSource | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<Record<keyof VisitSource, unknown>>;
    if (!SOURCE_CHANNELS.includes(value.channel as VisitSource["channel"])) return null;
    const text = (v: unknown) => (typeof v === "string" ? v : null);
    return {
      channel: value.channel as VisitSource["channel"],
      referrerHost: text(value.referrerHost),
      utmSource: text(value.utmSource),
      utmMedium: text(value.utmMedium),
      utmCampaign: text(value.utmCampaign),
      landingPage: text(value.landingPage),
      formPage: text(value.formPage),
    };
  } catch {
    return null;
  }
}

export type ConfirmationState = "pending" | "confirmed" | "expired" | "invalid";

async function findByToken(env: Env, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return env.DB.prepare(
    "SELECT id, email, status, confirm_expires_at, signup_source FROM newsletter_subscribers WHERE confirm_token_hash = ?1",
  )
    .bind(await sha256Hex(token))
    .first<{ id: string; email: string; status: string; confirm_expires_at: number | null; signup_source: string | null }>();
}

function stateOf(row: Awaited<ReturnType<typeof findByToken>>, now: number): ConfirmationState {
  if (!row || row.status === "unsubscribed") return "invalid";
  if (row.status === "confirmed") return "confirmed";
  return (row.confirm_expires_at ?? 0) > now ? "pending" : "expired";
}

/** What the link's page shows (a GET: reads only). */
export async function confirmationState(
  env: Env,
  token: string,
  now = Date.now(),
): Promise<{ state: ConfirmationState; email: string | null }> {
  const row = await findByToken(env, token);
  const state = stateOf(row, now);
  return { state, email: state === "pending" ? row!.email : null };
}

/**
 * Confirms the subscription of a link (the POST). Once: the guarded update, then the welcome
 * email and the person link only if it changed the row. A link already used answers `confirmed`.
 */
export async function confirmSubscription(env: Env, token: string, now = Date.now()): Promise<ConfirmationState> {
  const row = await findByToken(env, token);
  const state = stateOf(row, now);
  if (state !== "pending" || !row) return state;
  const tokenHash = await sha256Hex(token);
  const stored = await storeAndNotify(env, {
    label: "newsletter confirmation",
    records: (_db, d1) => [
      d1
        .prepare(
          `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = ?2, unsubscribed_at = NULL
           WHERE id = ?1 AND status = 'pending' AND confirm_token_hash = ?3 AND confirm_expires_at > ?2`,
        )
        .bind(row.id, now, tokenHash),
    ],
    drafts: [outboxDraft(newsletterWelcomeEmail, row.email, { email: row.email })],
    onlyIfChanged: true,
    // The sign-up's visit source becomes the link's (and a new person's first source): the confirmation is no visit.
    person: { email: row.email, form: "newsletter", recordId: row.id, source: keptSource(row.signup_source) },
  });
  if (stored.status === "written" && stored.results[0]?.meta.changes === 0) return stateOf(await findByToken(env, token), now);
  return "confirmed";
}

/**
 * One bounded step of the pruning: up to `limit` sign-ups still unconfirmed and asked for before
 * `before`, oldest first along `newsletter_status_requested_idx`, with their open consents (never
 * confirmed, so never in force; consents withdrawn earlier, from a past subscription, stay), in one
 * batch. A step of the privacy retention (`runRetention`, RETENTION_UNCONFIRMED_SIGNUP_DAYS).
 */
export async function deleteUnconfirmedSignups(db: D1Database, before: number, limit: number): Promise<number> {
  const stale = `SELECT %s FROM newsletter_subscribers WHERE status = 'pending' AND requested_at < ?1 ORDER BY requested_at, id LIMIT ?2`;
  const [, removed] = await db.batch([
    db
      .prepare(
        `DELETE FROM consents WHERE list = 'newsletter' AND withdrawn_at IS NULL AND email IN (${stale.replace("%s", "lower(trim(email))")})`,
      )
      .bind(before, limit),
    db.prepare(`DELETE FROM newsletter_subscribers WHERE id IN (${stale.replace("%s", "id")})`).bind(before, limit),
  ]);
  return removed?.meta.changes ?? 0;
}
