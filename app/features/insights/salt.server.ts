/**
 * The day's random salt of the visitor hash (ADR 0023). Made by the first view of a UTC day (whichever isolate comes
 * first: the insert is ignored when another made it, and everyone reads the one stored), kept in the isolate's
 * memory for that day, and deleted with the day's raw views by the cron once the day is over (`closeInsightDays`).
 */
import { withD1Retry } from "~/lib/d1-retry.server";

/** `YYYY-MM-DD` of a time, in UTC: the counts' day everywhere, whatever the server's or the admin's zone. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

let kept: { day: string; salt: Promise<string> } | null = null;

function randomSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}

/** The salt of `day` (one batch of two statements per isolate and day; the isolate forgets the day before). */
export function daySalt(db: D1Database, day: string): Promise<string> {
  if (kept?.day === day) return kept.salt;
  const salt = withD1Retry("insight salt", async () => {
    const [, read] = await db.batch([
      db.prepare("INSERT INTO insight_salts (day, salt) VALUES (?1, ?2) ON CONFLICT (day) DO NOTHING").bind(day, randomSalt()),
      db.prepare("SELECT salt FROM insight_salts WHERE day = ?1").bind(day),
    ]);
    const row = (read?.results as { salt: string }[] | undefined)?.[0];
    if (!row) throw new Error("The day's salt was not stored");
    return row.salt;
  });
  kept = { day, salt };
  // A failure is not kept: the next view tries again.
  salt.catch(() => {
    if (kept?.salt === salt) kept = null;
  });
  return salt;
}

/** Rows deleted per statement by the cron, and statements per run: 20,000 raw views a run, a day's in a few runs. */
const DELETE_CHUNK = 5000;
const DELETE_STEPS = 4;

/**
 * The cron's close of the days before today (UTC): their salts, then their raw views (hashes) in bounded steps. The
 * rollups are added as views arrive, so a day's rollup is done once the day is over; a view of a closed day that
 * the queue delivers late still adds to the rollup, and may count its visitor once more.
 */
export async function closeInsightDays(env: Env, now = Date.now()): Promise<number> {
  const today = utcDay(now);
  if (kept && kept.day < today) kept = null;
  await env.DB.prepare("DELETE FROM insight_salts WHERE day < ?1").bind(today).run();
  let removed = 0;
  for (let step = 0; step < DELETE_STEPS; step++) {
    const { meta } = await env.DB.prepare(
      `DELETE FROM insight_views WHERE rowid IN (SELECT rowid FROM insight_views WHERE day < ?1 LIMIT ${DELETE_CHUNK})`,
    )
      .bind(today)
      .run();
    removed += meta.changes;
    if (meta.changes < DELETE_CHUNK) break;
  }
  return removed;
}
