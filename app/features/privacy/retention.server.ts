/**
 * Retention, run by the cron (server.ts `scheduled`, every 5 minutes; ADR 0014).
 * Each period is a var in wrangler.toml, in days, with the defaults:
 * - RETENTION_EMAIL_BODY_DAYS (30): a sent email's body (the outbox payload,
 *   which holds the form's answers) is emptied, its subject (a team notice's
 *   names the visitor) becomes the template's kind, its last error goes. The
 *   row keeps kind, recipient, status, attempts and times: the record that an
 *   email went, shown on the person's timeline. The recipient stays on purpose:
 *   it is the one field that says whom the site wrote to, and an erasure
 *   removes it on request. Queued and failed rows keep their body until they
 *   are sent (a resend needs it).
 * - RETENTION_ONBOARDING_DRAFT_DAYS (90): an onboarding draft never finished
 *   and untouched for that long is deleted (drafts link to no person).
 * - RETENTION_UNCONFIRMED_SIGNUP_DAYS (7): newsletter sign-ups never
 *   confirmed (the newsletter's `deleteUnconfirmedSignups`, its consents with it).
 *
 * Bounded: each task runs at most `RETENTION_ROUNDS` statements of
 * `RETENTION_BATCH` rows, oldest first along an index, so a run is a handful
 * of D1 queries whatever the backlog; a backlog goes over the next runs.
 */

import { deleteUnconfirmedSignups } from "~/features/lead-capture/index.server";

const DAY = 86_400_000;

export const RETENTION_DEFAULT_DAYS = { emailBody: 30, onboardingDraft: 90, unconfirmedSignup: 7 } as const;

/** Rows per statement, and statements per task and run: at most 2 × 3 queries a run. */
export const RETENTION_BATCH = 500;
export const RETENTION_ROUNDS = 2;

type RetentionEnv = Pick<Env, "RETENTION_EMAIL_BODY_DAYS" | "RETENTION_ONBOARDING_DRAFT_DAYS" | "RETENTION_UNCONFIRMED_SIGNUP_DAYS">;

const days = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 1 ? Math.floor(n) : fallback;
};

/** The periods in days, from the vars (a missing or invalid one takes its default). */
export function retentionDays(env: Partial<RetentionEnv>) {
  return {
    emailBody: days(env.RETENTION_EMAIL_BODY_DAYS, RETENTION_DEFAULT_DAYS.emailBody),
    onboardingDraft: days(env.RETENTION_ONBOARDING_DRAFT_DAYS, RETENTION_DEFAULT_DAYS.onboardingDraft),
    unconfirmedSignup: days(env.RETENTION_UNCONFIRMED_SIGNUP_DAYS, RETENTION_DEFAULT_DAYS.unconfirmedSignup),
  };
}

/** One task's statement: changes up to `limit` rows made before `before`, returns how many it changed. */
export type RetentionStep = (db: D1Database, before: number, limit: number) => Promise<number>;

/**
 * Sent emails' bodies, oldest first along the partial index `outbox_body_kept_idx` (only rows whose body is
 * still there), named so the planner never prefers the status index and walks every cleared row.
 */
export const clearEmailBodies: RetentionStep = async (db, before, limit) => {
  const { meta } = await db
    .prepare(
      `UPDATE email_outbox SET payload = '{}', subject = kind, last_error = NULL
        WHERE id IN (SELECT id FROM email_outbox INDEXED BY outbox_body_kept_idx WHERE status = 'sent' AND payload <> '{}' AND created_at < ?1 ORDER BY created_at LIMIT ?2)`,
    )
    .bind(before, limit)
    .run();
  return meta.changes;
};

/** Unfinished drafts made and last changed before `before`, along the (is_completed, created_at) index. */
export const deleteOnboardingDrafts: RetentionStep = async (db, before, limit) => {
  const { meta } = await db
    .prepare(
      `DELETE FROM onboarding_submissions WHERE id IN (
         SELECT id FROM onboarding_submissions WHERE is_completed = 0 AND created_at < ?1 AND updated_at < ?1 ORDER BY created_at LIMIT ?2)`,
    )
    .bind(before, limit)
    .run();
  return meta.changes;
};

async function inRounds(step: RetentionStep, db: D1Database, before: number, rounds: number, batch: number): Promise<number> {
  let changed = 0;
  for (let round = 0; round < rounds; round++) {
    const n = await step(db, before, batch);
    changed += n;
    if (n < batch) break;
  }
  return changed;
}

export interface RetentionResult {
  emailBodies: number;
  onboardingDrafts: number;
  unconfirmedSignups: number;
}

/** One cron run of every retention task, at `now` (the cron's scheduled time). */
export async function runRetention(
  env: Pick<Env, "DB"> & Partial<RetentionEnv>,
  now = Date.now(),
  { rounds = RETENTION_ROUNDS, batch = RETENTION_BATCH } = {},
): Promise<RetentionResult> {
  const period = retentionDays(env);
  const before = (d: number) => now - d * DAY;
  const emailBodies = await inRounds(clearEmailBodies, env.DB, before(period.emailBody), rounds, batch);
  const onboardingDrafts = await inRounds(deleteOnboardingDrafts, env.DB, before(period.onboardingDraft), rounds, batch);
  const unconfirmedSignups = await inRounds(deleteUnconfirmedSignups, env.DB, before(period.unconfirmedSignup), rounds, batch);
  return { emailBodies, onboardingDrafts, unconfirmedSignups };
}
