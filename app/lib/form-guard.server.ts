/**
 * What keeps the public forms from being used to mail strangers (ADR 0015),
 * checked before anything is stored:
 * - **With a Turnstile token** (the widget ran in the browser): the token is
 *   verified with Cloudflare's siteverify (secret, token, client address). A
 *   token that fails is refused.
 * - **Without one** (JavaScript off, the script blocked or not loaded, as on
 *   a machine without internet): the form's signed time stamp must say the
 *   page was rendered between 2 seconds and a day ago, a stricter per-address
 *   limit applies (`NO_TOKEN_RATE_LIMIT`), and the stamp is good for one
 *   submission: the post claims it (`StampClaim`), and the claim is written
 *   in the submission's own batch (`storeAndNotify`), under a unique key.
 *   siteverify not answering counts as no token: an outage of Cloudflare's
 *   check must not turn every visitor away.
 * - **A limiter that fails** (its binding throws): only a post with a verified
 *   token passes; any other is refused with 503 (`unavailable`), never let
 *   through.
 * The stamp is `issuedAt.id.HMAC(form-stamp key, issuedAt.id)`, with a random
 * id: the site alone can make one, its time is readable, and each is new.
 */
import { sha256Hex, randomToken } from "./crypto.server";
import { signFor, verifyFor } from "./keys.server";
import { hitEdgeRateLimit, type EdgeRateLimitOutcome, type EdgeRateLimitRule } from "./rate-limit.server";
import { clientIp } from "./request.server";
import { STAMP_FIELD, TURNSTILE_FIELD } from "./form-guard";

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** A post sooner than this after its page was rendered is refused (no token). */
export const STAMP_MIN_AGE_MS = 2_000;
/** A post later than this after its page was rendered is refused (no token); used stamps are kept this long. */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SITEVERIFY_TIMEOUT_MS = 5_000;

export const GUARD_MESSAGES = {
  turnstileFailed: "We could not confirm that this was sent by a person. Please try again; if it keeps happening, reload the page first.",
  tooFast: "That was quicker than a person usually is. Please check your entry and send it again.",
  stale: "This page was open too long to send the form. Please send it again.",
  used: "This form was already sent from this page. Please check your entry and send it again.",
} as const;

/** Every post without a token, from one address, across all public forms (wrangler.toml). */
export const NO_TOKEN_RATE_LIMIT: EdgeRateLimitRule = { name: "no-token", binding: "NO_TOKEN_FORM_RATE_LIMITER", periodSeconds: 60 };

/** What the stamp's MAC covers: its time and its random id. */
const signed = (issuedAt: number, id: string) => `form-stamp:${issuedAt}.${id}`;

/**
 * The signed time stamp a rendered form carries (`STAMP_FIELD`): a new random
 * id each time. `now` is the time it says it was issued (tests pass an
 * earlier one).
 */
export async function formStamp(env: Env, now = Date.now()): Promise<string> {
  const id = randomToken(16);
  return `${now}.${id}.${await signFor(env, "form-stamp", signed(now, id))}`;
}

type StampCheck = { ok: true; issuedAt: number; id: string } | { ok: false; reason: "tooFast" | "stale" };

/** Whether a posted stamp is the site's own and its age is within bounds. A missing or forged one is "stale". */
export async function checkFormStamp(env: Env, value: unknown, now = Date.now()): Promise<StampCheck> {
  const match = typeof value === "string" ? /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return { ok: false, reason: "stale" };
  const issuedAt = Number(match[1]);
  const id = match[2]!;
  if (!(await verifyFor(env, "form-stamp", signed(issuedAt, id), match[3]!))) return { ok: false, reason: "stale" };
  const age = now - issuedAt;
  if (age < STAMP_MIN_AGE_MS) return { ok: false, reason: "tooFast" };
  if (age > STAMP_MAX_AGE_MS) return { ok: false, reason: "stale" };
  return { ok: true, issuedAt, id };
}

/**
 * A post's claim on its stamp: written once, in the batch that stores the
 * submission (`storeAndNotify`, or `claimStamp` when the post stores nothing),
 * as a `used_form_stamps` row keyed by the stamp's hash. The same post sent
 * again (its answer was lost) has the same `submission` hash and is answered
 * as done; a different post with the same stamp is refused (`StampUsedError`).
 */
export interface StampClaim {
  /** SHA-256 of the stamp's signed part: the row's unique key. */
  hash: string;
  /** SHA-256 of the stamp's id, the form and the valid value posted: what makes "the same post". */
  submission: string;
  /** Set once a batch holding the claim has committed (or found it committed by this same post). */
  used: boolean;
}

/** A different post already used this stamp: refused with `GUARD_MESSAGES.used` (400), what was typed kept. */
export class StampUsedError extends Error {
  constructor() {
    super("This form stamp was already used by another submission");
    this.name = "StampUsedError";
  }
}

async function stampClaim(stamp: { issuedAt: number; id: string }, form: string, value: unknown): Promise<StampClaim> {
  return {
    hash: await sha256Hex(signed(stamp.issuedAt, stamp.id)),
    submission: await sha256Hex(`${stamp.id}\n${form}\n${JSON.stringify(value)}`),
    used: false,
  };
}

/** The statement that records a claim; the table's primary key refuses a second one. */
export function usedStampStatement(d1: D1Database, claim: StampClaim, now = Date.now()): D1PreparedStatement {
  return d1.prepare("INSERT INTO used_form_stamps (hash, submission, used_at) VALUES (?1, ?2, ?3)").bind(claim.hash, claim.submission, now);
}

/**
 * After a batch holding the claim failed: whether the stamp is used, and by
 * whom. `same`: by this very post (an earlier try, or the same post sent
 * again), so the work is done; `other`: by a different post; `none`: not used.
 */
export async function stampUse(d1: D1Database, claim: StampClaim): Promise<"same" | "other" | "none"> {
  const row = await d1.prepare("SELECT submission FROM used_form_stamps WHERE hash = ?1").bind(claim.hash).first<{ submission: string }>();
  if (!row) return "none";
  return row.submission === claim.submission ? "same" : "other";
}

/**
 * Records a claim on its own, for a post whose work stored nothing (an
 * address already on the list): the stamp is spent all the same. Throws
 * `StampUsedError` when a different post has used it.
 */
export async function claimStamp(env: Env, claim: StampClaim, now = Date.now()): Promise<void> {
  if (claim.used) return;
  try {
    await usedStampStatement(env.DB, claim, now).run();
  } catch (error) {
    const use = await stampUse(env.DB, claim);
    if (use === "other") throw new StampUsedError();
    if (use === "none") throw error;
  }
  claim.used = true;
}

/** Removes the record of stamps used longer ago than a stamp may live (the cron): they are refused as stale anyway. */
export async function pruneUsedStamps(db: D1Database, now = Date.now()): Promise<void> {
  await db
    .prepare("DELETE FROM used_form_stamps WHERE used_at < ?1")
    .bind(now - STAMP_MAX_AGE_MS)
    .run();
}

/** siteverify's answer: passed, failed, or not known (no secret configured, no answer). */
async function verifyTurnstile(env: Env, token: string, ip: string): Promise<"passed" | "failed" | "unknown"> {
  if (!env.TURNSTILE_SECRET_KEY) {
    console.error("TURNSTILE_SECRET_KEY is not set: Turnstile tokens cannot be checked; the no-token bounds apply");
    return "unknown";
  }
  const body = new FormData();
  body.set("secret", env.TURNSTILE_SECRET_KEY);
  body.set("response", token);
  if (ip !== "unknown") body.set("remoteip", ip);
  try {
    const res = await fetch(env.TURNSTILE_SITEVERIFY_URL || SITEVERIFY_URL, {
      method: "POST",
      body,
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    const outcome = await res.json<{ success?: boolean; "error-codes"?: string[] }>();
    if (outcome.success === true) return "passed";
    console.warn("Turnstile token refused", outcome["error-codes"]);
    return "failed";
  } catch (error) {
    console.error("Turnstile siteverify unreachable; the no-token bounds apply", error);
    return "unknown";
  }
}

export type GuardOutcome =
  /** Passed: with a verified token (`claim` null), or with a stamp, whose claim the post's batch must record. */
  | { allowed: true; claim: StampClaim | null }
  /** `renewStamp`: the stamp cannot pass again (too old, forged, used); the page needs a fresh one. */
  | { allowed: false; status: 400; message: string; renewStamp: boolean }
  | { allowed: false; status: 429; retryAfterSeconds: number }
  /** A limiter failed and no verified token vouches for the post. */
  | { allowed: false; status: 503 };

/**
 * The check every public form's valid post passes before its work: a
 * Turnstile token verified, or (no token, or siteverify not answering) the
 * time stamp, the stricter per-address limit, and a claim on the stamp.
 * `post`: the form's name and valid value (what makes the claim's "same
 * post"), and the outcome of the form's own limiter, counted before.
 */
export async function guardPublicForm(
  request: Request,
  env: Env,
  formData: FormData,
  post: { form: string; value: unknown; limit: EdgeRateLimitOutcome },
): Promise<GuardOutcome> {
  const token = formData.get(TURNSTILE_FIELD);
  if (typeof token === "string" && token.trim() !== "") {
    const verdict = await verifyTurnstile(env, token.trim(), clientIp(request));
    if (verdict === "passed") return { allowed: true, claim: null };
    if (verdict === "failed") return { allowed: false, status: 400, message: GUARD_MESSAGES.turnstileFailed, renewStamp: false };
  }
  const stamp = await checkFormStamp(env, formData.get(STAMP_FIELD));
  if (!stamp.ok) return { allowed: false, status: 400, message: GUARD_MESSAGES[stamp.reason], renewStamp: stamp.reason === "stale" };
  if (post.limit.status === "unavailable") return { allowed: false, status: 503 };
  const limit = await hitEdgeRateLimit(env, NO_TOKEN_RATE_LIMIT, request);
  if (limit.status === "unavailable") return { allowed: false, status: 503 };
  if (limit.status === "limited") return { allowed: false, status: 429, retryAfterSeconds: limit.retryAfterSeconds };
  return { allowed: true, claim: await stampClaim(stamp, post.form, post.value) };
}

/**
 * The bot checks of one post's client (its address, from the request), for a
 * feature that decides when to run them: `limit` counts a hit under a rule,
 * `guard` is guardPublicForm. The route binds them to its request.
 */
export interface ClientChecks {
  limit: (rule: EdgeRateLimitRule) => Promise<EdgeRateLimitOutcome>;
  guard: (formData: FormData, post: { form: string; value: unknown; limit: EdgeRateLimitOutcome }) => Promise<GuardOutcome>;
}

export function clientChecks(request: Request, env: Env): ClientChecks {
  return {
    limit: (rule) => hitEdgeRateLimit(env, rule, request),
    guard: (formData, post) => guardPublicForm(request, env, formData, post),
  };
}
