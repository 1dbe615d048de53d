/** The ROI calculator's numbers, shared by the page (browser) and the loader. No zod here: it ships to the browser. */
const ROI_PLAN_LEADS = 50;
const ROI_ASSUMED_CLOSE_RATE = 0.65;
export const ROI_LIMITS = { arpu: 100_000, leads: 100_000 } as const;

export type RoiField = "arpu" | "leads" | "closeRate";
type RoiInput = Record<RoiField, number>;
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

export function formatUsd(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(rounded) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(rounded);
}
