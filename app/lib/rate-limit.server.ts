/**
 * Rate limits, two kinds:
 * - **Public forms** (per IP): Cloudflare's Workers Rate Limiting binding,
 *   counted at the edge next to the visitor: no database write, no round trip
 *   to the primary before the form's own work (`hitEdgeRateLimit`). The
 *   limits (per minute) are the `[[ratelimits]]` bindings in wrangler.toml.
 * - **Where a precise count matters** (the sign-in throttle): a fixed-window
 *   counter in D1 (KV allows one write per second per key, which a burst
 *   would exceed). One row per key; one atomic upsert counts the hit and
 *   returns the new count, so a burst cannot slip past a read-then-count race.
 *   The statements are drizzle queries, so a caller can put several keys (and
 *   its own reads) in one `batch()`: one round trip.
 */
import { and, eq, sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import type { Db } from "./db.server";
import { clientIp } from "./request.server";

export interface RateLimitRule {
  /** e.g. `waitlist` */
  name: string;
  limit: number;
  windowSeconds: number;
}

interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** A public form's limit: which binding counts it (see wrangler.toml) and its name in the key. */
export interface EdgeRateLimitRule {
  name: string;
  binding: "FORM_RATE_LIMITER" | "STRICT_FORM_RATE_LIMITER" | "ONBOARDING_RATE_LIMITER" | "NO_TOKEN_FORM_RATE_LIMITER";
  /** The binding's period (Cloudflare allows 10 or 60 seconds): the Retry-After of a refusal. */
  periodSeconds: 10 | 60;
}

/** A hit counted at the edge: within the limit, over it, or not counted because the binding failed. */
export type EdgeRateLimitOutcome = { status: "allowed" } | { status: "limited"; retryAfterSeconds: number } | { status: "unavailable" };

/**
 * Counts a hit of the request's client at the edge, keyed by `rateLimitAddress`
 * (an IPv6 client by its /64). A binding that throws is `unavailable`, never
 * `allowed`: the caller lets such a post through only with a verified
 * Turnstile token (ADR 0015).
 */
export async function hitEdgeRateLimit(env: Env, rule: EdgeRateLimitRule, request: Request): Promise<EdgeRateLimitOutcome> {
  try {
    const { success } = await env[rule.binding].limit({ key: `${rule.name}:${clientRateLimitKey(request)}` });
    return success ? { status: "allowed" } : { status: "limited", retryAfterSeconds: rule.periodSeconds };
  } catch (error) {
    console.error(`Rate limit ${rule.name} unavailable; only a post with a verified Turnstile token may pass`, error);
    return { status: "unavailable" };
  }
}

export const RATE_LIMIT_MESSAGE = "Too many attempts from your network. Please wait a few minutes and try again.";

/** The fixed window (aligned on multiples of its length) that `now` falls in. */
function windowOf(rule: RateLimitRule, now: number): { start: number; end: number } {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/**
 * One atomic statement that counts a hit on a key and returns the new count
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING count`): two requests at once
 * can never read the same count. Run it alone or with others in one `batch()`,
 * then give its rows to `rateLimitResult`.
 */
export function rateLimitHit(db: Db, rule: RateLimitRule, subject: string, now = Date.now()) {
  return db
    .insert(rateLimits)
    .values({ key: keyOf(rule, subject), windowStart: windowOf(rule, now).start, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count });
}

interface RateLimitCount extends RateLimitResult {
  /** Hits in the current window, this one included. */
  count: number;
}

/** What a `rateLimitHit` returned: the count, whether it is within the limit, and when the window ends. */
export function rateLimitResult(rule: RateLimitRule, rows: { count: number }[], now = Date.now()): RateLimitCount {
  const count = rows[0]?.count ?? 1;
  return {
    count,
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowOf(rule, now).end - now) / 1000)),
  };
}

/** Takes back one hit counted at `now` (nothing if that window has ended since). */
export function rateLimitUncount(db: Db, rule: RateLimitRule, subject: string, now = Date.now()) {
  return db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, keyOf(rule, subject)), eq(rateLimits.windowStart, windowOf(rule, now).start)));
}

/** Forgets a key's count. */
export function rateLimitReset(db: Db, rule: RateLimitRule, subject: string) {
  return db.delete(rateLimits).where(eq(rateLimits.key, keyOf(rule, subject)));
}

/**
 * The part of a client address that a per-address limit counts: an IPv4
 * address as it is, an IPv6 address by its /64 network (one subscriber is
 * usually given a whole /64, so counting single IPv6 addresses would hand an
 * attacker 2^64 fresh ones). Anything else is kept as it is.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.trim().toLowerCase().split("%")[0]!;
  if (!address.includes(":")) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const halves = address.split("::");
  if (halves.length > 2) return address;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves[1] ? halves[1].split(":") : [];
  const groups = halves.length === 2 ? [...head, ...Array<string>(Math.max(0, 8 - head.length - tail.length)).fill("0"), ...tail] : head;
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** What every per-address limit counts a request under: its client address (`clientIp`), an IPv6 one by its /64. */
export function clientRateLimitKey(request: Request): string {
  return rateLimitAddress(clientIp(request));
}

/** Removes counters of windows that ended more than a day ago (run by the cron). */
export async function pruneRateLimits(db: D1Database, now = Date.now()): Promise<void> {
  await db
    .prepare("DELETE FROM rate_limits WHERE window_start < ?1")
    .bind(now - 86_400_000)
    .run();
}
