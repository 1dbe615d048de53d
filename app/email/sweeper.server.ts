/**
 * The cron sweeper (every 5 minutes): re-queues outbox rows that never
 * reached the consumer (still `queued` 2 minutes after they were due) and
 * failed rows whose retry time has come, up to MAX_TOTAL_ATTEMPTS. It takes
 * them a page at a time until none are due or its budget is spent, so a
 * backlog after a provider outage drains in one run, not over hours. Then it
 * removes old rate-limit counters and used form stamps. (The cron's other jobs are listed in server.ts.)
 */
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { pruneUsedStamps } from "~/lib/form-guard.server";
import { pruneRateLimits } from "~/lib/rate-limit.server";
import { enqueueOutbox } from "./outbox.server";
import { MAX_TOTAL_ATTEMPTS, STALE_QUEUED_MS, SWEEP_BUDGET, SWEEP_PAGE } from "./policy";

interface SweepResult {
  requeued: string[];
  /** D1 queries the sweep made (the rate-limit and used-stamp prunes included). */
  queries: number;
  /** Why it stopped: nothing more was due, or a budget ran out. */
  stoppedBy: "done" | "queries" | "time";
}

export async function sweepOutbox(env: Env, now = Date.now(), budget = SWEEP_BUDGET): Promise<SweepResult> {
  const db = getDb(env);
  const started = Date.now();
  const requeued: string[] = [];
  let queries = 0;
  let stoppedBy: SweepResult["stoppedBy"] = "done";
  // One page costs two queries; keep two for the prunes at the end.
  while (true) {
    if (queries + 4 > budget.queries) {
      stoppedBy = "queries";
      break;
    }
    if (Date.now() - started > budget.ms) {
      stoppedBy = "time";
      break;
    }
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
      .limit(SWEEP_PAGE);
    queries += 1;
    const ids = due.map((r) => r.id);
    if (ids.length === 0) break;
    // Due again at `now`: no longer matches the query above, so the next page moves on.
    await db
      .update(emailOutbox)
      .set({ status: "queued", nextAttemptAt: new Date(now) })
      // The ids as one JSON parameter: a list of 100 bound ids would pass D1's 100-parameter limit.
      .where(
        and(
          sql`${emailOutbox.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
          inArray(emailOutbox.status, ["queued", "failed"]),
        ),
      );
    queries += 1;
    await enqueueOutbox(env, ids);
    requeued.push(...ids);
    if (ids.length < SWEEP_PAGE) break;
  }
  await pruneRateLimits(env.DB, now);
  await pruneUsedStamps(env.DB, now);
  queries += 2;
  if (requeued.length > 0 || stoppedBy !== "done")
    console.log(`Outbox sweeper re-queued ${requeued.length} email(s) in ${queries} D1 queries (stopped: ${stoppedBy})`);
  return { requeued, queries, stoppedBy };
}
