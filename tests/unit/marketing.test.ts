import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { blockText } from "~/features/content/content-blocks.server";
import { contactSchema } from "~/features/lead-capture/contact.schema";
import { LEAD_MAGNET_MESSAGES as M, leadMagnetPopupSchema } from "~/features/lead-capture/lead-magnet.schema";
import { newsletterSchema } from "~/features/lead-capture/newsletter.schema";
import { calculateRoi, formatUsd, roiFromSearchParams } from "~/features/marketing/roi";
import { schedulerSrc } from "~/features/marketing/SchedulerEmbed";

const errors = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  const s = parseWithZod(fd, { schema });
  return s.status === "success" ? {} : (s.error ?? {});
};

describe("ROI maths", () => {
  it("follows the spec's formulas", () => {
    expect(calculateRoi({ arpu: 299, leads: 20, closeRate: 25 })).toEqual({ currentMrr: 1495, newMrr: 9717.5, additionalMrr: 8222.5 });
  });

  it("handles zeros and a current MRR above the plan's (negative gain)", () => {
    expect(calculateRoi({ arpu: 0, leads: 0, closeRate: 0 })).toEqual({ currentMrr: 0, newMrr: 0, additionalMrr: 0 });
    expect(calculateRoi({ arpu: 100, leads: 200, closeRate: 100 }).additionalMrr).toBe(3250 - 20000);
  });

  it("formats US dollars, cents only when there are cents", () => {
    expect(formatUsd(1495)).toBe("$1,495");
    expect(formatUsd(9717.5)).toBe("$9,717.50");
    expect(formatUsd(-16750)).toBe("-$16,750");
    expect(formatUsd(0.1 + 0.2)).toBe("$0.30");
  });

  it("reads the query string: empty, partial, invalid, done", () => {
    expect(roiFromSearchParams(new URLSearchParams("")).status).toBe("empty");
    const partial = roiFromSearchParams(new URLSearchParams("arpu=10"));
    expect(partial.status === "invalid" && partial.errors).toEqual({
      leads: "Fill in all three values to calculate",
      closeRate: "Fill in all three values to calculate",
    });
    const bad = roiFromSearchParams(new URLSearchParams("arpu=-1&leads=1e9&closeRate=abc"));
    expect(bad.status === "invalid" && bad.errors).toEqual({
      arpu: "Your monthly ARPU can't be negative",
      leads: "That your monthly leads looks too high: enter at most 100,000",
      closeRate: "Enter your close rate as a number",
    });
    const done = roiFromSearchParams(new URLSearchParams("arpu=49.5&leads=10&closeRate=10"));
    expect(done.status === "done" && done.result.currentMrr).toBeCloseTo(49.5);
  });
});

describe("form schemas", () => {
  it("popup: the spec's messages in order", () => {
    expect(errors(leadMagnetPopupSchema, {})).toEqual({
      firstName: [M.firstNameRequired],
      email: [M.emailRequired],
      appUrl: [M.appUrlRequired],
    });
    expect(errors(leadMagnetPopupSchema, { firstName: " A ", email: "x@", appUrl: "not a url" })).toEqual({
      firstName: [M.firstNameShort],
      email: [M.emailInvalid],
      appUrl: [M.appUrlInvalid],
    });
    expect(errors(leadMagnetPopupSchema, { firstName: "Al", email: "al@x.io", appUrl: "mailto:al@x.io" })).toEqual({
      appUrl: [M.appUrlScheme],
    });
    expect(errors(leadMagnetPopupSchema, { firstName: "Al", email: "al@x.io", appUrl: "http://x.io" })).toEqual({});
  });

  it("contact: required fields, optional company, lengths", () => {
    expect(Object.keys(errors(contactSchema, {}))).toEqual(["name", "email", "message"]);
    expect(errors(contactSchema, { name: "Al", email: "al@x.io", message: "1234567890" })).toEqual({});
    expect(errors(contactSchema, { name: "Al", email: "al@x.io", message: "x".repeat(2001) })).toEqual({
      message: ["Message must be less than 2000 characters"],
    });
  });

  it("newsletter: email required and valid", () => {
    expect(errors(newsletterSchema, { email: "" })).toEqual({ email: ["Please enter your email"] });
    expect(errors(newsletterSchema, { email: "nope" })).toEqual({ email: ["Please enter a valid email address"] });
  });
});

describe("content", () => {
  it("reads a content block's text", () => {
    expect(blockText("Hello")).toBe("Hello");
    expect(blockText({ text: " Hi " })).toBe("Hi");
    expect(blockText({ message: "Yo" })).toBe("Yo");
    expect(blockText({ text: "  " })).toBeNull();
    expect(blockText(null)).toBeNull();
  });

  it("prefills the scheduler URL with what is known: name, email and the person's reference for either scheduler", () => {
    expect(schedulerSrc("https://cal.example/x", { email: "a+b@c.io" })).toBe(
      "https://cal.example/x?hide_gdpr_banner=1&email=a%2Bb%40c.io",
    );
    expect(schedulerSrc("https://cal.example/x", { name: "Ada L", email: "a@c.io", reference: "p1.mac" })).toBe(
      "https://cal.example/x?hide_gdpr_banner=1&name=Ada+L&email=a%40c.io&metadata%5Bref%5D=p1.mac&utm_content=p1.mac",
    );
    expect(schedulerSrc("https://cal.example/x")).toBe("https://cal.example/x?hide_gdpr_banner=1");
  });
});
