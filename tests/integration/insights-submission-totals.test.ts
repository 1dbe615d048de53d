/**
 * Insights' submissions per closed day (ADR 0023): the cron rolls each UTC day an hour after its midnight, in order,
 * into `insight_submission_totals`; the report reads the rolled days' totals and the submissions after them, so its
 * figures are the same whether a day is rolled or not. A roll replaces its days (twice counts once), a run that
 * missed days catches up (a bounded number a run, the rest the next), and erasure leaves the rolled days' numbers.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../server";
import { parsePeriod } from "~/features/insights/insights";
import { insightsReport } from "~/features/insights/insights.server";
import { ROLL_DAYS, rollSubmissionDays, rollSubmissionRange } from "~/features/insights/submissions.server";
import type { InsightsReport } from "~/features/insights/insights";
import { insightDayTotal, person, personSubmission } from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const at = (day: string, hour = 12, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`);
/** Five days, and the five before (2023-05-27 to 05-31). */
const PERIOD = parsePeriod(new URLSearchParams("days=custom&from=2023-06-01&to=2023-06-05"), at("2023-06-20").getTime());
const campaign = `june-${uid()}`;

let cookie = "";
let ann = "";

beforeAll(async () => {
  ({ cookie } = await signedInAdmin());
  const [a, b, c, d] = await person.createMany(env.DB, [
    { status: "customer", firstChannel: "email", firstUtmCampaign: campaign, createdAt: at("2023-06-01", 9), lastSeenAt: at("2023-06-02") },
    { status: "qualified", firstChannel: "organic_search", createdAt: at("2023-06-02", 0), lastSeenAt: at("2023-06-04") },
    { status: "new", firstChannel: "direct", createdAt: at("2023-06-03"), lastSeenAt: at("2023-06-05") },
    { status: "new", createdAt: at("2023-05-30"), lastSeenAt: at("2023-05-30") },
  ]);
  ann = a!.email;
  const email = { channel: "email", utmSource: "newsletter", utmCampaign: campaign };
  const organic = { channel: "organic_search", referrerHost: "google.com" };
  await personSubmission.createMany(env.DB, [
    // The period before: one.
    { personId: d!.id, form: "contact", formPage: "/contact", createdAt: at("2023-05-30") },
    // The period: six, on both sides of a day's edges.
    { ...email, personId: a!.id, form: "onboarding", formPage: "/onboarding?step=2", createdAt: at("2023-06-01", 10) },
    { ...email, personId: a!.id, form: "contact", formPage: "/contact", createdAt: new Date(at("2023-06-03", 0).getTime() - 1) },
    { ...organic, personId: b!.id, form: "contact", formPage: "/contact", createdAt: at("2023-06-02", 0) },
    { channel: "direct", personId: c!.id, form: "onboarding", formPage: "/onboarding", createdAt: at("2023-06-03") },
    { ...organic, personId: b!.id, form: "checklist", formPage: "/shopify-app-marketing-checklist", createdAt: at("2023-06-04") },
    { personId: c!.id, form: "newsletter", createdAt: at("2023-06-05", 23, 59) },
    // After it.
    { channel: "direct", personId: c!.id, form: "contact", formPage: "/contact", createdAt: at("2023-06-06", 1) },
  ]);
  // The views' day totals of the pages, sources and campaign, so they are in the top lists.
  const views = { views: 10, visitors: 8 };
  await insightDayTotal.createMany(env.DB, [
    { scope: "day:site", day: "2023-06-02", ...views },
    ...["/onboarding", "/contact", "/shopify-app-marketing-checklist"].map((path) => ({
      scope: "day:page" as const,
      day: "2023-06-02",
      path,
      ...views,
    })),
    { scope: "day:source", day: "2023-06-02", channel: "email", source: "newsletter", ...views },
    { scope: "day:source", day: "2023-06-02", channel: "organic_search", source: "google.com", ...views },
    { scope: "day:source", day: "2023-06-02", channel: "direct", ...views },
    { scope: "day:campaign", day: "2023-06-02", campaign, ...views },
  ]);
});

const report = () => insightsReport(env.DB, PERIOD);
/** The submissions of each row of a top list or the forms, by its key. */
const submissionsOf = (list: { key?: string; form?: string; submissions: number }[]) =>
  Object.fromEntries(list.filter((r) => r.submissions > 0).map((r) => [r.key ?? r.form, r.submissions]));
const rolledDays = () =>
  all<{ day: string; submissions: number }>("SELECT day, submissions FROM insight_submission_totals WHERE scope = 'day' ORDER BY day");
const allTotals = () => all("SELECT * FROM insight_submission_totals ORDER BY scope, day, form, path, channel, source, campaign");

let live: InsightsReport;

// One story over time, in order (the cron's runs from one day to the next): its steps are not shuffled, though the file
// is, among the others.
describe("Insights' submissions per closed day", { shuffle: false }, () => {
  it("reads the submissions themselves before any day is rolled", async () => {
    expect(await rolledDays()).toEqual([]);
    live = await report();
    expect(live.totals.submissions).toBe(6);
    expect(live.previousTotals.submissions).toBe(1);
    expect(submissionsOf(live.forms)).toEqual({ onboarding: 2, contact: 2, checklist: 1, newsletter: 1 });
    expect(submissionsOf(live.pages)).toEqual({ "/onboarding": 2, "/contact": 2, "/shopify-app-marketing-checklist": 1 });
    expect(submissionsOf(live.sources)).toEqual({ "email\nnewsletter": 2, "organic_search\ngoogle.com": 2, "direct\n": 1 });
    expect(submissionsOf(live.campaigns)).toEqual({ [campaign]: 2 });
  });

  it("rolls the closed days from the first submission's, and the report is the same with the rest read live", async () => {
    // Midday on 06-03: the days up to 06-02 are closed; 06-03 to 06-05 stay live.
    expect(await rollSubmissionDays(env.DB, at("2023-06-03").getTime())).toBe(4);
    expect(await rolledDays()).toEqual([
      { day: "2023-05-30", submissions: 1 },
      { day: "2023-05-31", submissions: 0 },
      { day: "2023-06-01", submissions: 1 },
      { day: "2023-06-02", submissions: 2 },
    ]);
    const pages = await all(
      "SELECT day, path, submissions FROM insight_submission_totals WHERE scope = 'page' AND day = '2023-06-02' ORDER BY path",
    );
    expect(pages).toEqual([{ day: "2023-06-02", path: "/contact", submissions: 2 }]);
    expect(await report()).toEqual(live);
  });

  it("rolls a day an hour after its midnight, not before", async () => {
    expect(await rollSubmissionDays(env.DB, at("2023-06-04", 0, 59).getTime())).toBe(0);
    expect(await rollSubmissionDays(env.DB, at("2023-06-04", 1).getTime())).toBe(1);
    expect((await rolledDays()).at(-1)).toEqual({ day: "2023-06-03", submissions: 1 });
    expect(await report()).toEqual(live);
  });

  it("catches up the days a run missed, and the report stays the same once the whole period is rolled", async () => {
    // No run from 06-04 to 06-08: the next rolls the four days closed meanwhile.
    expect(await rollSubmissionDays(env.DB, at("2023-06-08", 2).getTime())).toBe(4);
    expect((await rolledDays()).slice(-4)).toEqual([
      { day: "2023-06-04", submissions: 1 },
      { day: "2023-06-05", submissions: 1 },
      { day: "2023-06-06", submissions: 1 },
      { day: "2023-06-07", submissions: 0 },
    ]);
    expect(await report()).toEqual(live);
    // Through the page too.
    const html = await (await get("/admin/insights?days=custom&from=2023-06-01&to=2023-06-05", cookie)).text();
    expect(html).toMatch(/data-testid="total-submissions">6</);
  });

  it("counts each submission once when a run or a day is rolled again", async () => {
    const before = await allTotals();
    expect(await rollSubmissionDays(env.DB, at("2023-06-08", 2).getTime())).toBe(0);
    await rollSubmissionRange(env.DB, "2023-05-30", "2023-06-07");
    await rollSubmissionRange(env.DB, "2023-06-02", "2023-06-02");
    expect(await allTotals()).toEqual(before);
    expect(await report()).toEqual(live);
  });

  it("catches up a long gap over several runs, a bounded number of days each", async () => {
    // 2023-06-08 to 2023-12-30: 206 days.
    const first = await rollSubmissionDays(env.DB, at("2023-12-31").getTime());
    expect(first).toBeGreaterThanOrEqual(ROLL_DAYS);
    expect(first).toBeLessThan(206);
    expect(first + (await rollSubmissionDays(env.DB, at("2023-12-31").getTime()))).toBe(206);
    expect((await rolledDays()).at(-1)?.day).toBe("2023-12-30");
  });

  it("is one of the cron's jobs", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: at("2024-01-02", 3).getTime() }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await rolledDays()).at(-1)?.day).toBe("2024-01-01");
    expect(await report()).toEqual(live);
  });

  it("keeps a rolled day's numbers when a person is erased: they name no one", async () => {
    const erased = await postForm(
      "/admin/privacy",
      { intent: "erase", email: ann, requestId: crypto.randomUUID(), confirm: "yes" },
      { cookie, headers: SAME_ORIGIN },
    );
    expect(erased.status).toBe(302);
    expect(await all("SELECT 1 FROM person_submissions WHERE utm_campaign = ?1", campaign)).toEqual([]);
    const after = await report();
    expect(after.totals).toEqual(live.totals);
    expect(submissionsOf(after.campaigns)).toEqual({ [campaign]: 2 });
    // Source to customer counts people, read live: Ann is gone from it.
    expect(after.customers.find((r) => r.campaign === campaign)).toBeUndefined();
    expect(live.customers.find((r) => r.campaign === campaign)).toMatchObject({ people: 1, customer: 1 });
  });
});
