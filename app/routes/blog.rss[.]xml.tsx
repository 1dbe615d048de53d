import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { feedPosts } from "~/features/blog/blog.server";
import { rssXml } from "~/features/blog/rss.server";
import { EDGE_BRIEF_CACHE } from "~/lib/edge-cache.server";

/** RSS 2.0 of the 20 newest published posts. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  return new Response(rssXml(env.SITE_URL, await feedPosts(env)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": EDGE_BRIEF_CACHE },
  });
}
