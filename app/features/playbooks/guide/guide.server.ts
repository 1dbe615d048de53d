/**
 * The final guide: a Google Doc exported as HTML (`GUIDE_DOC_URL`), turned
 * into safe HTML with a table of contents, cached in KV for an hour. When the
 * remote fails, the last good copy is served however old; with no copy at all,
 * the bundled guide. The page never waits on a spinner: the guide is in the
 * server's HTML.
 */
import { DIRECTORY_HTML } from "./directory";
import { FALLBACK_GUIDE_HTML } from "./fallback-guide";
import { transformGuide, type TransformedGuide } from "./transform.server";

export const GUIDE_CACHE_KEY = "guide:shopify-app-launch-and-scaling-playbook";
export const GUIDE_FRESH_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;
const MAX_DOC_BYTES = 3_000_000;

export type GuideSource = "cache" | "remote" | "stale" | "fallback";
export interface CachedGuide extends TransformedGuide {
  fetchedAt: number;
}
export interface LoadedGuide extends TransformedGuide {
  source: GuideSource;
}

let fallback: Promise<TransformedGuide> | undefined;
const fallbackGuide = () => (fallback ??= transformGuide(FALLBACK_GUIDE_HTML, { directoryHtml: DIRECTORY_HTML }));

async function fetchRemote(url: string): Promise<TransformedGuide> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: "text/html" } });
  if (!res.ok) throw new Error(`Guide document answered ${res.status}`);
  const raw = await res.text();
  if (raw.length > MAX_DOC_BYTES) throw new Error(`Guide document too large (${raw.length} bytes)`);
  const guide = await transformGuide(raw, { directoryHtml: DIRECTORY_HTML });
  // A sign-in page or an empty export is not the guide: keep the last good copy instead.
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

export async function loadGuide(env: Env): Promise<LoadedGuide> {
  const cached = await readCache(env);
  if (cached && Date.now() - cached.fetchedAt < GUIDE_FRESH_MS) return { ...cached, source: "cache" };
  if (env.GUIDE_DOC_URL) {
    try {
      const guide = await fetchRemote(env.GUIDE_DOC_URL);
      const entry: CachedGuide = { ...guide, fetchedAt: Date.now() };
      // No expiry: the last good copy must outlive an outage of the remote.
      await env.CACHE.put(GUIDE_CACHE_KEY, JSON.stringify(entry)).catch((error) => console.error("Caching the guide failed", error));
      return { ...guide, source: "remote" };
    } catch (error) {
      console.error("Fetching the guide failed", error);
    }
  }
  if (cached) return { ...cached, source: "stale" };
  return { ...(await fallbackGuide()), source: "fallback" };
}
