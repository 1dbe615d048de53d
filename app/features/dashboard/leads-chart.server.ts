/** Leads captured per day over the last 30 days, by kind: one aggregate query (not one per day). */
import { CHART_DAYS, CHART_KINDS, type ChartDay, type ChartKind } from "./leads-chart";
const DAY = 86_400_000;

// D1 allows at most five terms in one compound SELECT: two smaller unions, joined.
const CHART_SQL = `
  SELECT kind, CAST((created_at - ?1) / ${DAY} AS INTEGER) AS day, count(*) AS n FROM (
    SELECT * FROM (
      SELECT 'onboarding' AS kind, created_at FROM onboarding_submissions WHERE created_at >= ?1
      UNION ALL SELECT 'lead-magnet', created_at FROM lead_magnet_submissions WHERE created_at >= ?1
      UNION ALL SELECT 'waitlist', created_at FROM waitlist_entries WHERE created_at >= ?1
      UNION ALL SELECT 'newsletter', created_at FROM newsletter_subscribers WHERE created_at >= ?1 AND status = 'confirmed')
    UNION ALL SELECT * FROM (
      SELECT 'contact', created_at FROM contact_messages WHERE created_at >= ?1
      UNION ALL SELECT 'premium', created_at FROM premium_access_requests WHERE created_at >= ?1
      UNION ALL SELECT 'question', created_at FROM qa_submissions WHERE created_at >= ?1)
  ) GROUP BY kind, day`;

export type ChartRow = { kind: ChartKind; day: number; n: number };

/** The chart's query, to run alone or in a batch with the home's other aggregates; `start` is its first day (UTC midnight). */
export function leadsChartStatement(db: D1Database, now = Date.now()) {
  const start = Math.floor(now / DAY) * DAY - (CHART_DAYS - 1) * DAY;
  return { start, statement: db.prepare(CHART_SQL).bind(start) };
}

/** The query's rows as 30 days, empty days included. */
export function chartDays(start: number, results: ChartRow[]): ChartDay[] {
  const days: ChartDay[] = Array.from({ length: CHART_DAYS }, (_, i) => ({
    date: new Date(start + i * DAY).toISOString().slice(0, 10),
    counts: Object.fromEntries(CHART_KINDS.map((k) => [k.key, 0])) as Record<ChartKind, number>,
    total: 0,
  }));
  for (const r of results) {
    const day = days[r.day];
    if (!day) continue;
    day.counts[r.kind] += r.n;
    day.total += r.n;
  }
  return days;
}

export async function leadsPerDay(env: Env, now = Date.now()): Promise<ChartDay[]> {
  const { start, statement } = leadsChartStatement(env.DB, now);
  const { results } = await statement.all<ChartRow>();
  return chartDays(start, results);
}
