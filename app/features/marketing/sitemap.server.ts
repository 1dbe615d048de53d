/** /sitemap.xml and /robots.txt. Fixed routes are in `publicPaths`; the route adds each feature's entries. */

/** The public marketing routes that always exist. */
const publicPaths = [
  "/",
  "/onboarding",
  "/questions-and-answers",
  "/questions-and-answers/submit",
  "/blog",
  "/contact",
  "/call-booking",
  "/book-a-call",
  "/saas-academy",
  "/paypal-subscription",
  "/playbooks",
  "/playbooks/premium",
  "/Shopify-App-Launch-and-Scaling-Playbook",
  "/playbook/Shopify-App-Launch-and-Scaling-Playbook/final-guide",
  "/shopify-app-marketing-checklist",
] as const;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

interface SitemapEntry {
  path: string;
  lastmod?: Date | null;
}

/** The sitemap XML for these paths (the route gathers them from each feature). */
export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const base = siteUrl.replace(/\/$/, "");
  const urls = [...publicPaths.map((path) => ({ path, lastmod: null })), ...entries]
    .map(
      (e) =>
        `  <url><loc>${escapeXml(`${base}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(env: Env): string {
  const base = env.SITE_URL.replace(/\/$/, "");
  return ["User-agent: *", "Disallow: /admin", "Disallow: /warm-leads", "", `Sitemap: ${base}/sitemap.xml`, ""].join("\n");
}
