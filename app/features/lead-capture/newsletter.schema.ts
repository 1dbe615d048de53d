import { z } from "zod";
import { requiredEmail } from "~/lib/validation";

export const NEWSLETTER_MESSAGES = {
  required: "Please enter your email",
  invalid: "Please enter a valid email address",
  success: "You're subscribed! Watch your inbox for our next growth notes.",
  failure: "Subscription failed. Please try again.",
} as const;

export const newsletterSchema = z.object({
  email: requiredEmail({ required: NEWSLETTER_MESSAGES.required, invalid: NEWSLETTER_MESSAGES.invalid }),
});
