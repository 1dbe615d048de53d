/**
 * The dashboard home's aggregates over a period: the leads chart, the
 * onboarding funnel and the outcomes per form, four statements in one D1
 * batch (one round trip).
 */
import { personForms } from "~/lib/people";
import type { ChartDay } from "./leads-chart";
import { chartDays, leadsChartStatement, type ChartRow } from "./leads-chart.server";
import type { FormOutcome, InsightPeriod, OnboardingFunnel } from "./insights";

const DAY = 86_400_000;

/**
 * A draft row is written at the first autosave or 'Next', so a row is a start.
 * `step_completed` is the step the visitor last saved (going Back lowers it),
 * not the furthest reached: 'reached step N' counts the drafts last saved at
 * step N or later, and finished ones (the submit sets 4 and `is_completed`).
 */
const FUNNEL_SQL = `
  SELECT count(*) AS started,
         coalesce(sum(step_completed >= 1 OR is_completed), 0) AS step2,
         coalesce(sum(step_completed >= 2 OR is_completed), 0) AS step3,
         coalesce(sum(step_completed >= 3 OR is_completed), 0) AS step4,
         coalesce(sum(is_completed), 0) AS finished
    FROM onboarding_submissions WHERE created_at >= ?1`;

/**
 * Per form, the people with a submission through it in the period (a scan of
 * the covering index person_submissions (form, person_id, created_at), no
 * join); and of them, those whose status is Qualified or Customer now, or was
 * at some point (a status change to it in their events: a customer later lost
 * still counts), found from that small set through person_submissions
 * (person_id, created_at). Two statements: joining every submission to its
 * person took three times as long with 100,000 submissions.
 */
const OUTCOME_PEOPLE_SQL = `
  SELECT form, count(DISTINCT person_id) AS n FROM person_submissions WHERE created_at >= ?1 GROUP BY form`;
const OUTCOME_REACHED_SQL = `
  SELECT ps.form AS form, count(DISTINCT ps.person_id) AS n
    FROM (SELECT id FROM people WHERE status IN ('qualified', 'customer')
          UNION SELECT person_id FROM person_events WHERE kind = 'status' AND to_value IN ('qualified', 'customer')) r
    JOIN person_submissions ps ON ps.person_id = r.id AND ps.created_at >= ?1
   GROUP BY ps.form`;

export interface HomeInsights {
  chart: ChartDay[];
  days: InsightPeriod;
  /** The period's first day, UTC midnight (ms). */
  since: number;
  funnel: OnboardingFunnel;
  outcomes: FormOutcome[];
}

/** The period's first day: today counts as one of its days (as in the leads chart). */
export const periodStart = (days: number, now = Date.now()) => Math.floor(now / DAY) * DAY - (days - 1) * DAY;

export async function homeInsights(db: D1Database, days: InsightPeriod, now = Date.now()): Promise<HomeInsights> {
  const since = periodStart(days, now);
  const chart = leadsChartStatement(db, now);
  const [chartRows, funnelRows, peopleRows, reachedRows] = await db.batch([
    chart.statement,
    db.prepare(FUNNEL_SQL).bind(since),
    db.prepare(OUTCOME_PEOPLE_SQL).bind(since),
    db.prepare(OUTCOME_REACHED_SQL).bind(since),
  ]);
  const funnel = (funnelRows!.results[0] as OnboardingFunnel | undefined) ?? { started: 0, step2: 0, step3: 0, step4: 0, finished: 0 };
  type Row = { form: string; n: number };
  const reached = new Map((reachedRows!.results as Row[]).map((r) => [r.form, r.n]));
  const byForm = new Map(
    (peopleRows!.results as Row[]).map((r): [string, FormOutcome] => [
      r.form,
      { form: r.form, people: r.n, reached: reached.get(r.form) ?? 0 },
    ]),
  );
  // Every form, in the filter's order, even with nobody in the period; then any form this code does not know.
  const outcomes = [
    ...personForms.map((f) => byForm.get(f.value) ?? { form: f.value, people: 0, reached: 0 }),
    ...[...byForm.values()].filter((r) => !personForms.some((f) => f.value === r.form)),
  ];
  return { chart: chartDays(chart.start, chartRows!.results as ChartRow[]), days, since, funnel, outcomes };
}
