import { z } from "zod";
import { defineEmailTemplate } from "~/email/template";

const payload = z.object({ email: z.string() });

export const waitlistConfirmationEmail = defineEmailTemplate({
  kind: "waitlist-confirmation",
  list: "waitlist",
  toVisitor: true,
  schema: payload,
  subject: () => "You're on the waitlist for Founder Quest",
  preview: () => "We'll email you the moment the game launches.",
  html: (_p, ctx) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>You're on the waitlist!</h1>
      <p>
        Thanks for joining the waitlist for <strong>Founder Quest</strong>, our browser game about building a SaaS company from the first
        line of code to the first $10K MRR.
      </p>
      <p>We'll notify you when the game launches. Until then, you'll hear from us only when there is news.</p>
      <p>
        Building a Shopify app right now? <a href={`${ctx.siteUrl}/onboarding`}>Get 2-3 free sample leads</a> in 24-48 hours.
      </p>
    </>
  ),
  text: (_p, ctx) =>
    [
      "You're on the waitlist!",
      "",
      "Thanks for joining the waitlist for Founder Quest, our browser game about building a SaaS company.",
      "We'll notify you when the game launches.",
      "",
      `Building a Shopify app right now? Get 2-3 free sample leads: ${ctx.siteUrl}/onboarding`,
    ].join("\n"),
});

export const waitlistNoticeEmail = defineEmailTemplate({
  kind: "waitlist-notice",
  schema: payload,
  subject: (p) => `New waitlist signup: ${p.email}`,
  preview: (p) => `${p.email} joined the game waitlist.`,
  html: (p) => (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 16px" }}>New waitlist signup</h1>
      <p>
        <strong>{p.email}</strong> joined the Founder Quest waitlist.
      </p>
    </>
  ),
  text: (p) => `New waitlist signup\n\n${p.email} joined the Founder Quest waitlist.`,
});

export const waitlistEmails = [waitlistConfirmationEmail, waitlistNoticeEmail];
