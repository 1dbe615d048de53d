/**
 * What may be cached, and where.
 * - Static assets (`/assets/*`, hashed names) are served by Workers assets
 *   with `public, max-age=31536000, immutable` (public/_headers).
 * - HTML carries a per-request CSP nonce and often personal state (a toast, a
 *   draft, an admin): `private, no-cache`, never kept by a shared cache; data
 *   requests of client navigation likewise.
 * - The sitemap, the feed and robots.txt are the same for everyone: kept
 *   briefly at the edge (Cloudflare's cache in front of this Worker, through
 *   the Cache API, since a Worker's own responses are not cached otherwise),
 *   so most requests for them make no D1 call at all. An admin's save purges
 *   them from the cache of the data center that served the admin (the Cache
 *   API reaches no further), so the admin sees the change at once; elsewhere
 *   they are at most five minutes old.
 */

const PRIVATE_NO_CACHE = "private, no-cache";
/** Five minutes at the edge, then one more while a fresh copy is made; browsers revalidate. */
export const EDGE_BRIEF_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";

const EDGE_CACHED = new Set(["/sitemap.xml", "/blog/rss.xml", "/robots.txt"]);
const edgeCache = () => (caches as unknown as { default: Cache }).default;
const cacheKey = (url: string) => new Request(url, { method: "GET" });

export function isEdgeCached(request: Request): boolean {
  return request.method === "GET" && EDGE_CACHED.has(new URL(request.url).pathname);
}

/**
 * Serves an edge-cached path from the cache, or renders it and stores a
 * successful answer (after the response, through `waitUntil`). The key is
 * the path alone: these answers depend on neither cookies nor the query.
 */
export async function fromEdgeCache(
  request: Request,
  ctx: Pick<ExecutionContext, "waitUntil">,
  render: () => Promise<Response>,
): Promise<Response> {
  const url = new URL(request.url);
  const key = cacheKey(`${url.origin}${url.pathname}`);
  const cache = edgeCache();
  const hit = await cache.match(key).catch(() => undefined);
  if (hit) return new Response(hit.body, hit);
  const response = await render();
  if (response.status === 200 && (response.headers.get("Cache-Control") ?? "").includes("s-maxage")) {
    ctx.waitUntil(cache.put(key, response.clone()).catch((error: unknown) => console.error("Edge cache put failed", error)));
  }
  return response;
}

/** HTML and data responses are never for a shared cache (see above); one marked `no-store` (shown once) stays so. */
export function privateUnlessPublic(response: Response): void {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.headers.get("Cache-Control")?.includes("no-store")) return;
  if (type.startsWith("text/html")) response.headers.set("Cache-Control", PRIVATE_NO_CACHE);
  else if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE_NO_CACHE);
}

/** Drops the edge-cached answers (this data center's copies), e.g. after an admin's save. */
export async function purgeEdgeCache(origin: string): Promise<void> {
  const cache = edgeCache();
  await Promise.all([...EDGE_CACHED].map((path) => cache.delete(cacheKey(`${origin}${path}`)).catch(() => false)));
}
