import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { EDGE_BRIEF_CACHE } from "~/lib/edge-pages.server";
import { listPublishedPageSlugs } from "~/features/content/pages.server";
import { listPublishedGuides } from "~/features/content/resources.server";
import { listPublishedPostSlugs } from "~/features/blog/blog.server";
import { sitemapXml } from "~/features/marketing/sitemap.server";
import { listPublishedQuestionSlugs } from "~/features/qa/qa.server";
import { EDGE_TAG, edgeTags } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  edgeTags(context, EDGE_TAG.list("blog"), EDGE_TAG.list("qa"), EDGE_TAG.list("pages"), EDGE_TAG.list("guides"));
  const [pages, questions, guides, posts] = await Promise.all([
    listPublishedPageSlugs(env),
    listPublishedQuestionSlugs(env),
    listPublishedGuides(env),
    listPublishedPostSlugs(env),
  ]);
  const xml = sitemapXml(env.SITE_URL, [
    ...pages.map((p) => ({ path: `/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
    ...posts.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
    ...guides.map((g) => ({ path: `/guides/${encodeURIComponent(g.slug)}`, lastmod: g.updatedAt })),
    ...questions.map((q) => ({ path: `/questions-and-answers/${encodeURIComponent(q.slug)}`, lastmod: q.updatedAt })),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": EDGE_BRIEF_CACHE },
  });
}
