/** Subscribing to the newsletter: the subscriber row and a welcome email. */
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { newsletterSubscribers } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { joinEmailList, type JoinResult } from "./email-list.server";
import { newsletterWelcomeEmail } from "./newsletter.emails";

export const NEWSLETTER_RATE_LIMIT: EdgeRateLimitRule = { name: "newsletter", binding: "FORM_RATE_LIMITER", periodSeconds: 60 };

export function subscribeNewsletter(env: Env, email: string): Promise<JoinResult> {
  return joinEmailList(env, newsletterSubscribers, email, [outboxDraft(newsletterWelcomeEmail, email, { email })], "newsletter");
}
