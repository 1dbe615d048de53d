/** Field rules shared by the content resources (pages, guides, content blocks): browser and server alike. */
import { z } from "zod";
import { multiLine, optionalField, singleLine, slugRule } from "~/lib/validation";
import { CONTENT_MESSAGES } from "./content.messages";

export { checkboxField } from "~/lib/validation";

const M = CONTENT_MESSAGES;

/** A unique address segment: lowercase letters, digits and single dashes. */
export const slugField = (required: string = M.slugRequired, format: string = M.slugFormat) => slugRule(required, format).min(1, required);

export const titleField = singleLine(M.titleRequired).min(1, M.titleRequired).max(200, M.titleTooLong);

export const optionalText = (what: string, max: number) => optionalField(singleLine().max(max, M.tooLong(what, max)));
export const optionalLongText = (what: string, max: number) => optionalField(multiLine().max(max, M.tooLong(what, max)));

/** An integer, falling back to 0 when it cannot be read (spec: guide order index). */
export const integerOrZero = z.preprocess((v) => {
  const n = Number.parseInt(String(v ?? ""), 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, -1_000_000), 1_000_000) : 0;
}, z.number().int());
