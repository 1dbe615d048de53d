/**
 * Submissions per closed UTC day (ADR 0023), for Insights: `insight_submission_totals` holds, for each day the cron
 * has rolled, the day's submissions in all and per form, form page, source and campaign (SUBMISSION_SCOPES). The
 * cron rolls each day once it is over (`rollSubmissionDays`), in order from the first submission's day, so the rolled
 * days are every day up to the latest `day` row; Insights reads the totals for those and `person_submissions` only
 * after them (today, and yesterday until it is rolled), so its figures are exact and current.
 *
 * A roll replaces its days whole in one batch (delete, then insert from `person_submissions`): running it twice, or
 * two runs at once, counts each submission once. A run that missed days (the cron down, a failed run) catches up,
 * up to ROLL_DAYS × ROLL_STEPS days a run. Erasure (ADR 0014) deletes a person's submissions, not a rolled day's
 * numbers: the totals name no one, as the views' rollups.
 */
import { utcDay } from "./salt.server";
import { DAY } from "./insights";
import { SUBMISSION_SCOPES } from "./views";

/** Days rolled per batch, and batches per cron run: a year of history in three runs, each batch a month at most. */
export const ROLL_DAYS = 31;
const ROLL_STEPS = 4;
/**
 * How long after midnight UTC a day is rolled. A submission's time is taken in the Worker before its batch reaches
 * D1, so one stamped just before midnight may be written just after: an hour is far more than that takes.
 */
export const ROLL_GRACE_MS = 3_600_000;

/** A stored form page (path and query) as its path. */
export const PAGE_OF_FORM = `CASE WHEN instr(form_page, '?') > 0 THEN substr(form_page, 1, instr(form_page, '?') - 1) ELSE form_page END`;
/** A submission's source, as Insights groups it: the channel, and the campaign's source or the referrer's host. */
export const CHANNEL_OF = "coalesce(channel, '')";
export const SOURCE_OF = "coalesce(utm_source, referrer_host, '')";

/** The latest day rolled, '' before the first roll: a constant subquery (one seek of the key). */
export const ROLLED_THROUGH = `(SELECT coalesce(max(day), '') FROM insight_submission_totals WHERE scope = '${SUBMISSION_SCOPES.day}')`;
/** The first millisecond after the rolled days (0 before the first roll): where the submissions are read live. */
export const LIVE_FROM = `(SELECT coalesce((unixepoch(max(day)) + 86400) * 1000, 0) FROM insight_submission_totals WHERE scope = '${SUBMISSION_SCOPES.day}')`;

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => utcDay(dayMs(day) + days * DAY);

const COLUMNS = "(scope, day, form, path, channel, source, campaign, submissions)";
const DAY_OF = "date(created_at / 1000, 'unixepoch')";
const IN_DAYS = "created_at >= ?1 AND created_at < ?2";

/**
 * Rolls the days from `from` to `to` (inclusive), replacing what they held: one batch, so a day is rolled whole or
 * not at all. Each scope reads the days' submissions once through `person_submissions_insights_idx`.
 */
export async function rollSubmissionRange(db: D1Database, from: string, to: string): Promise<void> {
  const start = dayMs(from);
  const end = dayMs(to) + DAY;
  const grouped = (scope: string, columns: string, where = "") =>
    db
      .prepare(
        `INSERT INTO insight_submission_totals ${COLUMNS}
         SELECT '${scope}', ${DAY_OF}, ${columns}, count(*) FROM person_submissions WHERE ${IN_DAYS} ${where} GROUP BY 2, 3, 4, 5, 6, 7`,
      )
      .bind(start, end);
  const scopes = Object.values(SUBMISSION_SCOPES)
    .map((s) => `'${s}'`)
    .join(", ");
  await db.batch([
    db.prepare(`DELETE FROM insight_submission_totals WHERE scope IN (${scopes}) AND day BETWEEN ?1 AND ?2`).bind(from, to),
    // A row for every day, 0 included: the latest says how far the days are rolled.
    db
      .prepare(
        `WITH RECURSIVE days (day) AS (SELECT ?1 UNION ALL SELECT date(day, '+1 day') FROM days WHERE day < ?2)
         INSERT INTO insight_submission_totals ${COLUMNS}
         SELECT '${SUBMISSION_SCOPES.day}', day, '', '', '', '', '',
           (SELECT count(*) FROM person_submissions WHERE created_at >= unixepoch(day) * 1000 AND created_at < unixepoch(day, '+1 day') * 1000)
         FROM days`,
      )
      .bind(from, to),
    grouped(SUBMISSION_SCOPES.form, "form, '', '', '', ''"),
    grouped(SUBMISSION_SCOPES.page, `'', ${PAGE_OF_FORM}, '', '', ''`, "AND form_page IS NOT NULL"),
    grouped(SUBMISSION_SCOPES.source, `'', '', ${CHANNEL_OF}, ${SOURCE_OF}, ''`),
    grouped(SUBMISSION_SCOPES.campaign, "'', '', '', '', utm_campaign", "AND utm_campaign IS NOT NULL"),
  ]);
}

/**
 * The cron's roll of the closed days not rolled yet (ROLL_GRACE_MS after their midnight), in order from the day after
 * the latest rolled, or from the first submission's day: up to ROLL_STEPS batches of ROLL_DAYS days. Returns the
 * days rolled.
 */
export async function rollSubmissionDays(db: D1Database, now = Date.now()): Promise<number> {
  const last = addDays(utcDay(now - ROLL_GRACE_MS), -1);
  let rolled = 0;
  for (let step = 0; step < ROLL_STEPS; step++) {
    const state = await db
      .prepare(
        `SELECT (SELECT max(day) FROM insight_submission_totals WHERE scope = '${SUBMISSION_SCOPES.day}') AS rolled,
           (SELECT min(created_at) FROM person_submissions) AS first`,
      )
      .first<{ rolled: string | null; first: number | null }>();
    const from = state?.rolled ? addDays(state.rolled, 1) : state?.first != null ? utcDay(state.first) : null;
    if (!from || from > last) break;
    const full = addDays(from, ROLL_DAYS - 1);
    const to = full < last ? full : last;
    await rollSubmissionRange(db, from, to);
    rolled += Math.round((dayMs(to) - dayMs(from)) / DAY) + 1;
  }
  return rolled;
}
