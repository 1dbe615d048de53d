/**
 * The ROI calculator: current MRR = ARPU × leads × close rate / 100;
 * new MRR = 50 leads × 65% close × ARPU; additional = new − current.
 * The same schema checks the query string on the server and the inputs in the browser.
 */
import { z } from "zod";

export const ROI_PLAN_LEADS = 50;
export const ROI_ASSUMED_CLOSE_RATE = 0.65;
export const ROI_LIMITS = { arpu: 100_000, leads: 100_000 } as const;

const amount = (label: string, max: number) =>
  z.coerce
    .number({ error: `Enter ${label} as a number` })
    .refine(Number.isFinite, `Enter ${label} as a number`)
    .min(0, `${label[0]!.toUpperCase()}${label.slice(1)} can't be negative`)
    .max(max, `That ${label} looks too high: enter at most ${max.toLocaleString("en-US")}`);

export const roiSchema = z.object({
  arpu: amount("your monthly ARPU", ROI_LIMITS.arpu),
  leads: amount("your monthly leads", ROI_LIMITS.leads),
  closeRate: z.coerce
    .number({ error: "Enter your close rate as a number" })
    .refine(Number.isFinite, "Enter your close rate as a number")
    .min(0, "Close rate can't be negative")
    .max(100, "Close rate must be between 0 and 100"),
});

export type RoiInput = z.infer<typeof roiSchema>;
export type RoiField = keyof RoiInput;
export const ROI_FIELDS: RoiField[] = ["arpu", "leads", "closeRate"];

export interface RoiResult {
  currentMrr: number;
  newMrr: number;
  additionalMrr: number;
}

export function calculateRoi({ arpu, leads, closeRate }: RoiInput): RoiResult {
  const currentMrr = arpu * leads * (closeRate / 100);
  const newMrr = ROI_PLAN_LEADS * ROI_ASSUMED_CLOSE_RATE * arpu;
  return { currentMrr, newMrr, additionalMrr: newMrr - currentMrr };
}

export type RoiState =
  | { status: "empty"; values: Partial<Record<RoiField, string>> }
  | { status: "invalid"; values: Partial<Record<RoiField, string>>; errors: Partial<Record<RoiField, string>> }
  | { status: "done"; values: Partial<Record<RoiField, string>>; result: RoiResult };

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

export function formatUsd(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(rounded) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(rounded);
}
