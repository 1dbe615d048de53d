/**
 * What a page served from the edge cache shows, named as tags (`post:<id>`, `list:blog`, `site`…): loaders name
 * them while the gateway renders a page for the cache, and admin writes purge the same names. Also how a loader
 * says that the page it rendered is not fit to keep (a read it swallowed failed).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SiteCookieKey } from "./cookies.server";

/** What a cacheable route declares in `handle.edgeCache`: the query parameters its loader reads, the cookies that make it personal. */
export type EdgeCacheDeclaration = {
  /** Query parameters the page really uses (search, category, sort, page…); every other one is dropped from the key. */
  params?: readonly string[];
  /** Site cookies only this page reads: a request carrying one is answered by the Worker, never from the cache. */
  bypassCookies?: readonly SiteCookieKey[];
};

/**
 * A render for the edge cache: the form stamp placeholder the root puts in the page, and what the render collects
 * (its tags, whether it is degraded, the question whose views the gateway counts).
 */
export type EdgeRender = { stamp: string; tags: Set<string>; degraded: boolean; view?: string };

export const EDGE_TAG = {
  /** Every cached page: purged by hand after a deploy that changes the layout. */
  site: "site",
  /** Every cached 404: a new record can take a path that was not found. */
  notFound: "notfound",
  /** The content blocks (the home page's announcement). */
  blocks: "blocks",
  finalGuide: "final-guide",
  list: (of: "blog" | "qa" | "pages" | "guides") => `list:${of}`,
  post: (id: string) => `post:${id}`,
  question: (id: string) => `question:${id}`,
  page: (id: string) => `page:${id}`,
  guide: (id: string) => `guide:${id}`,
  /** A broadcast's web version (/newsletter/{slug}). */
  broadcast: (id: string) => `broadcast:${id}`,
} as const;

/** Names what the page being rendered shows; a no-op outside a render for the cache. */
export function edgeTags(context: AppLoadContext, ...tags: string[]): void {
  for (const tag of tags) context.edge?.tags.add(tag);
}

/** The page being rendered stands in for content it could not read: the cache serves an older copy or none. */
export function markDegraded(context: AppLoadContext): void {
  if (context.edge) context.edge.degraded = true;
}
