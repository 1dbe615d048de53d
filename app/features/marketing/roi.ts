/**
 * The ROI calculator: current MRR = ARPU × leads × close rate / 100;
 * new MRR = 50 leads × 65% close × ARPU; additional = new − current.
 * This schema checks the query string on the server (the page is a GET form).
 */
import { z } from "zod";
import { calculateRoi, ROI_FIELDS, ROI_LIMITS, type RoiField, type RoiState } from "./roi-shared";

export * from "./roi-shared";

const amount = (label: string, max: number) =>
  z.coerce
    .number({ error: `Enter ${label} as a number` })
    .refine(Number.isFinite, `Enter ${label} as a number`)
    .min(0, `${label[0]!.toUpperCase()}${label.slice(1)} can't be negative`)
    .max(max, `That ${label} looks too high: enter at most ${max.toLocaleString("en-US")}`);

const roiSchema = z.object({
  arpu: amount("your monthly ARPU", ROI_LIMITS.arpu),
  leads: amount("your monthly leads", ROI_LIMITS.leads),
  closeRate: z.coerce
    .number({ error: "Enter your close rate as a number" })
    .refine(Number.isFinite, "Enter your close rate as a number")
    .min(0, "Close rate can't be negative")
    .max(100, "Close rate must be between 0 and 100"),
});

/** Reads the calculator from a query string: nothing asked, a correction needed, or results. */
export function roiFromSearchParams(params: URLSearchParams): RoiState {
  const values = Object.fromEntries(ROI_FIELDS.map((f) => [f, (params.get(f) ?? "").slice(0, 32)])) as Record<RoiField, string>;
  if (ROI_FIELDS.every((f) => values[f].trim() === "")) return { status: "empty", values };
  const errors: Partial<Record<RoiField, string>> = {};
  for (const f of ROI_FIELDS) if (values[f].trim() === "") errors[f] = "Fill in all three values to calculate";
  const parsed = roiSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as RoiField;
      errors[field] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { status: "invalid", values, errors };
  return { status: "done", values, result: calculateRoi(parsed.data) };
}
