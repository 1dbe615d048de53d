/**
 * A broadcast's body (ADR 0025): its sections through the site's one content renderer, as an email's HTML (links and
 * images absolute, without the site's CSS classes) and as plain text, and its "read on the site" link. The email,
 * the click redirect (which reads a broadcast's links from it) and the web version's links all start here.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { StructuredContent } from "~/components/content/StructuredContent";
import { normalizeContent, type Section } from "~/components/content/sections";

/** The outbox kind of a broadcast's email (also its campaign links' `utm_source`). */
export const BROADCAST_KIND = "broadcast";

/** Links and images of the site's own pages (`/blog/…`, `/media/…`) as absolute addresses, for a mail client. */
export function absoluteLinks(html: string, siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, "");
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${site}/`);
}

/** The sections as an email's HTML: the one content renderer, with absolute links, without the site's CSS classes (no mail client has them). */
export function sectionsHtml(sections: unknown[], siteUrl: string): string {
  const html = renderToStaticMarkup(<StructuredContent content={sections} />).replace(/ class="[^"]*"/g, "");
  return absoluteLinks(html, siteUrl);
}

/** Inline markup as plain text: `**bold**` as its words, `[text](url)` as `text (url)`. */
const plain = (text: string, siteUrl: string) =>
  text
    .replace(/\*\*(.+?)\*\*/g, "$1")
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => `${label} (${url.startsWith("/") ? siteUrl + url : url})`);

/** The sections as the plain-text part. */
export function sectionsText(sections: unknown[], siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, "");
  const lines = (s: Section): string[] => {
    switch (s.type) {
      case "paragraph":
        return [plain(s.text, site)];
      case "heading":
        return [s.text.toUpperCase()];
      case "list":
        return s.items.map((item, i) => `${s.ordered ? `${i + 1}.` : "-"} ${plain(item, site)}`);
      case "introduction":
      case "section":
      case "conclusion":
        return [
          ...(s.heading ? [s.heading.toUpperCase()] : []),
          plain(s.content, site),
          ...s.subsections.flatMap((sub) => [...(sub.subheading ? [sub.subheading] : []), plain(sub.content, site)]),
        ];
      case "cta":
        return [...(s.heading ? [s.heading] : []), plain(s.content, site)];
      case "image":
        return s.caption ? [`[${s.caption}]`] : [];
      case "invalid":
        return [];
    }
  };
  return normalizeContent(sections)
    .map((s) => lines(s).join("\n"))
    .filter(Boolean)
    .join("\n\n");
}

/** A broadcast's body for the email: HTML, text and the "read on the site" link of the post it was made from. */
export function broadcastBody(siteUrl: string, sections: unknown[], postSlug: string | null) {
  const site = siteUrl.replace(/\/+$/, "");
  return {
    html: sectionsHtml(sections, site),
    text: sectionsText(sections, site),
    readOnUrl: postSlug ? `${site}/blog/${postSlug}` : null,
  };
}

/** The stored sections (JSON text or already parsed) as an array; anything else as none. */
export function parseSections(value: unknown): unknown[] {
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
