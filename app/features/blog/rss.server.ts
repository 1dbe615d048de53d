/** The blog's RSS 2.0 feed: every text escaped, dates in RFC 822. */
import { BLOG_CATEGORIES } from "./blog.options";
import type { BlogCard } from "./blog.server";

const escapeXml = (s: string) =>
  s
    .replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "");

export function rssXml(siteUrl: string, posts: BlogCard[]): string {
  const base = siteUrl.replace(/\/$/, "");
  const items = posts
    .map((p) => {
      const link = `${base}/blog/${encodeURIComponent(p.slug)}`;
      const category = BLOG_CATEGORIES.find((c) => c.value === p.category)?.label ?? p.category;
      return [
        "    <item>",
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        p.publishedAt ? `      <pubDate>${p.publishedAt.toUTCString()}</pubDate>` : "",
        `      <description>${escapeXml(p.excerpt ?? "")}</description>`,
        `      <category>${escapeXml(category)}</category>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Founder Leads blog</title>
    <link>${escapeXml(`${base}/blog`)}</link>
    <atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>Growth, product and go-to-market notes for Shopify app founders.</description>
    <language>en-us</language>
${items}
  </channel>
</rss>
`;
}
