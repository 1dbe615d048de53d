import { z } from "zod";
import { requiredEmail } from "~/lib/validation";
import { NEWSLETTER_MESSAGES } from "./lead-capture.messages";

export const newsletterSchema = z.object({
  email: requiredEmail({ required: NEWSLETTER_MESSAGES.required, invalid: NEWSLETTER_MESSAGES.invalid }),
});

/** Where the confirmation link of a newsletter sign-up points (double opt-in). */
export const CONFIRM_PATH = "/newsletter/confirm";
