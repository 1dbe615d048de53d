/**
 * The email provider's delivery events (MailChannels' webhook, ADR 0025) at POST /hooks/email-events. The body is
 * verified before it is parsed: RFC 9421 HTTP Message Signatures with Ed25519, as MailChannels signs them. The
 * `Content-Digest` must be the SHA-256 of the raw body; `Signature-Input` must cover exactly `content-digest`, with
 * `alg="ed25519"`, a `keyid` and a `created` within five minutes; the signature base is the two lines
 * `"content-digest": <header>` and `"@signature-params": <parameters>`. The public key is MailChannels' for that key
 * id (`GET /tx/v1/webhook/public-key?id=`), kept a day in KV. A hard bounce or a complaint suppresses the recipients
 * (`suppressStatement`: a provider's retry changes nothing); other known event types are accepted and ignored.
 */
import { constantTimeEqualText } from "~/lib/crypto.server";
import { loggable } from "~/lib/log.server";
import { suppressStatement } from "./suppression.server";

/** A body larger than this is refused (413): MailChannels sends at most 1,000 events of a few hundred bytes. */
export const MAX_EVENTS_BODY_BYTES = 1024 * 1024;
/** How far `created` may be from now. */
export const SIGNATURE_TOLERANCE_S = 5 * 60;
export const MAILCHANNELS_PUBLIC_KEY_URL = "https://api.mailchannels.net/tx/v1/webhook/public-key";
const KEY_CACHE_TTL_S = 24 * 60 * 60;

export const EMAIL_EVENT_TYPES = [
  "processed",
  "delivered",
  "dropped",
  "unsubscribed",
  "hard-bounced",
  "soft-bounced",
  "open",
  "click",
  "complained",
  "test",
] as const;

export type EventsResult =
  | { status: 401; reason: string }
  | { status: 413 }
  | { status: 400 }
  | { status: 202; known: 0 }
  | { status: 200; known: number; suppressed: number };

const b64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
function fromB64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

interface SignatureParams {
  label: string;
  params: string;
  created: number;
  keyid: string;
}

/** `sig_1=("content-digest");created=…;alg="ed25519";keyid="…"`, only in that shape. */
function parseSignatureInput(header: string): SignatureParams | null {
  const match = /^([A-Za-z0-9_-]{1,40})=(\("content-digest"\)((?:;[a-z]+=(?:"[^"]{0,200}"|\d{1,12}))*))$/.exec(header.trim());
  if (!match) return null;
  const [, label, params, rest] = match as unknown as [string, string, string, string];
  const fields = new Map([...rest.matchAll(/;([a-z]+)=("([^"]*)"|(\d+))/g)].map((m) => [m[1]!, m[3] ?? m[4]!]));
  const created = Number(fields.get("created"));
  const keyid = fields.get("keyid") ?? "";
  if (fields.get("alg") !== "ed25519" || !Number.isInteger(created) || !/^[A-Za-z0-9_.-]{1,100}$/.test(keyid)) return null;
  return { label, params, created, keyid };
}

/** MailChannels' public key for a key id: KV first, else its API (the answer `{ id, key }`, key = base64 SPKI). */
async function publicKey(env: Env, keyid: string): Promise<CryptoKey | null> {
  const cacheKey = `mailchannels-webhook-key:${keyid}`;
  let spki = await env.CACHE.get(cacheKey);
  if (!spki) {
    const res = await fetch(`${MAILCHANNELS_PUBLIC_KEY_URL}?id=${encodeURIComponent(keyid)}`, {
      headers: env.MAILCHANNELS_API_KEY ? { "X-Api-Key": env.MAILCHANNELS_API_KEY } : {},
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return null;
    const answer: { key?: unknown } = await res.json();
    if (typeof answer.key !== "string") return null;
    spki = answer.key.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    await env.CACHE.put(cacheKey, spki, { expirationTtl: KEY_CACHE_TTL_S });
  }
  const bytes = fromB64(spki);
  if (!bytes) return null;
  try {
    return await crypto.subtle.importKey("spki", bytes, { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return null;
  }
}

/** Whether the request's signature is MailChannels', over this very body, made recently. Null when it is; else why not. */
export async function signatureProblem(
  env: Env,
  headers: Headers,
  body: Uint8Array<ArrayBuffer>,
  now = Date.now(),
): Promise<string | null> {
  const digestHeader = headers.get("Content-Digest") ?? "";
  const input = parseSignatureInput(headers.get("Signature-Input") ?? "");
  const signature = headers.get("Signature") ?? "";
  if (!digestHeader || !input || !signature) return "unsigned";
  const digest = /^sha-256=:([A-Za-z0-9+/=]{44}):$/.exec(digestHeader.trim())?.[1];
  const computed = b64(await crypto.subtle.digest("SHA-256", body));
  if (!digest || !constantTimeEqualText(digest, computed)) return "content digest does not match the body";
  if (Math.abs(now / 1000 - input.created) > SIGNATURE_TOLERANCE_S) return "signature too old or from the future";
  const sig = new RegExp(`^${input.label}=:([A-Za-z0-9+/=]{1,200}):$`).exec(signature.trim())?.[1];
  const sigBytes = sig ? fromB64(sig) : null;
  if (!sigBytes) return "malformed signature";
  let key: CryptoKey | null;
  try {
    key = await publicKey(env, input.keyid);
  } catch (error) {
    console.error("Could not get MailChannels' webhook public key", loggable(error));
    key = null;
  }
  if (!key) return "unknown key";
  const base = `"content-digest": ${digestHeader.trim()}\n"@signature-params": ${input.params}`;
  // A signature of the wrong length makes verify throw rather than answer false.
  const ok = await crypto.subtle.verify("Ed25519", key, sigBytes, new TextEncoder().encode(base)).catch(() => false);
  return ok ? null : "bad signature";
}

interface EmailEvent {
  event?: unknown;
  recipients?: unknown;
  status?: unknown;
  reason?: unknown;
  timestamp?: unknown;
}

/** Verifies, parses and applies a webhook delivery: suppressions for hard bounces and complaints, in one batch. */
export async function receiveEmailEvents(
  env: Env,
  headers: Headers,
  body: Uint8Array<ArrayBuffer> | null,
  now = Date.now(),
): Promise<EventsResult> {
  if (body === null) return { status: 413 };
  const problem = await signatureProblem(env, headers, body, now);
  if (problem) return { status: 401, reason: problem };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return { status: 400 };
  }
  const events = (Array.isArray(parsed) ? parsed : [parsed]).filter((e): e is EmailEvent => typeof e === "object" && e !== null);
  const known = events.filter((e) => (EMAIL_EVENT_TYPES as readonly unknown[]).includes(e.event));
  if (known.length === 0) return { status: 202, known: 0 };
  const statements: D1PreparedStatement[] = [];
  for (const e of known) {
    const reason = e.event === "hard-bounced" ? "hard-bounce" : e.event === "complained" ? "complaint" : null;
    if (!reason || !Array.isArray(e.recipients)) continue;
    const detail = [e.status, e.reason].filter((v) => typeof v === "string" || typeof v === "number").join(" ") || null;
    for (const r of e.recipients)
      if (typeof r === "string" && r.includes("@") && r.length <= 320) statements.push(suppressStatement(env.DB, r, reason, detail, now));
  }
  // D1 runs a batch as one transaction; 1,000 events make at most a few thousand small statements.
  if (statements.length) await env.DB.batch(statements);
  return { status: 200, known: known.length, suppressed: statements.length };
}
