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

// ---------------------------------------------------------------- text

/** Line breaks and tabs (including Unicode's line and paragraph separators). */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Control characters other than tab and line feed: NUL, C0, DEL, C1. */
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u0084\u0086-\u009F]/g;

/** One line: line breaks and tabs become one space, other control characters are removed. */
export const cleanSingleLine = (value: string) => value.replace(LINE_BREAKS, " ").replace(CONTROLS, "");

/** Several lines: line breaks kept (as \n), tabs kept, other control characters removed. */
export const cleanMultiLine = (value: string) =>
  value
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n")
    .replace(/[\v\f]/g, "\n")
    .replace(CONTROLS, "");

/**
 * Every text field of every form starts from one of these two: names,
 * companies, titles and app names are `singleLine`, messages, questions and
 * answers `multiLine`. Both are trimmed; chain the field's own rules after.
 */
export const singleLine = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .overwrite(cleanSingleLine)
    .trim();
export const multiLine = (message?: string) =>
  z
    .string(message ? { error: message } : undefined)
    .overwrite(cleanMultiLine)
    .trim();

/** Empty (after trimming) counts as not given: for optional fields. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

// ---------------------------------------------------------------- phone

/** Digits after removing spaces, dashes and parentheses: optional +, a non-zero digit, up to 15 more. */
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s\-()]/g, ""));
}

/** The one phone rule of the site, with the form's own message. */
export const phoneField = (message: string) => singleLine(message).max(40, message).refine(isValidPhone, message);

// ---------------------------------------------------------------- addresses and flags

/** An address segment: lowercase letters, digits and single dashes (pages, guides, blog posts, block names). */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_FORMAT_MESSAGE = "Use lowercase letters, digits and single dashes (for example privacy-policy)";

export const slugRule = (required: string | undefined, format: string = SLUG_FORMAT_MESSAGE) =>
  singleLine(required).max(80, "Slug must be less than 80 characters").regex(SLUG_PATTERN, format);

/** A checkbox: checked ("on") is true, anything else false. */
export const checkboxField = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
