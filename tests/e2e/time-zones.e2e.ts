/**
 * What a visitor anywhere sees: every public page hydrates without an error
 * in zones on both sides of UTC and in a non-English browser.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchChromium, newContext, recordErrors, waitForHydration } from "./support";

let browser: Browser;
let pages: string[];
beforeAll(async () => {
  browser = await launchChromium();
  pages = await publicPages();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Ten hours west of UTC and fourteen east, in English and in German. At any hour, one of them is on another day
 * than UTC (Honolulu before 10:00 UTC, Kiritimati from 10:00 UTC on), so a date rendered in the wrong zone shows
 * up whatever the hour of the run; German writes numbers and dates unlike English ("1.299,5", "27.11.2026").
 * A third zone between them found nothing these two do not (ADR 0018).
 */
const ZONES = [
  { timezoneId: "Pacific/Honolulu", locale: "en-US" },
  { timezoneId: "Pacific/Kiritimati", locale: "de-DE" },
] as const;

/** Every page in the sitemap (two of each kind of generated page), the form routes' own pages, lists with filters, a 404. */
async function publicPages(): Promise<string[]> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const seen = new Map<string, number>();
  const pages = paths.filter((p) => {
    const kind = p.match(/^\/(blog|guides|questions-and-answers)\/(?!submit$)/)?.[1];
    if (!kind) return true;
    seen.set(kind, (seen.get(kind) ?? 0) + 1);
    return seen.get(kind)! <= 2;
  });
  return [
    ...pages,
    "/waitlist",
    "/newsletter",
    "/lead-magnet",
    "/blog?category=marketing",
    "/questions-and-answers?q=app&sort=popular",
    "/?arpu=1299.5&leads=1200&closeRate=12.5#roi-calculator",
    "/admin/login",
    "/no-such-page",
  ];
}

describe("Every public page in two time zones and languages", () => {
  it("lists every kind of public page", () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  // The zones at once, as a visitor in each would; one context and one tab per zone, going from page to page: each
  // is a full load of its own document (a new tab per page only added a renderer process to start and stop).
  it.concurrent.for(ZONES)(
    "hydrates with no console error and no uncaught error in $timezoneId ($locale)",
    { timeout: 240_000 },
    async (zone, { expect }) => {
      const context = await newContext(browser, true, 1280, zone);
      const page = await context.newPage();
      let path = "";
      // The 404 page's own status is the one "failed" resource a visitor is meant to get.
      const errors = recordErrors(page, (text) => path === "/no-such-page" && text.includes("404"));
      const failures: string[] = [];
      for (path of pages) {
        const before = errors.length;
        const response = await page.goto(path);
        // A response: the server's HTML was loaded and hydrated, not a jump within the page before.
        if (!response) failures.push(`${path}: not loaded as a document of its own`);
        await waitForHydration(page);
        const found = errors.slice(before);
        if (found.length) failures.push(`${path}:\n  ${found.join("\n  ")}`);
      }
      await context.close();
      expect(failures).toEqual([]);
    },
  );
});
