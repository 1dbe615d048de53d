/**
 * What keeps the public forms from being used to mail strangers (ADR 0015),
 * checked before anything is stored:
 * - **With a Turnstile token** (the widget ran in the browser): the token is
 *   verified with Cloudflare's siteverify (secret, token, client address). A
 *   token that fails is refused.
 * - **Without one** (JavaScript off, the script blocked or not loaded, as on
 *   a machine without internet): the form's signed time stamp must say the
 *   page was rendered between 2 seconds and a day ago, and a stricter
 *   per-address limit applies (`NO_TOKEN_RATE_LIMIT`). siteverify not
 *   answering counts as no token: an outage of Cloudflare's check must not
 *   turn every visitor away.
 * The stamp is `issuedAt.HMAC-SHA256(session secret, "form-stamp:" + issuedAt)`:
 * the site alone can make one, and its time is readable.
 */
import { constantTimeEqualText } from "./crypto.server";
import { sessionSecret } from "./env.server";
import { hitEdgeRateLimit, type EdgeRateLimitRule } from "./rate-limit.server";
import { clientIp } from "./request.server";
import { STAMP_FIELD, TURNSTILE_FIELD } from "./form-guard";

export const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** A post sooner than this after its page was rendered is refused (no token). */
export const STAMP_MIN_AGE_MS = 2_000;
/** A post later than this after its page was rendered is refused (no token). */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SITEVERIFY_TIMEOUT_MS = 5_000;

export const GUARD_MESSAGES = {
  turnstileFailed: "We could not confirm that this was sent by a person. Please try again; if it keeps happening, reload the page first.",
  tooFast: "That was quicker than a person usually is. Please check your entry and send it again.",
  stale: "This page was open too long to send the form. Please send it again.",
} as const;

/** Every post without a token, from one address, across all public forms (wrangler.toml). */
export const NO_TOKEN_RATE_LIMIT: EdgeRateLimitRule = { name: "no-token", binding: "NO_TOKEN_FORM_RATE_LIMITER", periodSeconds: 60 };

const encoder = new TextEncoder();

async function mac(env: Env, issuedAt: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(sessionSecret(env)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const bytes = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`form-stamp:${issuedAt}`)));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The signed time stamp a rendered form carries (`STAMP_FIELD`). */
export async function formStamp(env: Env, now = Date.now()): Promise<string> {
  return `${now}.${await mac(env, now)}`;
}

type StampCheck = { ok: true } | { ok: false; reason: "tooFast" | "stale" };

/** Whether a posted stamp is the site's own and its age is within bounds. A missing or forged one is "stale". */
export async function checkFormStamp(env: Env, value: unknown, now = Date.now()): Promise<StampCheck> {
  const match = typeof value === "string" ? /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return { ok: false, reason: "stale" };
  const issuedAt = Number(match[1]);
  if (!constantTimeEqualText(match[2]!, await mac(env, issuedAt))) return { ok: false, reason: "stale" };
  const age = now - issuedAt;
  if (age < STAMP_MIN_AGE_MS) return { ok: false, reason: "tooFast" };
  if (age > STAMP_MAX_AGE_MS) return { ok: false, reason: "stale" };
  return { ok: true };
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
  { allowed: true } | { allowed: false; status: 400; message: string } | { allowed: false; status: 429; retryAfterSeconds: number };

/**
 * The check every public form's valid post passes before its work: a
 * Turnstile token verified, or (no token, or siteverify not answering) the
 * time stamp and the stricter per-address limit.
 */
export async function guardPublicForm(request: Request, env: Env, formData: FormData): Promise<GuardOutcome> {
  const ip = clientIp(request);
  const token = formData.get(TURNSTILE_FIELD);
  if (typeof token === "string" && token.trim() !== "") {
    const verdict = await verifyTurnstile(env, token.trim(), ip);
    if (verdict === "passed") return { allowed: true };
    if (verdict === "failed") return { allowed: false, status: 400, message: GUARD_MESSAGES.turnstileFailed };
  }
  const stamp = await checkFormStamp(env, formData.get(STAMP_FIELD));
  if (!stamp.ok) return { allowed: false, status: 400, message: GUARD_MESSAGES[stamp.reason] };
  const limit = await hitEdgeRateLimit(env, NO_TOKEN_RATE_LIMIT, ip);
  if (!limit.allowed) return { allowed: false, status: 429, retryAfterSeconds: limit.retryAfterSeconds };
  return { allowed: true };
}
