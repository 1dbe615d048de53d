import { z } from "zod";
import { multiLine, requiredEmail, singleLine } from "~/lib/validation";
import { CONTACT_MESSAGES } from "./lead-capture.messages";

export const contactSchema = z.object({
  name: singleLine(CONTACT_MESSAGES.name).min(2, CONTACT_MESSAGES.name).max(100, CONTACT_MESSAGES.nameTooLong),
  email: requiredEmail({ required: CONTACT_MESSAGES.emailRequired, invalid: CONTACT_MESSAGES.emailInvalid }),
  company: singleLine().max(100, CONTACT_MESSAGES.companyTooLong).optional(),
  message: multiLine(CONTACT_MESSAGES.messageTooShort).min(10, CONTACT_MESSAGES.messageTooShort).max(2000, CONTACT_MESSAGES.messageTooLong),
});

export type ContactInput = z.infer<typeof contactSchema>;
