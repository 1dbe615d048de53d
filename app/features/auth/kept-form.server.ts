/**
 * An admin whose session ended while writing loses nothing (ADR 0010).
 *
 * - When the guard refuses a POST (the session expired or was ended) and the
 *   browser's signed cookie still names the admin, the form's text fields are
 *   kept in KV (`SESSIONS`) for 30 minutes under a random id, with the admin's
 *   id and the page. Files, passwords, codes, tokens and the notification
 *   destinations' URLs are never kept; a form over 512 KB of text is not kept.
 * - The sign-in page receives only that id (`?kept=`), never the text; the id
 *   goes through the password and the two-factor step with the sign-in.
 * - After sign-in, the admin is sent to the page (`<path>?kept=<id>`); the
 *   root loader reads the kept fields back (`keptFormFor`: only for the same
 *   admin and page) and every admin form fills itself from them
 *   (`useKeptValues`, app/lib/kept-form.ts). Nothing is saved until the
 *   admin saves again; the stale-save check still applies, since the form's
 *   own `_updatedAt` is kept with it.
 *
 * Cost: nothing on a normal request. A refused POST writes one KV entry; the
 * sign-in reads it once, and the page after it reads it and the session (two
 * KV reads at once).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { base64url } from "~/lib/keys.server";
import { KEPT_PARAM, type KeptValues } from "~/lib/kept-form";
import { readFormData } from "~/lib/request.server";
import { adminSessionStorage } from "./session.server";

export const KEPT_FORM_TTL_SECONDS = 30 * 60;
/** Text kept at most: the admin resources' own body limit. */
export const KEPT_FORM_MAX_BYTES = 512 * 1024;
/** A multipart body read at most (an image may ride along; it is not kept). */
const READ_MAX_BYTES = 6 * 1024 * 1024;
const KEY_PREFIX = "kept-form:";
const ID = /^[A-Za-z0-9_-]{22}$/;
/** Never written anywhere but where they are checked. */
const NEVER_KEPT = /password|secret|token|^code$/i;
/**
 * POSTs never kept: those that answer no page to come back to (the editor's upload, the CSV import, logout),
 * and the notification destinations, whose Slack and webhook URLs are secrets.
 */
const NOT_KEPT = new Set(["/admin/media/upload", "/admin/lead-finder/import", "/admin/logout", "/admin/settings/notifications"]);

interface KeptForm {
  userId: string;
  /** The page's path and query (without Remix's own parameters). */
  path: string;
  fields: [string, string][];
}

const keyOf = (id: string) => `${KEY_PREFIX}${id}`;

/** The page a POST came from: its path and query, without Remix's `_data` and `index` and any earlier `kept`. */
function pageOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of ["_data", "index", KEPT_PARAM]) params.delete(name);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/**
 * Keeps what a refused POST carried, for the admin named by the browser's signed session cookie. Returns
 * the id to put in the sign-in link, or null when there is nothing worth keeping (or it cannot be read).
 */
export async function keepForm(env: Env, request: Request, userId: string): Promise<string | null> {
  const url = new URL(request.url);
  if (request.method !== "POST" || NOT_KEPT.has(url.pathname) || request.bodyUsed) return null;
  let form: FormData;
  try {
    form = await readFormData(request.clone() as Request, READ_MAX_BYTES);
  } catch {
    return null;
  }
  const fields: [string, string][] = [];
  let bytes = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || NEVER_KEPT.test(name)) continue;
    bytes += name.length + value.length;
    fields.push([name, value]);
  }
  if (bytes > KEPT_FORM_MAX_BYTES || !fields.some(([name]) => name !== "intent")) return null;
  const id = base64url(crypto.getRandomValues(new Uint8Array(16)));
  const kept: KeptForm = { userId, path: pageOf(url), fields };
  try {
    await env.SESSIONS.put(keyOf(id), JSON.stringify(kept), { expirationTtl: KEPT_FORM_TTL_SECONDS });
  } catch (error) {
    console.error("Could not keep a form for after sign-in", error instanceof Error ? error.message : String(error));
    return null;
  }
  return id;
}

/** A `kept` value as sent back by the sign-in form or the pending cookie: an id of the right shape, or null. */
export const keptIdOf = (value: unknown): string | null => (typeof value === "string" && ID.test(value) ? value : null);

async function readKept(env: Env, id: string): Promise<KeptForm | null> {
  const kept = await env.SESSIONS.get<KeptForm>(keyOf(id), "json");
  return kept && typeof kept.userId === "string" && typeof kept.path === "string" && Array.isArray(kept.fields) ? kept : null;
}

/** Where a sign-in goes to give an admin back what they typed: the page, with the id; null when nothing is kept for them. */
export async function keptFormTarget(env: Env, id: string | null, userId: string): Promise<string | null> {
  if (!id) return null;
  const kept = await readKept(env, id);
  if (!kept || kept.userId !== userId || !kept.path.startsWith("/") || kept.path.startsWith("//")) return null;
  return `${kept.path}${kept.path.includes("?") ? "&" : "?"}${KEPT_PARAM}=${id}`;
}

/**
 * The kept form of this page (`?kept=<id>`), as the forms' values (conform's shape: `sections[0].text`
 * becomes nested), when it was kept for the admin this browser is signed in as. For the root loader.
 */
export async function keptFormFor(env: Env, request: Request): Promise<KeptValues | null> {
  const url = new URL(request.url);
  const id = keptIdOf(url.searchParams.get(KEPT_PARAM));
  if (!id || !(url.pathname.startsWith("/admin/") || url.pathname.startsWith("/warm-leads"))) return null;
  const storage = await adminSessionStorage(env);
  const [kept, session] = await Promise.all([readKept(env, id), storage.getSession(request.headers.get("Cookie"))]);
  if (!kept || kept.userId !== session.get("userId") || kept.path.split("?")[0] !== url.pathname) return null;
  const form = new FormData();
  for (const [name, value] of kept.fields) form.append(name, value);
  return parseWithZod(form, { schema: z.unknown() }).payload;
}
