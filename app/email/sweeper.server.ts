/**
 * The cron sweeper (every 5 minutes): re-queues outbox rows that never
 * reached the consumer (still `queued` 2 minutes after they were due) and
 * failed rows whose retry time has come, up to MAX_TOTAL_ATTEMPTS.
 */
import { and, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { pruneRateLimits } from "~/lib/rate-limit.server";
import { enqueueOutbox } from "./outbox.server";
import { MAX_TOTAL_ATTEMPTS, STALE_QUEUED_MS, SWEEP_LIMIT } from "./policy";

export async function sweepOutbox(env: Env, now = Date.now()): Promise<{ requeued: string[] }> {
  const db = getDb(env);
  const due = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        // Not while a consumer holds it.
        or(isNull(emailOutbox.leaseUntil), lt(emailOutbox.leaseUntil, new Date(now))),
        or(
        and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, new Date(now - STALE_QUEUED_MS))),
        and(
          eq(emailOutbox.status, "failed"),
          lt(emailOutbox.attempts, MAX_TOTAL_ATTEMPTS),
          lte(emailOutbox.nextAttemptAt, new Date(now)),
        ),
        ),
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(SWEEP_LIMIT);

  const ids = due.map((r) => r.id);
  if (ids.length > 0) {
    await db
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: new Date(now) })
      .where(and(inArray(emailOutbox.id, ids), or(eq(emailOutbox.status, "queued"), eq(emailOutbox.status, "failed"))));
    await enqueueOutbox(env, ids);
    console.log(`Outbox sweeper re-queued ${ids.length} email(s)`);
  }
  await pruneRateLimits(env.DB, now);
  return { requeued: ids };
}
