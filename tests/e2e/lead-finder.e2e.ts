/**
 * An admin adds a keyword, uploads the sample CSV, reads the report, selects
 * three stores and deletes them, then deletes all after the confirmation:
 * with JavaScript (progress, dialog, select count) and without.
 */
import { resolve } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    await page.getByTestId("toast").getByText("Deleted 3 stores successfully", { exact: true }).waitFor();
    await page.getByRole("heading", { name: `Found 1 unique stores for ${keyword}` }).waitFor();

    await page.getByRole("link", { name: "Delete all" }).click();
    const confirm = js ? page.getByRole("dialog") : page.locator("main");
    await confirm.getByText(`All 1 stores of “${keyword}” (2 rows with duplicates) will be deleted for good.`).filter({ visible: true }).waitFor();
    await expectAccessible(page, js);
    await confirm.getByRole("button", { name: "Delete all stores" }).filter({ visible: true }).click();
    await page.getByTestId("toast").getByText("All stores deleted successfully", { exact: true }).waitFor();
    expect(query(`SELECT count(*) AS n FROM leads WHERE keyword_id = '${id}'`)).toEqual([{ n: 0 }]);
    await page.context().close();
  });
});
