/** Small helpers about the incoming request. */
import { sameSitePath } from "./urls";

/**
 * The visitor's address: `CF-Connecting-IP`, which Cloudflare's edge sets on
 * every request (a client cannot choose it). Nothing else is read here: the
 * one exception, a development proxy's `X-Forwarded-For`, is turned into this
 * header at the Worker's entry (`settleClientAddress`), and only when a var
 * says so outside production. Rate limits key it with `rateLimitAddress`.
 */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/** An address as X-Forwarded-For's first entry may give it (IPv4 or IPv6, nothing else). */
const IP_TEXT = /^[0-9a-f.:]{2,45}$/i;

/**
 * Settles the client address once, at the Worker's entry. In development
 * behind a local proxy (a tunnel, a load balancer), set
 * `TRUST_X_FORWARDED_FOR = "true"`: the first address of `X-Forwarded-For`
 * then becomes the request's `CF-Connecting-IP`. Never in production (or
 * any ENVIRONMENT but `development`), where `X-Forwarded-For` is whatever
 * the client wrote and is never read.
 */
export function settleClientAddress(request: Request, env: Pick<Env, "ENVIRONMENT" | "TRUST_X_FORWARDED_FOR">): Request {
  if (env.ENVIRONMENT !== "development" || env.TRUST_X_FORWARDED_FOR !== "true") return request;
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  if (!forwarded || !IP_TEXT.test(forwarded)) return request;
  const headers = new Headers(request.headers);
  headers.set("CF-Connecting-IP", forwarded);
  return new Request(request, { headers });
}

/**
 * A same-site path to go back to, never an open redirect: the input checked
 * and normalised by `sameSitePath` (the check rendered content links use
 * too), without its fragment; `fallback` for anything else.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  const path = sameSitePath(value);
  return path === null ? fallback : path.replace(/#.*$/, "");
}

/** Largest form body we accept on public forms (bytes). */
export const MAX_FORM_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {
  constructor() {
    super("Request body too large");
  }
}

/**
 * Reads a request's or response's body, refusing more than `maxBytes`: by
 * Content-Length first, then by counting what arrives, so a chunked body is
 * cancelled as soon as it passes the cap instead of being read whole.
 */
export async function readBodyCapped(message: Request | Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(message.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Reads a urlencoded or multipart form, refusing bodies over `maxBytes`
 * (by Content-Length and by what actually arrives).
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const buffer = await readBodyCapped(request, maxBytes);
  const copy = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded" },
    body: buffer,
  });
  let raw: FormData;
  try {
    raw = await copy.formData();
  } catch {
    // Not a form body at all (JSON, garbage): treat it as an empty form, so the
    // schema answers with its field messages and a 400.
    return new FormData();
  }
  return sanitizeFormData(raw);
}

/** A raw body, or null when it is larger than `maxBytes`, whatever Content-Length says (the caller answers 413 its own way). */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return await readBodyCapped(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

/** A form body, or null when it is larger than `maxBytes` (the caller answers 413 its own way). */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  try {
    return await readFormData(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
}

/** The admin's small forms (an address, a password, a few settings): more than this is refused. */
export const SMALL_FORM_MAX_BYTES = 16 * 1024;

/** A small form, or a thrown 413 (never a 500) when the body is over SMALL_FORM_MAX_BYTES. */
export async function readSmallForm(request: Request): Promise<FormData> {
  const form = await readFormWithin(request, SMALL_FORM_MAX_BYTES);
  if (!form) throw new Response("Payload too large", { status: 413 });
  return form;
}

const MAX_FIELDS = 300;
const MAX_NAME_LENGTH = 200;
const MAX_LIST_INDEX = 50;
const CONFORM_JSON_FIELDS = new Set(["__intent__", "__state__"]);

/**
 * Keeps what a real form of ours can send: at most 300 fields, names up to
 * 200 characters, list indexes up to 50 (`x[99999999]` would make a huge
 * sparse array), and conform's own JSON fields only when they are valid JSON
 * objects (garbage there would throw).
 */
export function sanitizeFormData(raw: FormData): FormData {
  const clean = new FormData();
  let count = 0;
  for (const [name, value] of raw.entries()) {
    if (count >= MAX_FIELDS) break;
    if (name.length > MAX_NAME_LENGTH) continue;
    if ([...name.matchAll(/\[(\d+)\]/g)].some((m) => Number(m[1]) > MAX_LIST_INDEX)) continue;
    if (CONFORM_JSON_FIELDS.has(name) && !isJsonObject(value)) continue;
    clean.append(name, value);
    count++;
  }
  return clean;
}

function isJsonObject(value: FormDataEntryValue): boolean {
  if (typeof value !== "string") return false;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/**
 * Refuses a state-changing request whose Origin (or, failing that, Referer)
 * is not this site's, with 403. GET and HEAD pass.
 */
export function requireSameOrigin(request: Request, env: Pick<Env, "SITE_URL">): void {
  if (request.method === "GET" || request.method === "HEAD") return;
  const expected = new URL(env.SITE_URL).origin;
  const origin = request.headers.get("Origin") ?? refererOrigin(request.headers.get("Referer"));
  if (origin !== expected) {
    throw new Response("Forbidden: cross-origin request", { status: 403 });
  }
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a download or other admin read that another site started (the
 * browser's `Sec-Fetch-Site` says `cross-site` or `same-site`), with 403:
 * SameSite=Lax cookies still go with a cross-site link, so an export is
 * only answered to this site's own pages, a typed address or a bookmark.
 */
export function refuseCrossSiteRead(request: Request): void {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") {
    throw new Response("Forbidden: cross-origin request", { status: 403 });
  }
}
