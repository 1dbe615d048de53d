/**
 * The merge fields of a follow-up step email (browser and server): the names a step may use, the check that refuses
 * an unknown one (the same zod schema in the editor and its action), and the filling of the values, each escaped for
 * the content markup so a name or an app can never make bold text or a link.
 */
import { z } from "zod";
import { greetingName } from "~/email/template";

export const MERGE_FIELDS = ["first_name", "app", "booking_link", "unsubscribe_link"] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

const FIELD = /\{([a-z_]+)\}/g;

/** The merge fields of a text that are not MERGE_FIELDS, each once, in order. */
export function unknownMergeFields(text: string): string[] {
  const unknown = [...text.matchAll(FIELD)].map((m) => m[1]!).filter((name) => !(MERGE_FIELDS as readonly string[]).includes(name));
  return [...new Set(unknown)];
}

const mergeChecked = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "Write something here.")
    .max(max, `Keep it under ${max} characters.`)
    .superRefine((text, ctx) => {
      const unknown = unknownMergeFields(text);
      if (unknown.length)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `Unknown merge field ${unknown.map((f) => `{${f}}`).join(", ")}. Use ${MERGE_FIELDS.map((f) => `{${f}}`).join(", ")}.`,
        });
    });

/** One step of a sequence, as the editor and its action validate it. */
export const sequenceStepSchema = z.object({
  subject: mergeChecked(150),
  body: mergeChecked(5000),
  delayHours: z.coerce
    .number()
    .int("Whole hours only.")
    .min(1, "At least 1 hour.")
    .max(24 * 60, "At most 60 days."),
});
export type SequenceStep = z.infer<typeof sequenceStepSchema>;

/** A value as plain text in the content markup: the characters of bold and links, and line breaks, removed. */
export function markupValue(value: string): string {
  return value
    .replace(/[*[\]()\\{}]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The text with the given fields filled (escaped); fields not given are left as they are (filled later). */
export function fillMergeFields(text: string, values: Partial<Record<MergeField, string>>): string {
  return text.replace(FIELD, (whole, name: string) => {
    const value = values[name as MergeField];
    return value === undefined ? whole : markupValue(value);
  });
}

/** The values the cron fills for a person (`{unsubscribe_link}` is made at render, for the recipient). */
export function personMergeValues(
  person: { name: string | null; app: string | null },
  siteUrl: string,
): Record<Exclude<MergeField, "unsubscribe_link">, string> {
  return {
    first_name: greetingName(person.name ?? ""),
    app: person.app?.trim() || "your app",
    booking_link: `${siteUrl.replace(/\/+$/, "")}/call-booking`,
  };
}

/** A step's email as the outbox stores it: subject and body filled (the engine's send, the editor's preview and test). */
export function stepEmailPayload(
  step: { subject: string; body: string },
  values: Partial<Record<MergeField, string>>,
  enrolmentId: string,
  index: number,
) {
  return {
    subject: fillMergeFields(step.subject, values).replace(/\s+/g, " "),
    body: fillMergeFields(step.body, values),
    enrolmentId,
    step: index,
  };
}
