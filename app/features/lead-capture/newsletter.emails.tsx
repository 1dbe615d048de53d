import { z } from "zod";
import { defineEmailTemplate } from "~/email/template";
import { relinkConfirmation } from "./newsletter-link.server";

/**
 * The double opt-in request: a single-use link (its token only here and, hashed, on the
 * subscriber row; `secretFields` seals it in the outbox row and removes it at the first try, and
 * a later try makes a new one). Not a list email:
 * its recipient has not joined the list, and nothing more is sent unless they confirm, so it
 * carries no List-Unsubscribe (ADR 0016).
 */
export const newsletterConfirmEmail = defineEmailTemplate({
  kind: "newsletter-confirm",
  // The email a stranger's address would get if someone typed it in: the daily cap counts it first of all.
  toVisitor: true,
  schema: z.object({ email: z.string(), confirmUrl: z.string().url() }),
  subject: () => "Confirm your subscription to Founder Leads growth notes",
  preview: () => "One click to confirm, and you're subscribed.",
  secretFields: ["confirmUrl"],
  relink: relinkConfirmation,
  html: (p) => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>Confirm your subscription</h1>
      <p>Someone, hopefully you, asked to get Founder Leads growth notes at this address. Please confirm that it was you:</p>
      <p>
        <a href={p.confirmUrl} style={{ fontWeight: 700 }}>
          Confirm my subscription
        </a>
      </p>
      <p style={{ color: "#6b7280", fontSize: 14 }}>
        The link works for 7 days. If you did not ask for this, ignore this email: you will not hear from us again, and the sign-up is
        deleted.
      </p>
    </>
  ),
  text: (p) =>
    [
      "Confirm your subscription",
      "",
      "Someone, hopefully you, asked to get Founder Leads growth notes at this address. Please confirm that it was you:",
      "",
      p.confirmUrl,
      "",
      "The link works for 7 days. If you did not ask for this, ignore this email: you will not hear from us again, and the sign-up is deleted.",
    ].join("\n"),
});

/**
 * The answer to a sign-up of an address already confirmed: the form tells every address the same
 * thing (check your inbox), so the inbox tells the subscriber that nothing changed. A list email (it
 * goes to a member, with the list's unsubscribe link); counted by the daily cap like every email a
 * stranger could cause.
 */
export const newsletterAlreadySubscribedEmail = defineEmailTemplate({
  kind: "newsletter-already-subscribed",
  list: "newsletter",
  toVisitor: true,
  schema: z.object({ email: z.string() }),
  subject: () => "You're already subscribed to Founder Leads growth notes",
  preview: () => "Nothing to do: this address is on the list.",
  html: () => (
    <>
      <h1 style={{ fontSize: 22, margin: "0 0 16px" }}>You're already subscribed</h1>
      <p>
        Someone, hopefully you, asked to get Founder Leads growth notes at this address. It is already on the list, so nothing has changed:
        our notes keep coming about twice a month.
      </p>
      <p style={{ color: "#6b7280", fontSize: 14 }}>If you did not ask for this, there is nothing to do.</p>
    </>
  ),
  text: () =>
    [
      "You're already subscribed",
      "",
      "Someone, hopefully you, asked to get Founder Leads growth notes at this address. It is already on the list, so nothing has changed: our notes keep coming about twice a month.",
      "",
      "If you did not ask for this, there is nothing to do.",
    ].join("\n"),
});

/** Sent once the subscription is confirmed: the list's first email. */
export const newsletterWelcomeEmail = defineEmailTemplate({
  kind: "newsletter-welcome",
  list: "newsletter",
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
