/**
 * The edge cache's gateway (ADR 0020): which route a request is for, whether the cache may answer it, and the
 * stored copy, fresh, stale or rendered now. Stored pages hold two placeholders (a CSP nonce, a form stamp) that
 * `personalise` turns into the visitor's own on the way out; the Worker entry (server.ts) builds the CSP from the
 * visitor's nonce, so no CSP is ever stored.
 *
 * Soft freshness (the Cache API knows none): a copy up to FRESH_MS old is a hit; up to STALE_MS it is served as
 * `stale` while one fresh render replaces it (waitUntil). Concurrent misses and refreshes of one key share one render
 * in this isolate. A render that throws, answers 5xx or marks itself degraded is never stored, and a stale copy (up
 * to STALE_MS) is served in its place when there is one.
 */
import { matchRoutes } from "@remix-run/react";
import { EDGE_TAG, type EdgeCacheDeclaration, type EdgeRender } from "./edge-tags";
import { edgeBypass, edgeKey, personalise, renderUrl, type EdgePlaceholders } from "./edge-pages.server";
import { indexLocally, usesZonePurge } from "./edge-purge.server";
import { readsFromPrimary } from "./d1-session.server";
import { signFor } from "./keys.server";
import { loggable } from "./log.server";
import type { routeTree } from "./route-paths";
import { EDGE_CAME_FROM } from "./visit-source";

export const FRESH_MS = 5 * 60 * 1000;
export const STALE_MS = 24 * 60 * 60 * 1000;

/** How a response was served: `cache;desc=<mode>` in Server-Timing. */
export type EdgeMode = "hit" | "miss" | "stale" | "bypass";

/** A page as the cache keeps it: buffered, so collapsed waiters each make their own copy. */
export type EdgeEntry = { status: number; headers: Headers; body: string; storedAt: number; view?: string };

const STORED_AT = "X-Edge-Stored-At";
const VIEW = "X-Edge-View";
const ORIGINAL_CACHE_CONTROL = "X-Edge-Cache-Control";
/** Headers of the stored copy that never reach a visitor. */
const INTERNAL_HEADERS = ["Cache-Tag", STORED_AT, VIEW, ORIGINAL_CACHE_CONTROL, "CF-Cache-Status", "Age", "Expires"];

/** Forces a miss (render and store) for the benchmark: honoured only with the var EDGE_BENCH="allowed", never in production. */
export const FORCE_MISS_HEADER = "X-Edge-Cache";

const edgeCache = () => (caches as unknown as { default: Cache }).default;

// ---------------------------------------------------------------------------------------------------------------
// What the cache may answer
// ---------------------------------------------------------------------------------------------------------------

type Tree = ReturnType<typeof routeTree>;
type RouteModules = Record<string, { module?: { handle?: unknown } } | undefined>;

/** The path a data request (`/blog.data`, `/_root.data`) is for. */
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * What the routes a path matches declare, merged; undefined unless every matched route but the root declares
 * `handle.edgeCache`, so a new route is never cached by accident.
 */
export function edgeDeclaration(tree: Tree, routes: RouteModules, pathname: string): EdgeCacheDeclaration | undefined {
  // Remix answers its route manifest itself, whatever route the path would match; admin paths are never public.
  if (pathname === "/__manifest" || readsFromPrimary(pathname)) return undefined;
  // The tree's nodes are route objects as react-router takes them (an index route has no children).
  const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pagePath(pathname));
  if (!matches) return undefined;
  const declarations: EdgeCacheDeclaration[] = [];
  for (const { route } of matches) {
    if (route.id === "root") continue;
    const declared = (routes[route.id ?? ""]?.module?.handle as { edgeCache?: EdgeCacheDeclaration } | undefined)?.edgeCache;
    if (!declared) return undefined;
    declarations.push(declared);
  }
  if (declarations.length === 0) return undefined;
  return {
    params: declarations.flatMap((d) => d.params ?? []),
    bypassCookies: declarations.flatMap((d) => d.bypassCookies ?? []),
  };
}

export type EdgePlan = { bypass: string } | { key: string; renderUrl: string; forceMiss: boolean };

/** Bypass (and why) or the key and the URL to render, for a request whose unreadable cookies were `cleared`. */
export function edgePlan(
  request: Request,
  { cleared, declaration, build, env }: { cleared: number; declaration: EdgeCacheDeclaration | undefined; build: string; env: Env },
): EdgePlan {
  const reason = edgeBypass(request, declaration);
  if (reason) return { bypass: reason };
  if (cleared > 0) return { bypass: "unreadable cookie" };
  const key = edgeKey(new URL(request.url), declaration!, build);
  const forceMiss = env.EDGE_BENCH === "allowed" && env.ENVIRONMENT !== "production" && request.headers.get(FORCE_MISS_HEADER) === "miss";
  return { key, renderUrl: renderUrl(key), forceMiss };
}

/** The build a key names: the assets' version and, where the runtime gives it, the Worker version. */
export function buildVersion(assetsVersion: string, env: Env): string {
  const worker = env.CF_VERSION_METADATA?.id;
  return worker ? `${assetsVersion}.${worker}` : assetsVersion;
}

// ---------------------------------------------------------------------------------------------------------------
// Placeholders and the visitor's copy
// ---------------------------------------------------------------------------------------------------------------

const placeholderCache = new Map<string, Promise<EdgePlaceholders>>();

/**
 * The secret placeholders of a build (one per isolate): a 22-character nonce, and a stamp in the form's shape whose
 * MAC is wrong, so a placeholder that ever reached a form would be refused as stale and the form given a new stamp.
 */
export function edgePlaceholders(env: Env, build: string): Promise<EdgePlaceholders> {
  let found = placeholderCache.get(build);
  if (!found) {
    found = signFor(env, "edge-placeholder", build).then((mac) => ({
      nonce: mac.slice(0, 22),
      stamp: `0000000000000.${mac.slice(0, 22)}.${mac}`,
      cameFrom: EDGE_CAME_FROM,
    }));
    // A failure (no signing key) is not kept: the next request tries again.
    found.catch(() => placeholderCache.delete(build));
    placeholderCache.set(build, found);
  }
  return found;
}

/** The response a visitor gets from an entry: internal headers dropped, their nonce and stamp in place. */
export function visitorCopy(entry: EdgeEntry, placeholders: EdgePlaceholders, visitor: EdgePlaceholders, pathname: string): Response {
  const headers = new Headers(entry.headers);
  // A stored copy's own Cache-Control is the cache's; the page's is kept aside.
  if (headers.has(STORED_AT)) {
    const cacheControl = headers.get(ORIGINAL_CACHE_CONTROL);
    if (cacheControl) headers.set("Cache-Control", cacheControl);
    else headers.delete("Cache-Control");
  }
  for (const name of INTERNAL_HEADERS) headers.delete(name);
  const response = new Response(entry.body, { status: entry.status, headers });
  const html = (headers.get("Content-Type") ?? "").startsWith("text/html");
  return html || pathname.endsWith(".data") ? personalise(response, placeholders, visitor) : response;
}

// ---------------------------------------------------------------------------------------------------------------
// Hit, stale or miss
// ---------------------------------------------------------------------------------------------------------------

/** A render for the cache: the response, and what the render collected (tags, degraded, a view). */
export type EdgeRendered = { response: Response; edge: EdgeRender };

export type EdgeDeps = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  placeholders: EdgePlaceholders;
  /**
   * Renders the page anonymously with the placeholders. `background`: a refresh after the response, whose D1 calls
   * are not the request's (its Server-Timing is already written).
   */
  render: (url: string, background: boolean) => Promise<EdgeRendered>;
  now?: number;
};

const inflight = new Map<string, Promise<{ entry: EdgeEntry; stored: boolean }>>();

async function readEntry(key: string): Promise<EdgeEntry | null> {
  const stored = await edgeCache()
    .match(key)
    .catch(() => undefined);
  if (!stored) return null;
  const storedAt = Number(stored.headers.get(STORED_AT));
  if (!Number.isFinite(storedAt)) return null;
  return {
    status: stored.status,
    headers: stored.headers,
    body: await stored.text(),
    storedAt,
    view: stored.headers.get(VIEW) ?? undefined,
  };
}

/** Why a rendered page may not be kept, or null when it may. */
function unfitToStore(response: Response, body: string, edge: EdgeRender, placeholders: EdgePlaceholders): string | null {
  if (response.status !== 200 && response.status !== 404) return `status ${response.status}`;
  if (response.headers.has("Set-Cookie")) return "sets a cookie";
  if (edge.degraded) return "degraded";
  if ((response.headers.get("Cache-Control") ?? "").includes("no-store")) return "no-store";
  if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // Both placeholders whole: the root data (in a nonce'd script) always carries the stamp.
    if (!body.includes(`nonce="${placeholders.nonce}"`) || !body.includes(placeholders.stamp)) return "placeholders not intact";
  }
  return null;
}

/** Renders `key` once in this isolate (concurrent callers share it) and stores what may be kept. */
function renderOnce(key: string, url: string, deps: EdgeDeps, background = false): Promise<{ entry: EdgeEntry; stored: boolean }> {
  const running = inflight.get(key);
  if (running) return running;
  const job = (async () => {
    const { response, edge } = await deps.render(url, background);
    const body = await response.text();
    const storedAt = deps.now ?? Date.now();
    const entry: EdgeEntry = { status: response.status, headers: new Headers(response.headers), body, storedAt, view: edge.view };
    const refusal = unfitToStore(response, body, edge, deps.placeholders);
    if (refusal) {
      // Redirects and errors are never kept, and say nothing worth a log line; anything else refused is worth one.
      if (response.status === 200 || response.status === 404) console.warn(`Edge cache: not storing ${url} (${refusal})`);
      return { entry, stored: false };
    }
    const tags = [EDGE_TAG.site, ...edge.tags, ...(response.status === 404 ? [EDGE_TAG.notFound] : [])];
    const headers = new Headers(response.headers);
    const cacheControl = headers.get("Cache-Control");
    if (cacheControl) headers.set(ORIGINAL_CACHE_CONTROL, cacheControl);
    headers.set("Cache-Control", `public, s-maxage=${STALE_MS / 1000}`);
    headers.set("Cache-Tag", [...new Set(tags)].join(","));
    headers.set(STORED_AT, String(storedAt));
    if (edge.view) headers.set(VIEW, edge.view);
    await edgeCache().put(key, new Response(body, { status: response.status, headers }));
    if (!usesZonePurge(deps.env)) await indexLocally(deps.env, key, tags);
    return { entry, stored: true };
  })().finally(() => inflight.delete(key));
  inflight.set(key, job);
  return job;
}

/** A render that failed, whatever the way: thrown, 5xx. */
const failed = (entry: EdgeEntry) => entry.status >= 500;

/** The page for a cacheable request, and how it was served. */
export async function serveFromEdge(
  plan: { key: string; renderUrl: string; forceMiss: boolean },
  deps: EdgeDeps,
): Promise<{ entry: EdgeEntry; mode: Exclude<EdgeMode, "bypass"> }> {
  const now = deps.now ?? Date.now();
  const cached = plan.forceMiss ? null : await readEntry(plan.key);
  const age = cached ? now - cached.storedAt : Infinity;
  if (cached && age <= FRESH_MS) return { entry: cached, mode: "hit" };
  if (cached && age <= STALE_MS) {
    deps.ctx.waitUntil(
      renderOnce(plan.key, plan.renderUrl, deps, true).catch((error: unknown) =>
        console.error("Edge cache: refresh failed", loggable(error)),
      ),
    );
    return { entry: cached, mode: "stale" };
  }
  try {
    const { entry } = await renderOnce(plan.key, plan.renderUrl, deps);
    if (failed(entry) && cached) return { entry: cached, mode: "stale" };
    return { entry, mode: "miss" };
  } catch (error) {
    if (cached) {
      console.error("Edge cache: render failed, serving the stored copy", loggable(error));
      return { entry: cached, mode: "stale" };
    }
    throw error;
  }
}
