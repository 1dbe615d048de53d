/**
 * Rate limits, two kinds:
 * - **Public forms** (per IP): Cloudflare's Workers Rate Limiting binding,
 *   counted at the edge next to the visitor: no database write, no round trip
 *   to the primary before the form's own work (`hitEdgeRateLimit`). The
 *   limits (per minute) are the `[[ratelimits]]` bindings in wrangler.toml.
 * - **Where a precise count matters** (the sign-in throttle): a fixed-window
 *   counter in D1 (KV allows one write per second per key, which a burst
 *   would exceed). One row per key; an atomic upsert counts the hit.
 */
export interface RateLimitRule {
  /** e.g. `waitlist` */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** A public form's limit: which binding counts it (see wrangler.toml) and its name in the key. */
export interface EdgeRateLimitRule {
  name: string;
  binding: "FORM_RATE_LIMITER" | "STRICT_FORM_RATE_LIMITER" | "ONBOARDING_RATE_LIMITER";
  /** The binding's period (Cloudflare allows 10 or 60 seconds): the Retry-After of a refusal. */
  periodSeconds: 10 | 60;
}

/** Counts a hit at the edge. If the binding cannot answer, the visitor is let through (a lead is worth more). */
export async function hitEdgeRateLimit(env: Env, rule: EdgeRateLimitRule, subject: string): Promise<RateLimitResult> {
  try {
    const { success } = await env[rule.binding].limit({ key: `${rule.name}:${subject}` });
    return { allowed: success, retryAfterSeconds: rule.periodSeconds };
  } catch (error) {
    console.error(`Rate limit ${rule.name} unavailable; allowing the request`, error);
    return { allowed: true, retryAfterSeconds: 0 };
  }
}

export const RATE_LIMIT_MESSAGE = "Too many attempts from your network. Please wait a few minutes and try again.";

export async function hitRateLimit(
  db: D1Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
         window_start = excluded.window_start
       RETURNING count`,
    )
    .bind(`${rule.name}:${subject}`, windowStart)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000),
  };
}

/** Removes counters of windows that ended more than a day ago (run by the cron). */
export async function pruneRateLimits(db: D1Database, now = Date.now()): Promise<void> {
  await db.prepare("DELETE FROM rate_limits WHERE window_start < ?1").bind(now - 86_400_000).run();
}

/** The count so far in the current window, without counting this request. */
export async function peekRateLimit(db: D1Database, rule: RateLimitRule, subject: string, now = Date.now()): Promise<number> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .prepare("SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2")
    .bind(`${rule.name}:${subject}`, windowStart)
    .first<{ count: number }>();
  return row?.count ?? 0;
}
