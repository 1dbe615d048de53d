/**
 * The Privacy page's forms: one zod schema each, used by conform in the
 * browser and, as one union on `intent`, by the action on the server.
 */
import { z } from "zod";
import { requiredEmail } from "~/lib/validation";
import { PRIVACY_MESSAGES as M } from "./privacy.messages";

const email = requiredEmail({ required: M.emailRequired, invalid: M.emailInvalid });

/** Typed on the page: show what is stored about the address. */
export const lookupSchema = z.object({ intent: z.literal("lookup"), email });
/** The export (its own route, a file download). */
export const exportSchema = z.object({ email });
/** The confirmation of an erasure: its request id is made once, so a retried erasure is recorded once. */
export const eraseSchema = z.object({
  intent: z.literal("erase"),
  email,
  requestId: z.uuid(),
  confirm: z.literal("yes", { error: M.confirmRequired }),
});
/** From the summary: ask for the confirmation. */
export const reviewEraseSchema = z.object({ intent: z.literal("review-erase"), email });

export const privacyActionSchema = z.discriminatedUnion("intent", [lookupSchema, reviewEraseSchema, eraseSchema]);
export type PrivacyIntent = z.infer<typeof privacyActionSchema>["intent"];
