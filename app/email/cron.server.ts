/**
 * The cron's run (every 5 minutes): the jobs the composition root lists (server.ts), each started at once and
 * awaited by the runtime. A job that fails is logged and tried again by the next run; it stops no other job.
 */
import { loggable } from "~/lib/log.server";

export interface CronJob {
  /** For the logs. */
  name: string;
  run: (env: Env, scheduledTime: number) => Promise<unknown>;
}

export function runCronJobs(jobs: readonly CronJob[], env: Env, ctx: ExecutionContext, scheduledTime: number): void {
  for (const job of jobs) {
    ctx.waitUntil(
      job
        .run(env, scheduledTime)
        .catch((error: unknown) => console.error(`The cron job "${job.name}" failed; the next run tries again`, loggable(error))),
    );
  }
}
