/** Per-route meta: title, description, canonical link, and JSON-LD. */
import type { MetaDescriptor } from "@remix-run/cloudflare";

export const SITE_NAME = "Founder Leads";

interface SeoInput {
  title: string;
  description: string;
  /** Path of the page, e.g. `/blog/my-post`; joined to SITE_URL for the canonical link. */
  path: string;
  siteUrl: string;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  /** An absolute image URL for Open Graph and the Twitter card. */
  image?: string | null;
  /** Open Graph type: `website` (default) or `article`. */
  type?: "website" | "article";
}

export function canonicalUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith("/") ? siteUrl : `${siteUrl}/`).toString();
}

function jsonLd(data: Record<string, unknown> | Record<string, unknown>[]): MetaDescriptor {
  return { "script:ld+json": data };
}

export function seo({ title, description, path, siteUrl, jsonLd: ld, image, type = "website" }: SeoInput): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const url = canonicalUrl(siteUrl, path);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:type", content: type },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  if (ld) tags.push(jsonLd(ld));
  return tags;
}

/** The root loader's data carries SITE_URL to every route's `meta`. */
export function siteUrlFromMatches(matches: ReadonlyArray<{ id: string; data: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "http://localhost:8787";
}

/** The head of a page no search engine may index: its title and `robots: noindex`. */
export function noindexMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex" }];
}

/**
 * The head of every admin page, never indexed: `<title> | Founder Leads admin` behind the guard, and
 * `<title> | Founder Leads` on the pages open to signed-out people (sign-in, reset, invitation).
 */
export const adminMeta = (title: string, { signedOut = false } = {}): MetaDescriptor[] =>
  noindexMeta(`${title} | ${SITE_NAME}${signedOut ? "" : " admin"}`);
