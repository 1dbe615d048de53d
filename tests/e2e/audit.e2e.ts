/**
 * The audit log in the browser, with JavaScript and without: an admin saves a
 * page, opens Audit, filters by action (a GET form) and finds the entry with
 * who, what, which record and when, rendered the same as on the server in a
 * browser far from UTC.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/format";
import { DEMO_ADMIN } from "../../scripts/seed-data.mjs";
import {
  baseUrl,
  contentJson,
  expectAccessible,
  launchChromium,
  modes,
  newContext,
  query,
  signInAsAdmin,
  waitForHydration,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(modes)("audit log $name", ({ js }) => {
  it("records a page save; the Audit tab filtered by action shows who saved which page, and when", async () => {
    const address = `192.0.2.${js ? 71 : 72}`;
    const page = await (await newContext(browser, js, 1280, { ip: address })).newPage();
    await signInAsAdmin(page);
    const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
    const title = `Audited ${tag}`;

    await page.goto("/admin/dashboard/pages/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug", { exact: true }).fill(`audited-${tag}`);
    await (await contentJson(page)).fill(JSON.stringify([{ type: "paragraph", text: "Audited." }]));
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Page created successfully", { exact: true }).waitFor();
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("heading", { name: "Edit page" }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill(`${title} (edited)`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Page updated successfully", { exact: true }).waitFor();
    const [saved] = query<{ id: string }>(`SELECT id FROM pages WHERE title = '${title} (edited)'`);
    const [entry] = query<{ at: number; address: string }>(
      `SELECT at, address FROM audit_log WHERE action = 'pages.update' AND record_id = '${saved!.id}'`,
    );
    expect(entry!.address).toBe(address);

    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Audit", exact: true }).click();
    await page.waitForURL(`${baseUrl}/admin/audit`);
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    if (js) await waitForHydration(page);
    await page.getByLabel("Action").selectOption("pages.update");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/\/admin\/audit\?.*action=pages\.update/);
    // With JavaScript the address can change a moment before the filtered rows are drawn: wait for them.
    await expect.poll(() => page.locator("tbody tr").filter({ hasNotText: "pages.update" }).count()).toBe(0);

    const row = page.getByRole("row").filter({ hasText: `pages · ${saved!.id}` });
    await row.waitFor();
    expect(await row.getByText(DEMO_ADMIN.email, { exact: true }).count()).toBe(1);
    expect(await row.getByText("pages.update", { exact: true }).count()).toBe(1);
    // The server's text, in a browser in Honolulu: UTC, named.
    expect(await row.getByText(formatDateTime(entry!.at), { exact: true }).count()).toBe(1);
    expect(await row.getByText(address, { exact: true }).count()).toBe(1);
    // Every row the filter shows is a page update.
    expect(await page.locator("tbody tr").filter({ hasNotText: "pages.update" }).count()).toBe(0);
    await expectAccessible(page, js);
    await page.context().close();
  });
});
