import { z } from "zod";
import { DetailsTable, detailLines } from "~/email/layout";
import { defineEmailTemplate, greetingName } from "~/email/template";

const payload = z.object({
  firstName: z.string(),
  email: z.string(),
  appUrl: z.string(),
  page: z.string().nullish(),
  source: z.string(),
  phone: z.string().nullish(),
  type: z.string().nullish(),
  pdfUrl: z.string(),
  xlsxUrl: z.string(),
});

export const leadMagnetVisitorEmail = defineEmailTemplate({
  kind: "leadmagnet-visitor",
  toVisitor: true,
  schema: payload,
  subject: () => "Your Shopify App Launch & Scaling Playbook",
  preview: () => "The playbook PDF and the scaling checklist spreadsheet, as promised.",
  html: (p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>Here's your playbook, {greetingName(p.firstName)}</h1>
      <p>Thanks for your interest. As promised:</p>
      <ul>
        <li>
          <a href={p.pdfUrl}>The Shopify App Launch &amp; Scaling Playbook (PDF)</a>
        </li>
        <li>
          <a href={p.xlsxUrl}>The scaling checklist (spreadsheet)</a>
        </li>
      </ul>
      <p>
        Over the next 48 hours we'll also look for warm store leads for your app: merchants already testing apps like yours. Want to talk it
        through? <a href={`${ctx.siteUrl}/book-a-call`}>Book a free 30-minute call</a>.
      </p>
    </>
  ),
  text: (p, ctx) =>
    [
      `Here's your playbook, ${greetingName(p.firstName)}`,
      "",
      `The playbook (PDF): ${p.pdfUrl}`,
      `The scaling checklist (spreadsheet): ${p.xlsxUrl}`,
      "",
      "Over the next 48 hours we'll look for warm store leads for your app.",
      `Book a free 30-minute call: ${ctx.siteUrl}/book-a-call`,
    ].join("\n"),
});

export const checklistVisitorEmail = defineEmailTemplate({
  kind: "checklist-visitor",
  toVisitor: true,
  schema: payload,
  subject: () => "Your Shopify App Marketing Checklist",
  preview: () => "All 69 points are unlocked; the PDF follows within 48 hours.",
  html: (_p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>Your marketing checklist is unlocked</h1>
      <p>
        Thanks for asking for the Shopify App Marketing Checklist. All 69 points are waiting for you at{" "}
        <a href={`${ctx.siteUrl}/shopify-app-marketing-checklist`}>{`${ctx.siteUrl}/shopify-app-marketing-checklist`}</a>.
      </p>
      <p>We'll send the PDF copy to this address within 48 hours.</p>
      <p>Our advice: pick 3 to 5 items per sprint, ship them, measure, then come back for the next batch.</p>
    </>
  ),
  text: (_p, ctx) =>
    [
      "Your marketing checklist is unlocked",
      "",
      `All 69 points: ${ctx.siteUrl}/shopify-app-marketing-checklist`,
      "We'll send the PDF copy to this address within 48 hours.",
      "",
      "Our advice: pick 3 to 5 items per sprint, ship them, measure, then come back for the next batch.",
    ].join("\n"),
});

const leadLabel = (p: { type?: string | null }) => (p.type === "marketing-checklist" ? "checklist" : "playbook");

const leadDetails = (p: z.infer<typeof payload>): [string, string][] => [
  ["Name", p.firstName || "—"],
  ["Email", p.email],
  ["App URL", p.appUrl || "—"],
  ["Phone", p.phone ?? "—"],
  ["Source", p.source],
  ["Page", p.page ?? "—"],
];

export const leadMagnetNoticeEmail = defineEmailTemplate({
  kind: "leadmagnet-notice",
  schema: payload,
  subject: (p) => `New ${leadLabel(p)} lead: ${p.firstName ? `${p.firstName} (${p.email})` : p.email}`,
  preview: (p) => `${p.appUrl || p.email} via ${p.source}`,
  html: (p) => (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>New {leadLabel(p)} lead</h1>
      <DetailsTable rows={leadDetails(p)} />
    </>
  ),
  text: (p) => [`New ${leadLabel(p)} lead`, "", ...detailLines(leadDetails(p))].join("\n"),
});
