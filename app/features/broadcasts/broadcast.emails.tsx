/**
 * A broadcast's email (ADR 0025): a list email of the newsletter (List-Unsubscribe, List-Id, the postal address and
 * the unsubscribe link come from delivery's rendering), its body the site's one structured-content renderer with
 * every link and image made absolute, and a plain-text part from the same sections.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { StructuredContent } from "~/components/content/StructuredContent";
import { normalizeContent, type Section } from "~/components/content/sections";
import { defineEmailTemplate } from "~/email/template";
import { prepareBroadcastRows, type BroadcastPayload } from "./send-check.server";

export const BROADCAST_KIND = "broadcast";

const payloadSchema: z.ZodType<BroadcastPayload> = z.object({
  broadcastId: z.string(),
  subject: z.string(),
  preheader: z.string(),
  title: z.string(),
  intro: z.string(),
  sections: z.array(z.unknown()),
  readOnUrl: z.string().nullable(),
  bodyHtml: z.string(),
  bodyText: z.string(),
});

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

const button = { display: "inline-block", background: "#4338ca", color: "#ffffff", padding: "10px 18px", borderRadius: 8, fontWeight: 700 };

export const broadcastEmail = defineEmailTemplate<BroadcastPayload>({
  kind: BROADCAST_KIND,
  list: "newsletter",
  schema: payloadSchema,
  subject: (p) => p.subject,
  preview: (p) => p.preheader,
  prepare: (env, rows) =>
    prepareBroadcastRows(env, rows, (sections, siteUrl) => ({
      html: sectionsHtml(sections, siteUrl),
      text: sectionsText(sections, siteUrl),
    })),
  html: (p) => (
    <>
      {p.title ? <h1 style={{ fontSize: 24, lineHeight: 1.3, margin: "0 0 12px" }}>{p.title}</h1> : null}
      {p.intro ? <p style={{ fontSize: 17, color: "#374151" }}>{p.intro}</p> : null}
      {/* The one content renderer's markup (every text escaped by React), made once per batch by `prepare`. */}
      <div style={{ fontSize: 16, lineHeight: 1.6 }} dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
      {p.readOnUrl ? (
        <p style={{ margin: "24px 0 0" }}>
          <a href={p.readOnUrl} style={button}>
            Read on the site
          </a>
        </p>
      ) : null}
    </>
  ),
  text: (p) =>
    [
      ...(p.title ? [p.title, ""] : []),
      ...(p.intro ? [p.intro, ""] : []),
      p.bodyText,
      ...(p.readOnUrl ? ["", `Read on the site: ${p.readOnUrl}`] : []),
    ].join("\n"),
});

/**
 * A test of a broadcast, to the signed-in admin who asked: the same email (list headers, footer and all), its content
 * made when the test was asked for, so it has no send-time check (the admin need not be a subscriber).
 */
export const broadcastTestEmail = defineEmailTemplate<BroadcastPayload>({
  ...broadcastEmail,
  kind: "broadcast-test",
  subject: (p) => `[Test] ${p.subject}`,
  prepare: undefined,
});

/** To the admin who scheduled a broadcast that was not sent: nobody was in its audience at its time. */
export const broadcastNotSentEmail = defineEmailTemplate({
  kind: "broadcast-not-sent",
  schema: z.object({ subject: z.string(), broadcastId: z.string() }),
  subject: (p) => `Not sent: "${p.subject}" had nobody in its audience`,
  preview: () => "The scheduled broadcast was cancelled: its audience was empty.",
  html: (p) => (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>A scheduled broadcast was not sent</h1>
      <p>
        &ldquo;{p.subject}&rdquo; was due now, but nobody was in its audience any more (every subscriber in its segment had unsubscribed,
        been suppressed or erased). It was cancelled; nothing was sent.
      </p>
    </>
  ),
  text: (p) =>
    [
      "A scheduled broadcast was not sent",
      "",
      `"${p.subject}" was due now, but nobody was in its audience any more (every subscriber in its segment had unsubscribed, been suppressed or erased). It was cancelled; nothing was sent.`,
    ].join("\n"),
  campaignLinks: false,
});

export const broadcastsEmails = [broadcastEmail, broadcastTestEmail, broadcastNotSentEmail];
