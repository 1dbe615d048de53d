/**
 * An admin creates a page and a guide with the preview, sees them on the
 * site, edits, reorders and deletes them with the confirmation: with
 * JavaScript (on-blur validation, the delete dialog) and without (the same
 * forms as plain POSTs, the confirmation page).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  expectAccessible,
  launchChromium,
  modes,
  newContext,
  query,
  signInAsAdmin,
  waitForHydration,
  contentJson,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const CONTENT = JSON.stringify([
  { type: "introduction", heading: "Why it matters", content: "A **bold** start.\n- first point\n- second point" },
  { type: "cta", content: "Ready? [Book a call](/call-booking)" },
]);

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").getByText(text, { exact: true }).waitFor();
}

async function deleteRow(page: Page, js: boolean, title: string, button: string) {
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  if (js) {
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expectAccessible(page, js);
    await dialog.getByRole("button", { name: button }).click();
  } else {
    await page.getByRole("heading", { name: /^Delete this/ }).waitFor();
    await expectAccessible(page, js);
    await page.getByRole("button", { name: button }).click();
  }
}

describe.each(modes)("content admin $name", ({ js }) => {
  it("creates a page with the preview, sees it live, edits and deletes it", async () => {
    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
    const title = `Partners ${tag}`;
    const slug = `partners-${tag}`;

    await page.goto("/admin/dashboard/pages/new");
    if (js) {
      await waitForHydration(page);
      await page.getByLabel("Slug", { exact: true }).fill("Not A Slug");
      await page.getByLabel("Title", { exact: true }).focus(); // leaving the field validates it
      await page.getByText("Use lowercase letters, digits and single dashes").waitFor();
    }
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug", { exact: true }).fill(slug);
    await (await contentJson(page)).fill(CONTENT);
    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: /Preview/ });
    await preview.getByRole("heading", { name: "Why it matters" }).waitFor();
    await preview.getByRole("link", { name: "Book a call" }).waitFor();
    expect(query(`SELECT id FROM pages WHERE slug = '${slug}'`)).toEqual([]);
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    await expectAccessible(page, js);

    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard/pages`);
    await toast(page, "Page created successfully");
    await page.getByRole("cell", { name: title, exact: true }).waitFor();
    await expectAccessible(page, js);

    const live = await (await newContext(browser, js)).newPage();
    await live.goto(`/${slug}`);
    await live.getByRole("heading", { level: 1, name: title }).waitFor();
    await live.getByText("first point").waitFor();
    await live.context().close();

    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("heading", { name: "Edit page" }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill(`${title} (edited)`);
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Page updated successfully");
    expect(query(`SELECT title FROM pages WHERE slug = '${slug}'`)).toEqual([{ title: `${title} (edited)` }]);

    await deleteRow(page, js, `${title} (edited)`, "Delete page");
    await toast(page, "Page deleted successfully");
    expect(query(`SELECT id FROM pages WHERE slug = '${slug}'`)).toEqual([]);
    expect((await page.goto(`/${slug}`))?.status()).toBe(404);
    await page.context().close();
  });

  it("creates a guide, finds it on the playbooks page, reorders and deletes it", async () => {
    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
    const title = `Pricing guide ${tag}`;
    const slug = `pricing-${tag}`;

    await page.goto("/admin/dashboard/guides/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug", { exact: true }).fill(slug);
    await page.getByLabel("Description").fill("How to price a Shopify app.");
    await page.getByLabel("Category").fill("Growth");
    await (await contentJson(page)).fill(CONTENT);
    await page.getByLabel("Published").check();
    await page.getByRole("button", { name: "Preview" }).click();
    await page
      .getByRole("region", { name: /Preview/ })
      .getByText("A bold start.")
      .waitFor();
    await page.getByRole("button", { name: "Save" }).click();
    await toast(page, "Guide created successfully");

    // Moving it up swaps it with the guide before it.
    const order = () => query<{ title: string }>("SELECT title FROM guides ORDER BY order_index, title").map((g) => g.title);
    const before = order();
    const at = before.indexOf(title);
    expect(at).toBeGreaterThan(0);
    await page.getByRole("button", { name: `Move up ${title}` }).click();
    await toast(page, "Guide moved up");
    const after = order();
    expect(after[at - 1]).toBe(title);
    expect(after[at]).toBe(before[at - 1]);

    const hub = await (await newContext(browser, js)).newPage();
    await hub.goto("/playbooks");
    await hub.getByRole("link", { name: title }).click();
    await hub.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(hub.url()).toBe(`${baseUrl}/guides/${slug}`);
    await expectAccessible(hub, js);
    await hub.context().close();

    await deleteRow(page, js, title, "Delete guide");
    await toast(page, "Guide deleted successfully");
    expect(query(`SELECT id FROM guides WHERE slug = '${slug}'`)).toEqual([]);
    await page.context().close();
  });
});
