/**
 * The onboarding wizard's rules, one zod schema per step (shared by the
 * browser and the action) and the whole form for the final submit.
 */
import { z } from "zod";
import { isValidPhone, multiLine, phoneField, singleLine } from "~/lib/validation";
import { APP_CATEGORIES, EMAIL_PATTERN, MIN_LONG_TEXT, PLAN_LIMITS, PRICING_MODELS } from "./onboarding.options";
import { ONBOARDING_MESSAGES as M } from "./onboarding.messages";

export * from "./onboarding.options";

const LONG_TEXT_MAX = 5000;
const SHORT_TEXT_MAX = 200;

const requiredText = (max = SHORT_TEXT_MAX) =>
  singleLine(M.required).min(1, M.required).max(max, `Please keep this under ${max} characters`);
/** The step-4 answers: several lines allowed. */
const requiredLongText = () =>
  multiLine(M.required).min(1, M.required).max(LONG_TEXT_MAX, `Please keep this under ${LONG_TEXT_MAX} characters`);

const longText = () =>
  multiLine(M.min50).min(MIN_LONG_TEXT, M.min50).max(LONG_TEXT_MAX, `Please keep this under ${LONG_TEXT_MAX} characters`);

export { isValidPhone };

function isValidUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

const enumOf = <T extends readonly { value: string }[]>(options: T, message: string) =>
  z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], { error: message });

const planSchema = z.object({
  name: requiredText(),
  price: requiredText(50),
  features: longText(),
});

export const step1Schema = z.object({
  appName: requiredText(),
  appCategory: enumOf(APP_CATEGORIES, M.selectCategory),
  appDescription: longText(),
  appUrl: singleLine(M.url).max(500, M.url).refine(isValidUrl, M.url),
});

export const step2Schema = z.object({
  firstName: requiredText(),
  lastName: requiredText(),
  email: z.string({ error: M.email }).trim().max(254, M.email).regex(EMAIL_PATTERN, M.email),
  company: requiredText(),
  phone: phoneField(M.phone),
});

export const step3Schema = z.object({
  pricingModel: enumOf(PRICING_MODELS, M.selectPricingModel),
  pricingPlans: z.array(planSchema, { error: M.plansMin }).min(PLAN_LIMITS.min, M.plansMin).max(PLAN_LIMITS.max, M.plansMax),
  uniqueValue: longText(),
});

export const step4Schema = z.object({
  targetAudience: requiredLongText(),
  idealContactPersona: requiredLongText(),
  painPoints: requiredLongText(),
  customerBehavior: requiredLongText(),
  competitionApps: requiredLongText(),
});

export const stepSchemas = [step1Schema, step2Schema, step3Schema, step4Schema] as const;

/** The whole form, checked again at the final submit. */
export const onboardingSchema = step1Schema.extend(step2Schema.shape).extend(step3Schema.shape).extend(step4Schema.shape);
export type OnboardingData = z.infer<typeof onboardingSchema>;

export function stepSchema(step: number) {
  return stepSchemas[Math.min(Math.max(step, 1), 4) - 1]!;
}

/**
 * What the visitor has typed so far, in any state: every field a string,
 * 1 to 5 plans. Used to carry the draft between steps and to save it.
 */
const draftText = z.string().max(LONG_TEXT_MAX).catch("").default("");
export const draftSchema = z.object({
  appName: draftText,
  appCategory: draftText,
  appDescription: draftText,
  appUrl: draftText,
  firstName: draftText,
  lastName: draftText,
  email: draftText,
  company: draftText,
  phone: draftText,
  pricingModel: draftText,
  pricingPlans: z
    .array(z.object({ name: draftText, price: draftText, features: draftText }).catch({ name: "", price: "", features: "" }))
    .catch([])
    .default([])
    .transform((plans) => (plans.length === 0 ? [{ name: "", price: "", features: "" }] : plans.slice(0, PLAN_LIMITS.max))),
  uniqueValue: draftText,
  targetAudience: draftText,
  idealContactPersona: draftText,
  painPoints: draftText,
  customerBehavior: draftText,
  competitionApps: draftText,
});
export type OnboardingDraft = z.infer<typeof draftSchema>;

export function toDraft(value: unknown): OnboardingDraft {
  return draftSchema.parse(value && typeof value === "object" ? value : {});
}
