/**
 * An admin adds a keyword, uploads the sample CSV, reads the report, selects
 * three stores and deletes them, then deletes all after the confirmation:
 * with JavaScript (progress, dialog, select count) and without.
 */
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as make from "../factories";
import { expectAccessible, launchChromium, modes, newContext, query, signInAsAdmin } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(modes)("lead finder $name", ({ js }) => {
  it("adds a keyword, imports the sample CSV, deletes three stores, then all", async () => {
    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    await page.goto("/admin/dashboard/lead-finder");
    const keyword = `bundle apps ${js ? "js" : "nojs"} ${Date.now()}`;

    await page.getByLabel("New keyword").fill(keyword);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByTestId("toast").getByText("Keyword added successfully", { exact: true }).waitFor();
    await page.getByRole("link", { name: keyword, exact: true }).click();
    await page.getByRole("heading", { name: `Found 0 unique stores for ${keyword}` }).waitFor();
    await expectAccessible(page, js);

    await page.getByLabel("CSV file", { exact: true }).setInputFiles(resolve("public/sample-leads.csv"));
    await page.getByRole("button", { name: "Upload" }).click();
    const report = page.getByRole("status").filter({ hasText: "Uploaded 5 stores successfully" });
    await report.waitFor();
    await report.getByText("2 rows skipped").waitFor();
    await page.getByRole("heading", { name: `Found 4 unique stores for ${keyword}` }).waitFor();
    const id = query<{ id: string }>(`SELECT id FROM keywords WHERE keyword = '${keyword}'`)[0]!.id;
    expect(query(`SELECT count(*) AS n FROM leads WHERE keyword_id = '${id}'`)).toEqual([{ n: 5 }]);
    await expectAccessible(page, js);

    for (const store of ["Northwind Outfitters", "Peak Coffee Roasters", "Verde Home"]) await page.getByLabel(`Select ${store}`).check();
    if (js) await page.getByRole("button", { name: "Delete selected (3)" }).waitFor();
    await page.getByRole("button", { name: /^Delete selected/ }).click();
    // Asked first: in the dialog with JavaScript, on the page without.
    const asked = js ? page.getByRole("dialog") : page.locator("main");
    await asked.getByText(`3 selected stores of “${keyword}” (with their hidden duplicates) will be deleted for good.`).waitFor();
    await expectAccessible(page, js);
    await asked.getByRole("button", { name: "Delete selected stores" }).click();
    await page.getByTestId("toast").getByText("Deleted 3 stores successfully", { exact: true }).waitFor();
    await page.getByRole("heading", { name: `Found 1 unique stores for ${keyword}` }).waitFor();

    await page.getByRole("link", { name: "Delete all" }).click();
    const confirm = js ? page.getByRole("dialog") : page.locator("main");
    await confirm.getByText(`All 1 stores of “${keyword}” (2 rows with duplicates) will be deleted for good.`).waitFor();
    await expectAccessible(page, js);
    await confirm.getByRole("button", { name: "Delete all stores" }).click();
    await page.getByTestId("toast").getByText("All stores deleted successfully", { exact: true }).waitFor();
    expect(query(`SELECT count(*) AS n FROM leads WHERE keyword_id = '${id}'`)).toEqual([{ n: 0 }]);
    await page.context().close();
  });

  it("shows the stores as cards at phone width, where the checkboxes and the row buttons work", async () => {
    const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
    const id = `e2e-phone-${tag}`;
    query(make.keyword.sql({ id, keyword: `phone ${tag}` }));
    query(
      make.lead.sql(
        {
          id: `${id}-1`,
          keywordId: id,
          storeName: "Aurora Candles",
          storeUrl: "https://aurora-candles-with-a-rather-long-address.example/collections/all",
          email: "owner.with.a.long.address@aurora-candles.example",
          appTesting: "Bundle Builder Pro",
        },
        {
          id: `${id}-2`,
          keywordId: id,
          storeName: "Birch Outfitters",
          storeUrl: "https://birch.example",
          email: null,
          appTesting: "Upsell Plus",
        },
        {
          id: `${id}-3`,
          keywordId: id,
          storeName: "Cobalt Coffee",
          storeUrl: "https://cobalt.example",
          email: "hi@cobalt.example",
          appTesting: "Bundler",
        },
      ),
    );
    const page = await (await newContext(browser, js, 390)).newPage();
    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/lead-finder?keyword=${id}`);
    await page.getByRole("heading", { name: `Found 3 unique stores for phone ${tag}` }).waitFor();
    const rows = page.getByRole("region", { name: `Stores for phone ${tag}` }).locator("tbody tr");
    expect(await rows.count()).toBe(3);
    // Each row is a card (no sideways scrolling), its header row read by screen readers only.
    expect(await rows.first().evaluate((tr) => getComputedStyle(tr).display)).toBe("flex");
    if (js) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, js);

    await page.getByRole("button", { name: "Delete Birch Outfitters" }).click();
    await page.getByTestId("toast").getByText("Store deleted successfully", { exact: true }).waitFor();
    await page.getByLabel("Select Cobalt Coffee").check();
    await page.getByRole("button", { name: /^Delete selected/ }).click();
    const asked = js ? page.getByRole("dialog") : page.locator("main");
    await asked.getByRole("button", { name: "Delete selected stores" }).click();
    await page.getByTestId("toast").getByText("Deleted 1 stores successfully", { exact: true }).waitFor();
    expect(query(`SELECT store_name FROM leads WHERE keyword_id = '${id}'`)).toEqual([{ store_name: "Aurora Candles" }]);
    await page.context().close();
  });
});
