/** /sitemap.xml and /robots.txt. Later features add their entries to `publicPaths` or to the loader. */
import { listPublishedPageSlugs } from "~/features/content/pages.server";

/** The public marketing routes that always exist. */
export const publicPaths = [
  "/",
  "/onboarding",
  "/contact",
  "/call-booking",
  "/book-a-call",
  "/saas-academy",
  "/paypal-subscription",
] as const;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export async function sitemapXml(env: Env): Promise<string> {
  const base = env.SITE_URL.replace(/\/$/, "");
  const pages = await listPublishedPageSlugs(env);
  const entries = [
    ...publicPaths.map((path) => ({ loc: `${base}${path}`, lastmod: null as Date | null })),
    ...pages.map((p) => ({ loc: `${base}/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(env: Env): string {
  const base = env.SITE_URL.replace(/\/$/, "");
  return ["User-agent: *", "Disallow: /admin", "Disallow: /warm-leads", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}
