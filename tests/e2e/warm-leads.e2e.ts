/**
 * An admin opens the warm-leads tool from the dashboard, is refused an empty
 * search, searches (with JavaScript: the five steps on a fake clock, then
 * 'Show results now' on a second search), reads the results over two pages,
 * exports the CSV and checks its rows, finds nothing for another keyword
 * (and nothing to export), starts a new search and logs out: with
 * JavaScript and without.
 */
import Papa from "papaparse";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as make from "../factories";
import { baseUrl, downloadedText, expectAccessible, launchChromium, modes, newContext, query, signInAsAdmin } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const STEPS = [
  "Searching stored leads",
  "Detecting purchase intent",
  "Checking competitor apps",
  "Analyzing keyword relevance",
  "Scanning social discussions",
];
const DELAYS = [5000, 7000, 8000, 8000, 10000];

/** A keyword of its own with 60 stores (one without email, one that looks like a formula). */
function seedKeyword(tag: string): string {
  const keyword = `Warm ${tag} ${Date.now()}`;
  const id = `e2e-warm-${tag}-${Date.now()}`;
  const stores = Array.from({ length: 60 }, (_, n) => {
    const i = n + 1;
    return {
      id: `${id}-${i}`,
      keywordId: id,
      storeName: i === 60 ? "=SUM(1+1)" : `Store ${String(i).padStart(2, "0")}`,
      storeUrl: `https://store-${i}-${tag}.example`,
      email: i === 59 ? null : `owner${i}@store.example`,
      appTesting: "Bundler",
      status: "On Trial",
      createdAt: new Date(1_700_000_000_000 + i * 1000),
    };
  });
  // One query: the keyword and its 60 stores (values written into the SQL, so no bound-parameter limit applies).
  query(`${make.keyword.sql({ id, keyword })};\n${make.lead.sql(...stores)};`);
  return keyword;
}

const stepStates = (page: Page) =>
  page
    .getByRole("list", { name: "Search progress" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((li) => li.getAttribute("data-state")));

async function submitSearch(page: Page, keyword: string) {
  await page.getByLabel("Keyword").fill(keyword);
  await page.getByRole("button", { name: "Search leads" }).click();
}

describe.each(modes)("warm leads $name", ({ js }) => {
  it("searches, shows the steps, reads and exports the results, starts over and logs out", async () => {
    const keyword = seedKeyword(js ? "js" : "nojs");
    const context = await newContext(browser, js);
    const page = await context.newPage();
    if (js) await page.clock.install();
    await signInAsAdmin(page);

    await page.getByRole("link", { name: "View Warm Leads" }).click();
    await page.getByRole("heading", { name: "Find stores that are ready to buy" }).waitFor();
    await expectAccessible(page, js);
    await page.getByRole("link", { name: "Start a search" }).click();
    await page.getByRole("heading", { name: "Search warm leads" }).waitFor();

    await page.getByRole("button", { name: "Search leads" }).click();
    await page.getByText("Please enter a keyword", { exact: true }).waitFor();
    expect(await page.getByLabel("Keyword").getAttribute("aria-invalid")).toBe("true");
    await expectAccessible(page, js);

    const progress = page.getByRole("heading", { name: `Searching for “${keyword.toUpperCase()}”` });
    // With JavaScript the fake clock stands still from here: only runFor moves it, a millisecond at a
    // time until the progress shows, so the first step starts at a known moment.
    if (js) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
    await submitSearch(page, keyword.toUpperCase());
    if (js) {
      for (let ms = 0; !(await progress.isVisible()); ms++) {
        if (ms > 5000) throw new Error("The progress did not show");
        await page.clock.runFor(1);
      }
      expect(await stepStates(page)).toEqual(["active", "pending", "pending", "pending", "pending"]);
      const status = page.getByRole("status").filter({ hasText: /^Step \d of 5/ });
      for (let i = 0; i < STEPS.length; i++) {
        expect(await status.textContent()).toBe(`Step ${i + 1} of 5: ${STEPS[i]}`);
        // Not early: the step is still active just before its delay ends, and done when it has.
        await page.clock.runFor(DELAYS[i]! - 100);
        expect((await stepStates(page))[i]).toBe("active");
        await page.clock.runFor(100);
        if (i < STEPS.length - 1)
          expect(await stepStates(page)).toEqual(STEPS.map((_, j) => (j <= i ? "done" : j === i + 1 ? "active" : "pending")));
      }
      await page.clock.resume();
    }
    await page.getByRole("heading", { name: `Results for “${keyword.toUpperCase()}”` }).waitFor();
    expect(page.url()).toContain(`/warm-leads?keyword=${encodeURIComponent(keyword.toUpperCase()).replace(/%20/g, "+")}`);
    await page.getByText("60 stores match", { exact: true }).waitFor();
    const rows = page.getByRole("region", { name: `Warm leads for ${keyword.toUpperCase()}` }).locator("tbody tr");
    expect(await rows.count()).toBe(50);
    await rows.first().getByRole("cell", { name: "=SUM(1+1)", exact: true }).waitFor();
    const visit = page.getByRole("link", { name: "Visit Store 58" });
    expect(await visit.getAttribute("href")).toBe(`https://store-58-${js ? "js" : "nojs"}.example/`);
    expect(await visit.getAttribute("target")).toBe("_blank");
    expect(await visit.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await page.getByRole("link", { name: "Mail Store 58" }).getAttribute("href")).toBe("mailto:owner58@store.example");
    expect(await page.getByRole("link", { name: "Mail Store 59" }).count()).toBe(0);
    await expectAccessible(page, js);

    await page.getByRole("link", { name: "Next" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    expect(await rows.count()).toBe(10);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const download = await downloading;
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`warm-leads-${keyword.toLowerCase().replace(/ /g, "-")}-${today}.csv`);
    if (js) await page.getByTestId("toast").getByText("CSV exported successfully!", { exact: true }).waitFor();
    const csv = Papa.parse<string[]>((await downloadedText(download)).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(csv[0]).toEqual(["Store Name", "Store URL", "Email", "Testing App", "Status", "Keyword"]);
    expect(csv).toHaveLength(61);
    expect(csv[1]).toEqual([
      "'=SUM(1+1)",
      `https://store-60-${js ? "js" : "nojs"}.example`,
      "owner60@store.example",
      "Bundler",
      "On Trial",
      keyword,
    ]);
    expect(csv[2]![2]).toBe("N/A");
    expect(csv.at(-1)![0]).toBe("Store 01");

    // Another keyword: nothing found, nothing to export.
    await page.getByRole("link", { name: "New Search" }).click();
    await page.getByRole("heading", { name: "Search warm leads" }).waitFor();
    expect(await page.getByLabel("Keyword").inputValue()).toBe("");
    const nothing = `no such keyword ${Date.now()}`;
    await submitSearch(page, nothing);
    if (js) {
      await page.getByRole("heading", { name: `Searching for “${nothing}”` }).waitFor();
      await expectAccessible(page, js);
      await page.getByRole("button", { name: "Show results now" }).click();
    }
    await page.getByText("No leads found for this keyword", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Export CSV" }).click();
    await page.getByTestId("toast").getByText("No leads to export", { exact: true }).waitFor();
    await page.getByRole("heading", { name: `Results for “${nothing}”` }).waitFor();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.goto("/warm-leads");
    expect(page.url()).toBe(`${baseUrl}/admin/login`);
    await context.close();
  });
});

describe("warm leads progress", () => {
  it("shows the steps without animation when reduced motion is asked for, and skips them on request", async () => {
    const keyword = seedKeyword("motion");
    const context = await newContext(browser, true, 390);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await signInAsAdmin(page);
    await page.goto("/warm-leads?step=search");
    await submitSearch(page, keyword);
    const active = page.locator('li[data-state="active"] span[aria-hidden="true"] span');
    await active.waitFor();
    expect(await active.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    expect(await active.evaluate((el) => getComputedStyle(el).animationName)).not.toBe("none");
    await page.getByRole("button", { name: "Show results now" }).click();
    await page.getByText("60 stores match", { exact: true }).waitFor();
    // At phone width the results are cards (the table's rows, restyled), not a table to scroll sideways.
    const cards = page.getByRole("region", { name: `Warm leads for ${keyword}` }).locator("tbody tr");
    expect(await cards.count()).toBe(50);
    await cards.first().getByRole("link", { name: "Visit =SUM(1+1)" }).waitFor();
    expect(await cards.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("flex");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, true);
    await context.close();
  });
});
