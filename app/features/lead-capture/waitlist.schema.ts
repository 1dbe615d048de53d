import { z } from "zod";
import { requiredEmail } from "~/lib/validation";

export const WAITLIST_MESSAGES = {
  required: "Please enter your email",
  invalid: "Please enter a valid email address",
  success: "You're on the waitlist! We'll notify you when the game launches.",
  failure: "Failed to join waitlist. Please try again.",
} as const;

/** Shared by the browser (conform, on blur) and the action. */
export const waitlistSchema = z.object({
  email: requiredEmail({ required: WAITLIST_MESSAGES.required, invalid: WAITLIST_MESSAGES.invalid }),
});
