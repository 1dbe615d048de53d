import { z } from "zod";
import { requiredEmail } from "~/lib/validation";
import { LEAD_MAGNET_MESSAGES } from "./lead-magnet.messages";

export { LEAD_MAGNET_MESSAGES };

const M = LEAD_MAGNET_MESSAGES;

/** An app URL: required, parseable, http or https (in that order of messages). */
export const appUrlField = z
  .string({ error: M.appUrlRequired })
  .trim()
  .min(1, M.appUrlRequired)
  .max(500, M.appUrlInvalid)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: M.appUrlInvalid });
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") ctx.addIssue({ code: "custom", message: M.appUrlScheme });
  });

export const firstNameField = z
  .string({ error: M.firstNameRequired })
  .trim()
  .min(1, M.firstNameRequired)
  .min(2, M.firstNameShort)
  .max(100, M.firstNameShort);

/** The popup's form: the same schema in the browser and in the action. */
export const leadMagnetPopupSchema = z.object({
  firstName: firstNameField,
  email: requiredEmail({ required: M.emailRequired, invalid: M.emailInvalid }),
  appUrl: appUrlField,
});

export type LeadMagnetPopupInput = z.infer<typeof leadMagnetPopupSchema>;
