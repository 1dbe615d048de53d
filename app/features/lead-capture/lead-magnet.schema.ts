import { z } from "zod";
import { optionalField, phoneField, requiredEmail, singleLine } from "~/lib/validation";
import { CHECKLIST_MESSAGES, LEAD_MAGNET_MESSAGES, PLAYBOOK_LANDING_MESSAGES } from "./lead-capture.messages";

export { CHECKLIST_MESSAGES, LEAD_MAGNET_MESSAGES, PLAYBOOK_LANDING_MESSAGES };

const M = LEAD_MAGNET_MESSAGES;

/** An app URL: required, parseable, http or https (in that order of messages). */
const appUrlField = singleLine(M.appUrlRequired)
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

const firstNameField = singleLine(M.firstNameRequired).min(1, M.firstNameRequired).min(2, M.firstNameShort).max(100, M.firstNameShort);

/** The popup's form: the same schema in the browser and in the action. */
export const leadMagnetPopupSchema = z.object({
  firstName: firstNameField,
  email: requiredEmail({ required: M.emailRequired, invalid: M.emailInvalid }),
  appUrl: appUrlField,
});

const L = PLAYBOOK_LANDING_MESSAGES;

/** Optional phone, on the site's one phone rule; empty is no phone. */
const optionalPhone = optionalField(phoneField(L.phoneInvalid));

/** The playbook landing page's form. */
export const playbookLandingSchema = z.object({
  firstName: singleLine(L.firstNameShort).min(2, L.firstNameShort).max(100, L.firstNameShort),
  email: requiredEmail({ required: L.emailInvalid, invalid: L.emailInvalid }),
  appUrl: appUrlField,
  phone: optionalPhone,
});

/** The marketing checklist: an email and nothing else. */
export const checklistSchema = z.object({
  email: requiredEmail({ required: CHECKLIST_MESSAGES.emailRequired, invalid: CHECKLIST_MESSAGES.emailInvalid }),
});
