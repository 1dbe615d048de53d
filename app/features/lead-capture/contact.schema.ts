import { z } from "zod";
import { multiLine, requiredEmail, singleLine } from "~/lib/validation";

export const CONTACT_MESSAGES = {
  name: "Please enter your name",
  nameTooLong: "Name must be less than 100 characters",
  emailRequired: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  companyTooLong: "Company must be less than 100 characters",
  messageTooShort: "Please write at least 10 characters",
  messageTooLong: "Message must be less than 2000 characters",
  success: "Message sent!",
  successDetail: "Thanks for reaching out. We reply within one business day.",
  failure: "Your message could not be sent. Please try again.",
} as const;

export const contactSchema = z.object({
  name: singleLine(CONTACT_MESSAGES.name).min(2, CONTACT_MESSAGES.name).max(100, CONTACT_MESSAGES.nameTooLong),
  email: requiredEmail({ required: CONTACT_MESSAGES.emailRequired, invalid: CONTACT_MESSAGES.emailInvalid }),
  company: singleLine().max(100, CONTACT_MESSAGES.companyTooLong).optional(),
  message: multiLine(CONTACT_MESSAGES.messageTooShort).min(10, CONTACT_MESSAGES.messageTooShort).max(2000, CONTACT_MESSAGES.messageTooLong),
});

export type ContactInput = z.infer<typeof contactSchema>;
