import { describe, expect, it } from "vitest";
import { CHECKLIST_SECTIONS } from "~/features/playbooks/checklist-sections.server";
import { CHECKLIST_ABOUT, CHECKLIST_FAQ, CHECKLIST_SPRINT_ADVICE } from "~/features/playbooks/checklist.data";
import { ACADEMY, FREE_RESOURCE, HUB_STATS, PREMIUM_PLAYBOOKS } from "~/features/playbooks/playbooks.data";

describe("marketing checklist content", () => {
  it("has the seven sections in order with the spec's item counts, 69 in all", () => {
    expect(CHECKLIST_SECTIONS.map((s) => [s.title, s.items.length])).toEqual([
      ["App Store optimizations", 15],
      ["Onboarding and dashboard", 10],
      ["Outreach and partnerships", 12],
      ["Content and community", 12],
      ["Analytics and experimentation", 7],
      ["Pricing and revenue", 7],
      ["Customer success and retention", 6],
    ]);
    expect(CHECKLIST_SECTIONS.reduce((n, s) => n + s.items.length, 0)).toBe(69);
  });

  it("uses unique slug ids and non-empty intros", () => {
    const ids = CHECKLIST_SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const s of CHECKLIST_SECTIONS) {
      expect(s.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(s.intro.trim()).not.toBe("");
    }
  });

  it("has unique, non-empty, short item titles and non-empty details", () => {
    const items = CHECKLIST_SECTIONS.flatMap((s) => s.items);
    const titles = items.map((i) => i.title.trim().toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    for (const item of items) {
      expect(item.title.trim()).not.toBe("");
      expect(item.title.length).toBeLessThanOrEqual(80);
      expect(item.detail.trim()).not.toBe("");
    }
  });

  it("advises 3 to 5 items per sprint and promises the PDF within 48 hours", () => {
    const faqText = CHECKLIST_FAQ.map((f) => `${f.question} ${f.answer}`).join(" ");
    expect(`${faqText} ${CHECKLIST_SPRINT_ADVICE}`).toMatch(/3 to 5 items per sprint/);
    expect(CHECKLIST_SPRINT_ADVICE).toMatch(/3 to 5 items per sprint/);
    expect(faqText).toMatch(/48 hours/);
    expect(CHECKLIST_FAQ.length).toBeGreaterThanOrEqual(5);
    expect(CHECKLIST_FAQ.length).toBeLessThanOrEqual(6);
  });

  it("has an about block on Founder Leads with the free sample offer", () => {
    expect(CHECKLIST_ABOUT.title).toContain("Founder Leads");
    const about = CHECKLIST_ABOUT.paragraphs.join(" ");
    expect(about).toMatch(/48 hours/);
    expect(about).toMatch(/2-3/);
  });
});

describe("playbooks hub content", () => {
  it("lists the six premium playbooks in the spec's order", () => {
    expect(PREMIUM_PLAYBOOKS.map((p) => p.title)).toEqual([
      "Pre-Launch Playbook",
      "Launch Strategy",
      "Post-Launch Growth",
      "Shopify App Scaling Blueprint",
      "Lead Generation Mastery",
      "Revenue Optimization Framework",
    ]);
    const ids = PREMIUM_PLAYBOOKS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of PREMIUM_PLAYBOOKS) {
      expect(p.points.length).toBeGreaterThanOrEqual(3);
      expect(p.points.length).toBeLessThanOrEqual(4);
      expect(p.tagline.trim()).not.toBe("");
      expect(p.format.trim()).not.toBe("");
    }
  });

  it("prices the academy at $197 one-time and links the free 69-point checklist", () => {
    expect(ACADEMY.price).toBe("$197");
    expect(ACADEMY.priceNote).toBe("one-time, lifetime access");
    expect(ACADEMY.includes.length).toBeGreaterThanOrEqual(5);
    expect(ACADEMY.includes.length).toBeLessThanOrEqual(7);
    expect(FREE_RESOURCE.href).toBe("/shopify-app-marketing-checklist");
    expect(FREE_RESOURCE.itemsLabel).toContain("69");
  });

  it("has 3 to 4 hero statistics", () => {
    expect(HUB_STATS.length).toBeGreaterThanOrEqual(3);
    expect(HUB_STATS.length).toBeLessThanOrEqual(4);
    expect(HUB_STATS.map((s) => s.value)).toContain("57+");
  });
});
