import { z } from "zod";
import { defineEmailTemplate } from "~/email/template";

export const newsletterWelcomeEmail = defineEmailTemplate({
  kind: "newsletter-welcome",
  toVisitor: true,
  schema: z.object({ email: z.string() }),
  subject: () => "Welcome to Founder Leads growth notes",
  preview: () => "Short, practical notes on finding merchants for your Shopify app.",
  html: (_p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>You're subscribed</h1>
      <p>
        Thanks for subscribing. About twice a month we send short, practical notes on finding merchants for Shopify apps: outreach that gets
        replies, App Store positioning, pricing experiments and what is working for other founders right now.
      </p>
      <p>
        Want leads rather than notes? <a href={`${ctx.siteUrl}/onboarding`}>Get 2-3 free sample leads</a> in 24-48 hours.
      </p>
    </>
  ),
  text: (_p, ctx) =>
    [
      "You're subscribed",
      "",
      "About twice a month we send short, practical notes on finding merchants for Shopify apps.",
      "",
      `Want leads rather than notes? Get 2-3 free sample leads: ${ctx.siteUrl}/onboarding`,
    ].join("\n"),
});
