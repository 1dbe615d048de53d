/**
 * A broadcast's email (ADR 0025): a list email of the newsletter (List-Unsubscribe, List-Id, the postal address and
 * the unsubscribe link come from delivery's rendering), its body the site's one structured-content renderer with
 * every link and image made absolute and each link through the click redirect (clicks.server.ts), a plain-text part
 * from the same sections, and a "View in browser" link when the broadcast has a web version.
 */
import { z } from "zod";
import { defineEmailTemplate } from "~/email/template";
import { BROADCAST_KIND } from "./body";
import { prepareBroadcastRows, type BroadcastPayload } from "./send-check.server";

export { absoluteLinks, BROADCAST_KIND, sectionsHtml, sectionsText } from "./body";

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
  webVersionUrl: z.string().nullable(),
});

/** The link to the web version (/newsletter/{slug}), at the top of the email when the admin chose one. */
export const VIEW_IN_BROWSER = "View in browser";

const button = { display: "inline-block", background: "#4338ca", color: "#ffffff", padding: "10px 18px", borderRadius: 8, fontWeight: 700 };

export const broadcastEmail = defineEmailTemplate<BroadcastPayload>({
  kind: BROADCAST_KIND,
  list: "newsletter",
  schema: payloadSchema,
  subject: (p) => p.subject,
  preview: (p) => p.preheader,
  prepare: prepareBroadcastRows,
  html: (p) => (
    <>
      {p.webVersionUrl ? (
        <p style={{ margin: "0 0 16px", fontSize: 13, textAlign: "right" }}>
          <a href={p.webVersionUrl} style={{ color: "#4b5563" }}>
            {VIEW_IN_BROWSER}
          </a>
        </p>
      ) : null}
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
      ...(p.webVersionUrl ? [`${VIEW_IN_BROWSER}: ${p.webVersionUrl}`, ""] : []),
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
