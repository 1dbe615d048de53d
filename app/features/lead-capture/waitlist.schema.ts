import { z } from "zod";
import { requiredEmail } from "~/lib/validation";
import { WAITLIST_MESSAGES } from "./lead-capture.messages";

/** Shared by the browser (conform, on blur) and the action. */
export const waitlistSchema = z.object({
  email: requiredEmail({ required: WAITLIST_MESSAGES.required, invalid: WAITLIST_MESSAGES.invalid }),
});
