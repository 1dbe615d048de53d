/**
 * One text rule and one phone rule for every form: single-line fields lose
 * line breaks and control characters, multi-line fields keep their lines and
 * lose only the other control characters; every phone field follows the
 * onboarding rule with its own message.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contactSchema } from "~/features/lead-capture/contact.schema";
import { leadMagnetPopupSchema, playbookLandingSchema } from "~/features/lead-capture/lead-magnet.schema";
import { premiumAccessSchema } from "~/features/lead-capture/premium.schema";
import { step1Schema, step2Schema, step4Schema } from "~/features/onboarding/onboarding.schema";
import { qaEditSchema } from "~/features/qa/qa-admin.schema";
import { questionSchema } from "~/features/qa/qa.schema";
import { cleanMultiLine, cleanSingleLine, isValidPhone } from "~/lib/validation";

type Case = { schema: z.ZodType; base: Record<string, string>; single: string[]; multi: string[]; phone?: [string, string] };
const email = "ada@example.com";
const long = "We help fashion stores bundle products and raise their average order value.";

const FORMS: Record<string, Case> = {
  contact: {
    schema: contactSchema,
    base: { name: "Ada Lovelace", email, company: "Analytical", message: long },
    single: ["name", "company"],
    multi: ["message"],
  },
  premium: {
    schema: premiumAccessSchema,
    base: { firstName: "Ada", email, company: "Acme", accessTiming: "instantly" },
    single: ["firstName", "company"],
    multi: [],
  },
  "lead-magnet popup": {
    schema: leadMagnetPopupSchema,
    base: { firstName: "Ada", email, appUrl: "https://apps.shopify.com/bundles" },
    single: ["firstName", "appUrl"],
    multi: [],
  },
  "playbook landing": {
    schema: playbookLandingSchema,
    base: { firstName: "Ada", email, appUrl: "https://apps.shopify.com/bundles", phone: "+44 (20) 7946-0958" },
    single: ["firstName"],
    multi: [],
    phone: ["phone", "Please enter a valid phone number"],
  },
  question: {
    schema: questionSchema,
    base: { title: "How to price a bundle app?", question: long, category: "technical", submitterName: "Ada" },
    single: ["title", "submitterName"],
    multi: ["question"],
  },
  "question (admin edit)": {
    schema: qaEditSchema,
    base: { title: "How to price a bundle app?", question: long, answer: long, category: "technical", status: "pending" },
    single: ["title"],
    multi: ["question", "answer"],
  },
  "onboarding step 1": {
    schema: step1Schema,
    base: { appName: "Bundles", appCategory: "marketing", appDescription: long, appUrl: "https://apps.shopify.com/bundles" },
    single: ["appName", "appUrl"],
    multi: ["appDescription"],
  },
  "onboarding step 2": {
    schema: step2Schema,
    base: { firstName: "Ada", lastName: "Lovelace", email, company: "Acme", phone: "+1 555 123 4567" },
    single: ["firstName", "lastName", "company"],
    multi: [],
    phone: ["phone", "Please enter a valid phone number"],
  },
  "onboarding step 4": {
    schema: step4Schema,
    base: {
      targetAudience: "Fashion stores",
      idealContactPersona: "Founders",
      painPoints: "Low AOV",
      customerBehavior: "Test apps",
      competitionApps: "Bundler",
    },
    single: [],
    multi: ["targetAudience", "idealContactPersona", "painPoints", "customerBehavior", "competitionApps"],
  },
};

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const parse = (c: Case, patch: Record<string, string>) => c.schema.safeParse({ ...c.base, ...patch });
const errorsOf = (result: z.ZodSafeParseResult<unknown>, field: string) =>
  result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);

describe("text rules", () => {
  it("cleans one line and several lines", () => {
    expect(cleanSingleLine("Ada\u0000 Love\nlace\r\n\tX\u2028Y\u0085")).toBe("Ada Love lace X Y ");
    expect(cleanMultiLine("One\r\nTwo\rThree\u0000\u0007\u001B[31m\u2029Four\tfive")).toBe("One\nTwo\nThree[31m\nFour\tfive");
  });

  for (const [form, c] of Object.entries(FORMS)) {
    it(`${form}: the valid base passes`, () => {
      expect(parse(c, {}).success).toBe(true);
    });
    for (const field of c.single) {
      it(`${form}: ${field} is one line without control characters`, () => {
        const value = `\u0000\n${c.base[field]!.slice(0, 4)}\u0000\u0007${c.base[field]!.slice(4)}\r\n\u001B`;
        const result = parse(c, { [field]: value });
        expect(result.success).toBe(true);
        const cleaned = (result.data as Record<string, string>)[field]!;
        expect(cleaned).not.toMatch(CONTROL);
        expect(cleaned).not.toMatch(/[\n\r]/);
        expect(cleaned).toBe(c.base[field]);
      });
    }
    for (const field of c.multi) {
      it(`${form}: ${field} keeps its lines and loses other control characters`, () => {
        const result = parse(c, { [field]: `${c.base[field]}\r\nSecond\u0000 line\u0007\nThird` });
        expect(result.success).toBe(true);
        expect((result.data as Record<string, string>)[field]).toBe(`${c.base[field]}\nSecond line\nThird`);
      });
    }
    if (c.phone) {
      const [field, message] = c.phone;
      it(`${form}: ${field} follows the one phone rule with the form's message`, () => {
        for (const bad of ["1".repeat(26), "+0 555 123", "phone: 555", "+"])
          expect(errorsOf(parse(c, { [field]: bad }), field), bad).toEqual([message]);
        for (const good of ["+1 (555) 123-4567", "447946095812", "+" + "9".repeat(16)])
          expect(parse(c, { [field]: good }).success, good).toBe(true);
        expect(errorsOf(parse(c, { [field]: "+" + "9".repeat(17) }), field)).toEqual([message]);
      });
    }
  }

  it("isValidPhone: optional +, a non-zero digit and up to 15 more, ignoring spaces, dashes and parentheses", () => {
    expect(isValidPhone("+1 (555) 123-4567")).toBe(true);
    expect(isValidPhone("0555")).toBe(false);
    expect(isValidPhone("5".repeat(17))).toBe(false);
  });
});
