import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { EDGE_BRIEF_CACHE } from "~/lib/edge-cache.server";
import { listPublishedPageSlugs } from "~/features/content/pages.server";
import { listPublishedGuides } from "~/features/content/resources.server";
import { listPublishedPostSlugs } from "~/features/blog/blog.server";
import { sitemapXml } from "~/features/marketing/sitemap.server";
import { listPublishedQuestionSlugs } from "~/features/qa/qa.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
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
