import { describe, expect, it } from "vitest";
import { ONBOARDING_MESSAGES as M } from "~/features/onboarding/onboarding.messages";
import {
  isValidPhone,
  onboardingSchema,
  step1Schema,
  step2Schema,
  step3Schema,
  step4Schema,
  toDraft,
} from "~/features/onboarding/onboarding.schema";

const long = (n: number) => "a".repeat(n);
const firstError = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.success ? undefined : r.error!.issues.find((i) => i.path[0] === field)?.message;

const plan = (features = long(50)) => ({ name: "Pro", price: "$29", features });
const step1 = { appName: "ShipFast", appCategory: "shipping", appDescription: long(50), appUrl: "https://apps.shopify.com/shipfast" };
const step2 = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", company: "Analytical", phone: "+1 (555) 123-4567" };
const step3 = { pricingModel: "subscription", pricingPlans: [plan()], uniqueValue: long(50) };
const step4 = { targetAudience: "a", idealContactPersona: "b", painPoints: "c", customerBehavior: "d", competitionApps: "e" };

describe("phone rule", () => {
  it("accepts up to 16 digits after an optional +, ignoring spaces, dashes and parentheses", () => {
    expect(isValidPhone("1".repeat(15))).toBe(true);
    expect(isValidPhone("1".repeat(16))).toBe(true);
    expect(isValidPhone("+" + "1".repeat(16))).toBe(true);
    expect(isValidPhone("+1 (555) 123-4567")).toBe(true);
    expect(isValidPhone("555 12 34")).toBe(true);
  });
  it("refuses 17 digits, a leading 0, letters and a lone +", () => {
    expect(isValidPhone("1".repeat(17))).toBe(false);
    expect(isValidPhone("0123456")).toBe(false);
    expect(isValidPhone("+0123456")).toBe(false);
    expect(isValidPhone("12a45")).toBe(false);
    expect(isValidPhone("+")).toBe(false);
    expect(isValidPhone("")).toBe(false);
  });
  it("gives the spec's message", () => {
    expect(firstError(step2Schema.safeParse({ ...step2, phone: "0123" }), "phone")).toBe(M.phone);
  });
});

describe("step 1", () => {
  it("needs 50 characters of description, counted after trimming", () => {
    expect(step1Schema.safeParse(step1).success).toBe(true);
    expect(firstError(step1Schema.safeParse({ ...step1, appDescription: long(49) }), "appDescription")).toBe(M.min50);
    expect(firstError(step1Schema.safeParse({ ...step1, appDescription: `  ${long(49)}   ` }), "appDescription")).toBe(M.min50);
  });
  it("needs a URL that parses", () => {
    for (const bad of ["apps.shopify.com/x", "not a url", "", "http//missing-colon.com"]) {
      expect(firstError(step1Schema.safeParse({ ...step1, appUrl: bad }), "appUrl")).toBe(M.url);
    }
  });
  it("needs a name and a category from the list", () => {
    expect(firstError(step1Schema.safeParse({ ...step1, appName: "   " }), "appName")).toBe(M.required);
    expect(firstError(step1Schema.safeParse({ ...step1, appCategory: "games" }), "appCategory")).toBe(M.selectCategory);
  });
});

describe("step 2", () => {
  it("checks the email pattern", () => {
    expect(step2Schema.safeParse(step2).success).toBe(true);
    for (const bad of ["ada", "ada@", "ada@example", "a da@example.com"]) {
      expect(firstError(step2Schema.safeParse({ ...step2, email: bad }), "email")).toBe(M.email);
    }
  });
  it("refuses whitespace-only names and company", () => {
    for (const field of ["firstName", "lastName", "company"] as const) {
      expect(firstError(step2Schema.safeParse({ ...step2, [field]: "  " }), field)).toBe(M.required);
    }
  });
});

describe("step 3", () => {
  it("takes 1 to 5 plans, not 0 or 6", () => {
    expect(firstError(step3Schema.safeParse({ ...step3, pricingPlans: [] }), "pricingPlans")).toBe(M.plansMin);
    expect(step3Schema.safeParse({ ...step3, pricingPlans: [plan()] }).success).toBe(true);
    expect(step3Schema.safeParse({ ...step3, pricingPlans: Array.from({ length: 5 }, () => plan()) }).success).toBe(true);
    expect(firstError(step3Schema.safeParse({ ...step3, pricingPlans: Array.from({ length: 6 }, () => plan()) }), "pricingPlans")).toBe(
      M.plansMax,
    );
  });
  it("needs 50 characters of features on every plan, and of unique value", () => {
    const r = step3Schema.safeParse({ ...step3, pricingPlans: [plan(), plan(long(49))] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["pricingPlans.1.features", M.min50]]);
    expect(firstError(step3Schema.safeParse({ ...step3, uniqueValue: long(49) }), "uniqueValue")).toBe(M.min50);
    expect(firstError(step3Schema.safeParse({ ...step3, pricingModel: "" }), "pricingModel")).toBe(M.selectPricingModel);
  });
});

describe("step 4 and the whole form", () => {
  it("needs all five fields non-empty after trimming", () => {
    expect(step4Schema.safeParse(step4).success).toBe(true);
    for (const field of Object.keys(step4)) {
      expect(firstError(step4Schema.safeParse({ ...step4, [field]: " \n " }), field)).toBe(M.required);
    }
  });
  it("accepts a complete submission", () => {
    expect(onboardingSchema.safeParse({ ...step1, ...step2, ...step3, ...step4 }).success).toBe(true);
  });
  it("keeps any draft in a safe shape: strings, 1 to 5 plans", () => {
    expect(toDraft(null).pricingPlans).toEqual([{ name: "", price: "", features: "" }]);
    const d = toDraft({ appName: 5, pricingPlans: Array.from({ length: 8 }, () => plan()), junk: "x" });
    expect(d.appName).toBe("");
    expect(d.pricingPlans).toHaveLength(5);
    expect(d).not.toHaveProperty("junk");
  });
});
