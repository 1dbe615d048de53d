/** The dashboard home's period (a GET form: ?days=7|30|90) and the shapes of its funnel and outcomes. */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];
export const DEFAULT_PERIOD: InsightPeriod = 30;

export function parsePeriod(value: string | null | undefined): InsightPeriod {
  const n = Number(value);
  return INSIGHT_PERIODS.find((p) => p === n) ?? DEFAULT_PERIOD;
}

/** Onboarding drafts started in the period, and how far they got. */
export interface OnboardingFunnel {
  started: number;
  step2: number;
  step3: number;
  step4: number;
  finished: number;
}

export const FUNNEL_STEPS = [
  { key: "started", label: "Started" },
  { key: "step2", label: "Step 2" },
  { key: "step3", label: "Step 3" },
  { key: "step4", label: "Step 4" },
  { key: "finished", label: "Finished" },
] as const satisfies readonly { key: keyof OnboardingFunnel; label: string }[];

/** Per form: the people it brought in the period, and how many of them reached Qualified or Customer. */
export interface FormOutcome {
  form: string;
  people: number;
  reached: number;
}
