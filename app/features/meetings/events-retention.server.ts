/**
 * Retention of the schedulers' raw events (`scheduler_events`, ADR 0024), a cron job (server.ts): each row is one
 * event's claim (its provider, booking id, state and time, the meeting it landed on; no personal data), and it exists
 * so that a delivery repeated by the scheduler changes nothing. Schedulers retry a failed delivery for hours, a day at
 * most, so a claim is kept for SCHEDULER_EVENTS_RETENTION_DAYS (30), far past any retry, then deleted. A copy of an
 * event arriving later than that would find its meeting already in that state and write its effects again (a second
 * timeline line): Calendly's signature refuses it anyway (3 minutes), and Cal.com does not retry that long.
 *
 * Bounded like the other retention jobs: at most SCHEDULER_EVENTS_ROUNDS deletes of SCHEDULER_EVENTS_BATCH rows a run,
 * oldest first along `scheduler_events_received_idx`; a backlog goes over the next runs.
 */
const DAY_MS = 86_400_000;

export const SCHEDULER_EVENTS_RETENTION_DAYS = 30;
export const SCHEDULER_EVENTS_BATCH = 500;
export const SCHEDULER_EVENTS_ROUNDS = 2;

/** One run at `now` (the cron's scheduled time): the events received before the period, deleted. Returns how many. */
export async function pruneSchedulerEvents(
  env: Pick<Env, "DB">,
  now = Date.now(),
  { rounds = SCHEDULER_EVENTS_ROUNDS, batch = SCHEDULER_EVENTS_BATCH } = {},
): Promise<number> {
  const before = now - SCHEDULER_EVENTS_RETENTION_DAYS * DAY_MS;
  let removed = 0;
  for (let round = 0; round < rounds; round++) {
    const { meta } = await env.DB.prepare(
      `DELETE FROM scheduler_events WHERE id IN (
         SELECT id FROM scheduler_events INDEXED BY scheduler_events_received_idx WHERE received_at < ?1 ORDER BY received_at LIMIT ?2)`,
    )
      .bind(before, batch)
      .run();
    removed += meta.changes;
    if (meta.changes < batch) break;
  }
  return removed;
}
