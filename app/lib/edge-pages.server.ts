/**
 * Public pages from the edge cache: the pure parts of the gateway (design in docs/decisions, "public pages from the
 * edge cache"). What is kept is decided per route (`handle.edgeCache`); this module says, for one request, whether
 * the cache may answer it (`edgeBypass`), under which key (`edgeKey`), and turns a stored copy into one visitor's
 * page (`personalise`): the stored HTML holds placeholders where each visitor's CSP nonce and form stamp go.
 */
import { SITE_COOKIES, type SiteCookieKey } from "./cookies.server";
import type { EdgeCacheDeclaration } from "./edge-tags";
import { CAME_FROM_FIELD } from "./visit-source";

export type { EdgeCacheDeclaration };

/**
 * Site cookies that make any page personal (a toast, an admin, a fresh write's bookmark, an onboarding draft): a
 * request that carries one is never answered from the cache. The others (`__visitor`, `__checklist`) count only on
 * the pages that declare them, so a returning visitor is not a miss everywhere.
 */
const BYPASS_EVERYWHERE: readonly SiteCookieKey[] = ["toast", "adminSession", "adminPending", "d1Bookmark", "onboarding"];

/** Remix's data requests name the loaders to run in `_routes`; the key keeps it, since it picks what is answered. */
const DATA_PARAMS = ["_routes"] as const;

/** Why a request is answered by the Worker rather than the cache, or `undefined` when the cache may answer it. */
export function edgeBypass(request: Request, declaration: EdgeCacheDeclaration | undefined): string | undefined {
  if (request.method !== "GET") return "method";
  if (!declaration) return "route";
  if (request.headers.has("Authorization")) return "authorization";
  const names = cookieNames(request.headers.get("Cookie"));
  const personal = [...BYPASS_EVERYWHERE, ...(declaration.bypassCookies ?? [])].map((key) => SITE_COOKIES[key].name);
  const found = personal.find((name) => names.has(name));
  return found ? `cookie ${found}` : undefined;
}

function cookieNames(header: string | null): Set<string> {
  const names = new Set<string>();
  for (const pair of (header ?? "").split(";")) {
    const name = pair.split("=", 1)[0]!.trim();
    if (name) names.add(name);
  }
  return names;
}

/**
 * The cache key of a page: its path, only the query parameters the page uses (sorted by name, then value; empty
 * values kept), and the build, so that HTML from one deploy never points at another deploy's assets. Campaign tags
 * (`utm_*`, `fbclid`, `gclid`, `ref`) and any other parameter share the page's one entry.
 */
export function edgeKey(url: URL, declaration: EdgeCacheDeclaration, build: string): string {
  const isData = url.pathname.endsWith(".data");
  const kept = new Set<string>([...(declaration.params ?? []), ...(isData ? DATA_PARAMS : [])]);
  const pairs = [...url.searchParams].filter(([name]) => kept.has(name));
  pairs.sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)));
  const search = new URLSearchParams(pairs);
  search.append("_v", build);
  return `${url.origin}${url.pathname}?${search}`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The URL a miss renders: the key without the build, so what is stored depends on the key alone. */
export function renderUrl(key: string): string {
  const url = new URL(key);
  url.searchParams.delete("_v");
  return url.search === "?" ? `${url.origin}${url.pathname}` : url.toString();
}

/**
 * What stands in the stored HTML where each visitor's nonce, form stamp and "came from" (ADR 0022) go. For a visitor:
 * their own values; `cameFrom` is the sanitised Referer of their request (a same-site path, another site's host, "").
 */
export type EdgePlaceholders = { nonce: string; stamp: string; cameFrom?: string };

/**
 * One visitor's copy of a stored page. HTML: the nonce of each script that carries the placeholder, the placeholder
 * stamp inside those scripts (the root data Remix writes into the page) and the value of each `_stamp` input. A data
 * request's body (turbo-stream text) carries the stamp only. The value of each "came from" input holding its
 * placeholder becomes the visitor's (escaped as an attribute value; with JavaScript the browser's kept visit
 * replaces it, so the root data keeps the placeholder). Nothing else is touched: text that happens to hold a
 * placeholder outside those places stays as it is, and never becomes a nonce.
 */
export function personalise(stored: Response, placeholders: EdgePlaceholders, visitor: EdgePlaceholders): Response {
  const type = stored.headers.get("Content-Type") ?? "";
  if (type.startsWith("text/html")) {
    let ours = false;
    let scriptText = "";
    return new HTMLRewriter()
      .on("script[nonce]", {
        element(script) {
          ours = script.getAttribute("nonce") === placeholders.nonce;
          scriptText = "";
          if (ours) script.setAttribute("nonce", visitor.nonce);
        },
        text(chunk) {
          if (!ours) return;
          scriptText += chunk.text;
          if (!chunk.lastInTextNode) {
            chunk.remove();
            return;
          }
          chunk.replace(scriptText.replaceAll(placeholders.stamp, visitor.stamp), { html: true });
          scriptText = "";
        },
      })
      .on('input[name="_stamp"]', {
        element(input) {
          if (input.getAttribute("value") === placeholders.stamp) input.setAttribute("value", visitor.stamp);
        },
      })
      .on(`input[name="${CAME_FROM_FIELD}"]`, {
        element(input) {
          // setAttribute writes the value as given: its ampersands and quotes are escaped here.
          if (placeholders.cameFrom && input.getAttribute("value") === placeholders.cameFrom) {
            input.setAttribute("value", (visitor.cameFrom ?? "").replaceAll("&", "&amp;").replaceAll('"', "&quot;"));
          }
        },
      })
      .transform(new Response(stored.body, stored));
  }
  if (!stored.body) return new Response(null, stored);
  const body = stored.body.pipeThrough(new TextDecoderStream()).pipeThrough(replaceInStream(placeholders.stamp, visitor.stamp));
  return new Response(body.pipeThrough(new TextEncoderStream()), stored);
}

/** Replaces `from` with `to` in a text stream, also where `from` is split across two chunks. */
function replaceInStream(from: string, to: string): TransformStream<string, string> {
  let held = "";
  return new TransformStream({
    transform(chunk, controller) {
      const text = (held + chunk).replaceAll(from, to);
      // Keep back the end that could be the start of `from`, to be completed by the next chunk.
      let keep = Math.min(from.length - 1, text.length);
      while (keep > 0 && !from.startsWith(text.slice(text.length - keep))) keep--;
      held = text.slice(text.length - keep);
      controller.enqueue(text.slice(0, text.length - keep));
    },
    flush(controller) {
      controller.enqueue(held);
    },
  });
}

const PRIVATE_NO_CACHE = "private, no-cache";
/**
 * The sitemap, the feed and robots.txt to browsers and any cache in front: five minutes, then one more while a fresh
 * copy is made. (The edge cache itself keeps them like every page, by tag.)
 */
export const EDGE_BRIEF_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=60";

/**
 * What browsers get: HTML and data requests are `private, no-cache` even when they come from the edge cache (the
 * copy is the visitor's own, with their nonce and stamp); one marked `no-store` (shown once) stays so.
 */
export function privateUnlessPublic(response: Response): void {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.headers.get("Cache-Control")?.includes("no-store")) return;
  if (type.startsWith("text/html")) response.headers.set("Cache-Control", PRIVATE_NO_CACHE);
  else if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PRIVATE_NO_CACHE);
}
