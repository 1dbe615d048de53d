import { z } from "zod";
import { requiredEmail, singleLine } from "~/lib/validation";
import { ACCESS_TIMINGS } from "./premium.options";
import { PREMIUM_MESSAGES as M } from "./lead-capture.messages";

/** The premium access request: the same schema in the dialog, on /playbooks/premium and in the action. */
export const premiumAccessSchema = z.object({
  firstName: singleLine(M.firstNameRequired).min(1, M.firstNameRequired).max(100, M.firstNameRequired),
  email: requiredEmail({ required: M.emailInvalid, invalid: M.emailInvalid }),
  company: singleLine(M.companyRequired).min(1, M.companyRequired).max(200, M.companyRequired),
  accessTiming: z.enum(ACCESS_TIMINGS.map((t) => t.value) as ["instantly", "this-week", "this-month"], { error: M.accessTimingRequired }),
});

export type PremiumAccessInput = z.infer<typeof premiumAccessSchema>;
