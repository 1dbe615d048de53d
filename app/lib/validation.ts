/** zod building blocks shared by the forms' schemas (browser and server alike). */
import { z } from "zod";

/** A required email: trimmed, lower-cased, at most 254 characters, with the form's own messages. */
export function requiredEmail(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(254, messages.invalid)
    .pipe(z.email({ error: messages.invalid }))
    .transform((email) => email.toLowerCase());
}
