/**
 * An admin writes a post with the preview and publishes it; a visitor finds
 * it under its category, opens it and follows a related post. With and
 * without JavaScript; axe on every page.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, launchChromium, modes, newContext, query, signInAsAdmin, contentJson } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const CONTENT = JSON.stringify([
  { type: "introduction", heading: "Why queues", content: "Webhooks arrive in **bursts**.\n- acknowledge fast\n- work later" },
  { type: "conclusion", content: "Read our [other posts](/blog)." },
]);

describe.each(modes)("blog $name", ({ js }) => {
  it("an admin publishes a post; a visitor finds it by category and follows a related post", async () => {
    const admin = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(admin);
    const title = `Queues for webhooks ${js ? "js" : "nojs"} ${Date.now()}`;

    await admin.goto("/admin/dashboard/blogs/new");
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByLabel("Excerpt").fill("Acknowledge fast, work later.");
    await (await contentJson(admin)).fill("[not json");
    await admin.getByLabel("Category").selectOption("technical");
    await admin.getByLabel("Tags").fill("webhooks, queues");
    await admin.getByRole("button", { name: "Preview" }).click();
    await admin.getByText("Content must be valid JSON", { exact: true }).waitFor();
    await admin.getByText(/The first problem is at line 1, column \d+\./).waitFor();
    await (await contentJson(admin)).fill(CONTENT);
    await admin.getByRole("button", { name: "Preview" }).click();
    await admin
      .getByRole("region", { name: /Preview/ })
      .getByRole("heading", { name: "Why queues" })
      .waitFor();
    await expectAccessible(admin, js);
    await admin.getByLabel("Published").check();
    await admin.getByRole("button", { name: "Save" }).click();
    await admin.getByTestId("toast").getByText("Blog created successfully", { exact: true }).waitFor();
    const [row] = query<{ slug: string; is_published: number }>(`SELECT slug, is_published FROM blogs WHERE title = '${title}'`);
    expect(row?.is_published).toBe(1);
    await admin.getByRole("cell", { name: title, exact: true }).waitFor();
    await admin.context().close();

    const visitor = await (await newContext(browser, js)).newPage();
    await visitor.goto("/blog");
    await expectAccessible(visitor, js);
    await visitor.getByRole("navigation", { name: "Blog categories" }).getByRole("link", { name: "Technical Implementation" }).click();
    await visitor.waitForURL(`${baseUrl}/blog?category=technical`);
    await visitor.getByRole("link", { name: title }).click();
    await visitor.waitForURL(`${baseUrl}/blog/${row!.slug}`);
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    await visitor.getByRole("listitem").getByText("acknowledge fast", { exact: true }).waitFor();
    await expectAccessible(visitor, js);

    const related = visitor.getByRole("region", { name: "More on Technical Implementation" });
    await related.getByRole("link", { name: "Handling Shopify webhooks at scale" }).click();
    await visitor.waitForURL(`${baseUrl}/blog/webhooks-at-scale`);
    await visitor.getByRole("heading", { level: 1, name: "Handling Shopify webhooks at scale" }).waitFor();
    await expectAccessible(visitor, js);
    await visitor.context().close();
  });
});
