/**
 * Retry policy. Keep QUEUE_DELIVERIES in step with `max_retries` in
 * wrangler.toml (deliveries = 1 + max_retries).
 */
export const QUEUE_DELIVERIES = 4;
/** After this many send attempts in all (queue retries and sweeps), a row stays failed. */
export const MAX_TOTAL_ATTEMPTS = 12;
/** A `queued` row this long past its due time was lost on the way: re-queue it. */
export const STALE_QUEUED_MS = 2 * 60 * 1000;
/** Rows one page of a sweep re-queues (one select, one update, one queue batch of at most 100 messages). */
export const SWEEP_PAGE = 100;
/**
 * One sweep keeps taking pages until none are due or a budget is spent: D1
 * queries well under the 50 a free-plan invocation may make, and a few
 * seconds of wall time (the cron's CPU time is mostly spent waiting on D1).
 */
export const SWEEP_BUDGET = { queries: 40, ms: 5_000 };

/** Delay before the queue re-delivers after the n-th failed delivery: 30 s, 60 s, 120 s… */
export function queueRetryDelaySeconds(delivery: number): number {
  return Math.min(30 * 2 ** Math.max(0, delivery - 1), 15 * 60);
}

/** When the sweeper may try a failed row again: 30 min, 1 h, 2 h… after it failed. */
export function failedRetryDelayMs(attempts: number): number {
  const round = Math.max(0, Math.floor(attempts / QUEUE_DELIVERIES) - 1);
  return Math.min(30 * 60 * 1000 * 2 ** round, 24 * 60 * 60 * 1000);
}

/** How long a consumer holds an email while sending it (a crashed one frees it after this). */
export const SEND_LEASE_MS = 60 * 1000;
/**
 * How long one send may take (the provider's answer included) before it is
 * given up and retried like a failed one. Well under the lease: a send still
 * waiting when the lease ran out would let another delivery claim the row and
 * send it again.
 */
export const SEND_TIMEOUT_MS = 15 * 1000;

/** Emails from the public forms one address receives in 24 h at most; past it they are `capped`, never sent (ADR 0015). */
export const VISITOR_EMAIL_CAP = 3;

/** Why a list's email was not sent: its recipient left the list (checked at send time, ADR 0016). */
export const UNSUBSCRIBED_ERROR = "Not sent: the recipient unsubscribed from the list";

/** Outbox rows in one queue message of a batch (a broadcast's recipients, ADR 0025). */
export const BATCH_MESSAGE_ROWS = 100;
/** Sends a batch message has in flight at once (a Worker may hold six connections open). */
export const BATCH_SEND_CONCURRENCY = 5;
