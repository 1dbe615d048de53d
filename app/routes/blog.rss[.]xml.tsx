import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { feedPosts } from "~/features/blog/blog.server";
import { rssXml } from "~/features/blog/rss.server";
import { BRIEF_PUBLIC_CACHE } from "~/lib/seo";

/** RSS 2.0 of the 20 newest published posts. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  return new Response(rssXml(env.SITE_URL, await feedPosts(env)), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": BRIEF_PUBLIC_CACHE },
  });
}
