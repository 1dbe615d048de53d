import { z } from "zod";

export const WAITLIST_MESSAGES = {
  required: "Please enter your email",
  invalid: "Please enter a valid email address",
  success: "You're on the waitlist! We'll notify you when the game launches.",
  failure: "Failed to join waitlist. Please try again.",
} as const;

/** Shared by the browser (conform, on blur) and the action. */
export const waitlistSchema = z.object({
  email: z
    .string({ error: WAITLIST_MESSAGES.required })
    .trim()
    .min(1, WAITLIST_MESSAGES.required)
    .max(254, WAITLIST_MESSAGES.invalid)
    .pipe(z.email({ error: WAITLIST_MESSAGES.invalid }))
    .transform((email) => email.toLowerCase()),
});

export type WaitlistInput = z.infer<typeof waitlistSchema>;
