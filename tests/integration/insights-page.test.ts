/**
 * The Insights page (ADR 0023): admins only; a period against the one before; visitors and page views per day with
 * their table; top pages, sources and campaigns with submissions and conversion; per form; source to customer; the
 * figures link to the filtered Leads list; every table as CSV through the one writer (formula-safe, audited).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { insightDayTotal, insightRollup, person, personSubmission } from "../factories";
import { get, signedInAdmin } from "./admin-helpers";
import { all } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
/** A custom week in the past no other test writes, and the week before it. */
const PERIOD = "days=custom&from=2024-03-01&to=2024-03-07";

let cookie = "";
const campaign = `spring-${uid()}`;
const decoy = `=HYPERLINK("x")-${uid()}`;

beforeAll(async () => {
  ({ cookie } = await signedInAdmin());
  const site = { scope: "site" as const, channel: "email", source: "newsletter", campaign };
  await insightRollup.createMany(env.DB, [
    { ...site, day: "2024-03-02", views: 7, visitors: 3 },
    { ...site, day: "2024-03-02", device: "mobile", views: 2, visitors: 1 },
    { ...site, day: "2024-03-05", views: 5, visitors: 4 },
    { scope: "site", day: "2024-03-05", channel: "campaign", source: "x", campaign: decoy, views: 1, visitors: 1 },
    { scope: "page", day: "2024-03-02", path: "/onboarding", channel: "email", source: "newsletter", campaign, views: 4, visitors: 2 },
    { scope: "page", day: "2024-03-05", path: "/contact", channel: "email", source: "newsletter", campaign, views: 3, visitors: 2 },
    // The week before: 4 visitors.
    { scope: "site", day: "2024-02-27", views: 6, visitors: 4 },
  ]);
  // The day's totals of these rows, as the views consumer writes them beside the fine rows (Insights reads only them).
  await insightDayTotal.createMany(env.DB, [
    { scope: "day:site", day: "2024-03-02", views: 9, visitors: 4 },
    { scope: "day:site", day: "2024-03-05", views: 6, visitors: 5 },
    { scope: "day:site", day: "2024-02-27", views: 6, visitors: 4 },
    { scope: "day:source", day: "2024-03-02", channel: "email", source: "newsletter", views: 9, visitors: 4 },
    { scope: "day:source", day: "2024-03-05", channel: "email", source: "newsletter", views: 5, visitors: 4 },
    { scope: "day:source", day: "2024-03-05", channel: "campaign", source: "x", views: 1, visitors: 1 },
    { scope: "day:campaign", day: "2024-03-02", campaign, views: 9, visitors: 4 },
    { scope: "day:campaign", day: "2024-03-05", campaign, views: 5, visitors: 4 },
    { scope: "day:campaign", day: "2024-03-05", campaign: decoy, views: 1, visitors: 1 },
    { scope: "day:page", day: "2024-03-02", path: "/onboarding", views: 4, visitors: 2 },
    { scope: "day:page", day: "2024-03-05", path: "/contact", views: 3, visitors: 2 },
  ]);
  const people = await person.createMany(env.DB, [
    { status: "customer", firstChannel: "email", firstUtmCampaign: campaign, createdAt: at("2024-03-02"), lastSeenAt: at("2024-03-02") },
    { status: "qualified", firstChannel: "email", firstUtmCampaign: campaign, createdAt: at("2024-03-03"), lastSeenAt: at("2024-03-03") },
    { status: "lost", firstChannel: "email", firstUtmCampaign: campaign, createdAt: at("2024-03-06"), lastSeenAt: at("2024-03-06") },
  ]);
  const source = { channel: "email", utmSource: "newsletter", utmCampaign: campaign };
  await personSubmission.createMany(env.DB, [
    { ...source, personId: people[0]!.id, form: "onboarding", formPage: "/onboarding?step=4", createdAt: at("2024-03-02") },
    { ...source, personId: people[1]!.id, form: "contact", formPage: "/contact", createdAt: at("2024-03-03") },
    { ...source, personId: people[2]!.id, form: "onboarding", formPage: "/onboarding", createdAt: at("2024-03-06") },
    // Before the period, and after it: not counted.
    { ...source, personId: people[2]!.id, form: "contact", formPage: "/contact", createdAt: at("2024-02-29", 23) },
    { ...source, personId: people[2]!.id, form: "contact", formPage: "/contact", createdAt: at("2024-03-08", 0) },
  ]);
});

const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/\s+/g, " ");
/** The cells of the table row whose first cell is `label`, as text (the cards' labels left out). */
function cells(html: string, caption: string, label: string): string[] {
  const table = html.split(`<caption class="sr-only">${caption}</caption>`)[1]!.split("</table>")[0]!;
  const rows = table.split("<tr>").slice(1);
  const strip = (cell: string) =>
    cell
      .replace(/<span aria-hidden="true" class="ui-cell-label">.*?<\/span>/g, "")
      .replace(/<[^>]+>/g, "")
      .trim();
  const parsed = rows.map((r) =>
    r
      .split(/<\/t[hd]>/)
      .slice(0, -1)
      .map(strip),
  );
  return parsed.find((r) => r[0] === label) ?? [];
}

describe("the Insights page", () => {
  it("is for admins only, the page and its CSV", async () => {
    for (const path of [`/admin/insights?${PERIOD}`, `/admin/insights.csv?table=days&${PERIOD}`]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
  });

  it("shows the period's totals against the week before, the days, and the top lists with conversion", async () => {
    const res = await get(`/admin/insights?${PERIOD}`, cookie);
    expect(res.status).toBe(200);
    const html = text(await res.text());
    // 3 + 1 + 4 + 1 visitors, 15 views; 3 submissions in the period; the week before: 4 visitors, 6 views, 1 submission.
    expect(html).toMatch(/data-testid="total-visitors">9</);
    expect(html).toMatch(/data-testid="total-page-views">15</);
    expect(html).toMatch(/data-testid="total-submissions">3</);
    expect(html).toMatch(/data-testid="total-conversion-rate">33.3%</);
    expect(html).toContain("Before: 4 (+125%)");
    expect(html).toContain('<time dateTime="2024-03-02">2024-03-02</time>');
    // The campaign: 8 visitors, 3 submissions (37.5%), its submissions open the Leads list of the campaign.
    expect(html).toContain(`href="/admin/dashboard/leads?campaign=${campaign}"`);
    expect(cells(html, "Top campaigns", campaign)).toEqual([campaign, "8", "14", "3", "37.5%"]);
    // The onboarding page: 2 visitors, 2 submissions sent from it (its query dropped); the form: the same page.
    expect(cells(html, "Top pages", "/onboarding")).toEqual(["/onboarding", "2", "4", "2", "100.0%"]);
    expect(cells(html, "Conversion per form", "Onboarding")).toEqual(["Onboarding", "/onboarding", "2", "4", "2", "100.0%"]);
    expect(cells(html, "Top sources", "Email: newsletter")).toEqual(["Email: newsletter", "8", "14", "3", "37.5%"]);
    // Source to customer: three people of the campaign, one qualified, one customer, one lost, each a Leads link.
    for (const status of ["qualified", "customer", "lost"]) {
      expect(html).toContain(`href="/admin/dashboard/leads?channel=email&amp;campaign=${campaign}&amp;status=${status}"`);
    }
    expect(html).toContain('href="/admin/dashboard/leads?form=onboarding"');
    // The admin's tabs name the page.
    expect(html).toMatch(/href="\/admin\/insights"[^>]*>Insights</);
  });

  it("exports each table as CSV, formula-safe, and records the export", async () => {
    const res = await get(`/admin/insights.csv?table=campaigns&${PERIOD}`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const rows = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, "")).data;
    expect(rows[0]).toEqual(["Campaign", "Visitors", "Page views", "Submissions", "Conversion rate (%)"]);
    expect(rows).toContainEqual([campaign, "8", "14", "3", "37.5"]);
    expect(rows).toContainEqual([`'${decoy}`, "1", "1", "0", "0"]);
    const days = Papa.parse<string[]>(
      (await (await get(`/admin/insights.csv?table=days&${PERIOD}`, cookie)).text()).replace(/^\uFEFF/, ""),
    ).data;
    expect(days.slice(0, 3)).toEqual([
      ["Date", "Visitors", "Page views"],
      ["2024-03-01", "0", "0"],
      ["2024-03-02", "4", "9"],
    ]);
    expect((await get(`/admin/insights.csv?table=nope&${PERIOD}`, cookie)).status).toBe(404);
    expect(await all("SELECT action FROM audit_log WHERE action = 'export.insights' AND detail LIKE '%campaigns%'")).not.toEqual([]);
  });

  it("takes 7, 30 or 90 days, and falls back to 30 for a period it cannot read", async () => {
    for (const [query, days] of [
      ["days=7", 7],
      ["days=90", 90],
      ["days=12", 30],
      ["days=custom&from=2024-03-09&to=2024-03-01", 30],
    ] as const) {
      const csv = await (await get(`/admin/insights.csv?table=days&${query}`, cookie)).text();
      expect([query, csv.trim().split("\r\n").length - 1]).toEqual([query, days]);
    }
  });
});
