import { z } from "zod";
import { DetailsTable, detailLines } from "~/email/layout";
import { defineEmailTemplate, greetingName } from "~/email/template";
import { accessTimingLabel } from "./premium.options";
import { OFFER } from "~/lib/offer";

const payload = z.object({
  firstName: z.string(),
  email: z.string(),
  company: z.string(),
  accessTiming: z.string(),
});

export const premiumRequesterEmail = defineEmailTemplate({
  kind: "premium-requester",
  toVisitor: true,
  schema: payload,
  subject: () => "Your SaaS Academy Premium request",
  preview: () => "Payment details follow within 24 hours.",
  html: (p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>Thanks, {greetingName(p.firstName)}: your request is in</h1>
      <p>
        You asked for premium access ({accessTimingLabel(p.accessTiming).toLowerCase()}). SaaS Academy Premium is {OFFER.premiumPrice}, one
        time, with lifetime access to all {OFFER.premiumPlaybooksWord} playbooks and every future update.
      </p>
      <p>We'll email you the payment details within 24 hours. Once paid, your access opens the same day.</p>
      <p>
        Questions in the meantime? Reply to this email or <a href={`${ctx.siteUrl}/contact`}>write to us</a>.
      </p>
    </>
  ),
  text: (p, ctx) =>
    [
      `Thanks, ${greetingName(p.firstName)}: your request is in`,
      "",
      `You asked for premium access (${accessTimingLabel(p.accessTiming).toLowerCase()}).`,
      `SaaS Academy Premium is ${OFFER.premiumPrice}, one time, with lifetime access to all ${OFFER.premiumPlaybooksWord} playbooks and every future update.`,
      "We'll email you the payment details within 24 hours.",
      "",
      `Questions? Reply to this email or write to us: ${ctx.siteUrl}/contact`,
    ].join("\n"),
});

const requestDetails = (p: z.infer<typeof payload>): [string, string][] => [
  ["Name", p.firstName],
  ["Email", p.email],
  ["Company", p.company],
  ["Needs access", accessTimingLabel(p.accessTiming)],
];

export const premiumNoticeEmail = defineEmailTemplate({
  kind: "premium-notice",
  schema: payload,
  subject: (p) => `Premium access request: ${p.firstName} (${p.company})`,
  preview: (p) => `${p.email} wants access ${accessTimingLabel(p.accessTiming).toLowerCase()}`,
  html: (p) => (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>Premium access request</h1>
      <p>Send the payment details within 24 hours.</p>
      <DetailsTable rows={requestDetails(p)} />
    </>
  ),
  text: (p) => ["Premium access request (send the payment details within 24 hours)", "", ...detailLines(requestDetails(p))].join("\n"),
});
