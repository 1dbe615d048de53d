import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { feedPosts } from "~/features/blog/blog.server";
import { rssXml } from "~/features/blog/rss.server";
import { EDGE_BRIEF_CACHE } from "~/lib/edge-pages.server";
import { EDGE_TAG, edgeTags } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** RSS 2.0 of the 20 newest published posts. */
/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  edgeTags(context, EDGE_TAG.list("blog"));
  return new Response(rssXml(env.SITE_URL, await feedPosts(env)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": EDGE_BRIEF_CACHE },
  });
}
