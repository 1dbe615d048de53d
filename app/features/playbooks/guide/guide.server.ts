/**
 * The final guide: a Google Doc exported as HTML (`GUIDE_DOC_URL`), turned
 * into safe HTML with a table of contents, cached in KV.
 *
 * - A copy younger than an hour is served as it is.
 * - An older copy is served at once, and refreshed after the response
 *   (`waitUntil`); a failed refresh keeps it: the last good copy is served
 *   however old.
 * - With no copy at all the remote is fetched during the request (5 s at
 *   most); if that fails, the bundled guide is served.
 * - A lock key (60 s, KV's shortest expiry) stops concurrent refreshes and,
 *   after a failure, stops every request from trying the remote again.
 * The page never waits on a spinner: the guide is in the server's HTML.
 */
import { BodyTooLargeError, readBodyCapped } from "~/lib/request.server";
import { DIRECTORY_HTML } from "./directory";
import { FALLBACK_GUIDE_HTML } from "./fallback-guide";
import { GUIDE_PAGE_IDS } from "./page-ids";
import { transformGuide, type TransformedGuide } from "./transform.server";

export const GUIDE_CACHE_KEY = "guide:shopify-app-launch-and-scaling-playbook";
export const GUIDE_LOCK_KEY = `${GUIDE_CACHE_KEY}:lock`;
export const GUIDE_FRESH_MS = 60 * 60 * 1000;
const LOCK_SECONDS = 60;
const FETCH_TIMEOUT_MS = 5000;
export const MAX_DOC_BYTES = 1_000_000;

type GuideSource = "cache" | "remote" | "stale" | "fallback";
export interface CachedGuide extends TransformedGuide {
  fetchedAt: number;
}
interface LoadedGuide extends TransformedGuide {
  source: GuideSource;
}

const transformOptions = { directoryHtml: DIRECTORY_HTML, reservedIds: GUIDE_PAGE_IDS };
let fallback: Promise<TransformedGuide> | undefined;
const fallbackGuide = () => (fallback ??= transformGuide(FALLBACK_GUIDE_HTML, transformOptions));

/** The export, checked: still on Google's hosts (not a sign-in page), HTML, at most 1 MB, with headings. */
async function fetchRemote(url: string): Promise<TransformedGuide> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: "text/html" } });
  if (!res.ok) throw new Error(`Guide document answered ${res.status}`);
  const host = new URL(res.url || url).hostname;
  if (host !== new URL(url).hostname && !host.endsWith(".googleusercontent.com")) throw new Error(`Guide document redirected to ${host}`);
  if (!/text\/html/i.test(res.headers.get("Content-Type") ?? "")) throw new Error("Guide document is not HTML");
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(res, MAX_DOC_BYTES);
  } catch (error) {
    throw error instanceof BodyTooLargeError ? new Error(`Guide document is over ${MAX_DOC_BYTES} bytes`) : error;
  }
  const guide = await transformGuide(new TextDecoder().decode(bytes), transformOptions);
  if (guide.toc.length === 0) throw new Error("Guide document has no headings");
  return guide;
}

async function readCache(env: Env): Promise<CachedGuide | null> {
  try {
    return await env.CACHE.get<CachedGuide>(GUIDE_CACHE_KEY, "json");
  } catch (error) {
    console.error("Reading the cached guide failed", error);
    return null;
  }
}

/** Fetches, checks and caches the guide; null when another refresh runs, a recent one failed, or this one fails. */
async function refresh(env: Env): Promise<TransformedGuide | null> {
  if (!env.GUIDE_DOC_URL) return null;
  try {
    if (await env.CACHE.get(GUIDE_LOCK_KEY)) return null;
    await env.CACHE.put(GUIDE_LOCK_KEY, String(Date.now()), { expirationTtl: LOCK_SECONDS });
  } catch (error) {
    console.error("The guide's refresh lock failed", error);
  }
  try {
    const guide = await fetchRemote(env.GUIDE_DOC_URL);
    const entry: CachedGuide = { ...guide, fetchedAt: Date.now() };
    // No expiry: the last good copy must outlive an outage of the remote.
    await env.CACHE.put(GUIDE_CACHE_KEY, JSON.stringify(entry));
    await env.CACHE.delete(GUIDE_LOCK_KEY);
    return guide;
  } catch (error) {
    console.error("Fetching the guide failed", error); // the lock stays: no retry for a minute
    return null;
  }
}

export async function loadGuide(env: Env, waitUntil: (promise: Promise<unknown>) => void): Promise<LoadedGuide> {
  const cached = await readCache(env);
  if (cached) {
    if (Date.now() - cached.fetchedAt < GUIDE_FRESH_MS) return { ...cached, source: "cache" };
    waitUntil(refresh(env));
    return { ...cached, source: "stale" };
  }
  const fetched = await refresh(env);
  if (fetched) return { ...fetched, source: "remote" };
  return { ...(await fallbackGuide()), source: "fallback" };
}
