/**
 * The content editor, end to end: an admin writes a blog post with every
 * section type, reorders and removes sections, uploads a cover with its alt
 * text, previews and publishes; a visitor sees the image at its size. The
 * admin then saves a second version, restores the first, and the visitor sees
 * the first again. With and without JavaScript (without it, every editor
 * action is a round trip that keeps what was typed).
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngOf } from "../../scripts/png.mjs";
import { baseUrl, expectAccessible, launchChromium, modes, newContext, query, signInAsAdmin, waitFor } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const sectionsOf = (page: Page) => page.getByRole("list", { name: "Sections" }).locator(":scope > li");

/** Waits for the editor to show `count` sections (after a round trip without JavaScript, the new page). */
async function untilSections(page: Page, count: number) {
  await waitFor(async () => (await sectionsOf(page).count()) === count, { timeoutMs: 30_000 });
}

async function addSection(page: Page, type: string, count: number): Promise<Locator> {
  await page.getByRole("button", { name: `Add a ${type} section at the end` }).click();
  await untilSections(page, count);
  return sectionsOf(page).nth(count - 1);
}

describe.each(modes)("content editor $name", ({ js }) => {
  it("writes a post of every section type with an uploaded cover, publishes it, then restores an earlier version", async () => {
    const admin = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(admin);
    const run = `${js ? "js" : "nojs"}-${Date.now()}`;
    const title = `Editor journey ${run}`;
    const cover = {
      name: `cover-${run}.png`,
      mimeType: "image/png",
      buffer: pngOf(64, 36, () => [js ? 200 : 20, 90, 160]),
    };

    await admin.goto("/admin/dashboard/blogs/new");
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByLabel("Excerpt").fill("Every block, one cover, two versions.");
    // A category no other journey reads: related posts of "technical" are the blog journey's to see.
    await admin.getByLabel("Category").selectOption("other");

    const paragraph = await addSection(admin, "paragraph", 1);
    await paragraph.getByLabel("Text", { exact: true }).fill("Queues absorb **bursts** of webhooks.");
    const heading = await addSection(admin, "heading", 2);
    await heading.getByRole("textbox", { name: "Heading", exact: true }).fill("Why a queue");
    await heading.getByLabel("Level").selectOption("3");
    const list = await addSection(admin, "list", 3);
    await list.getByLabel("Item 1", { exact: true }).fill("acknowledge fast");
    await admin.getByRole("button", { name: "Add item to section 3" }).click();
    await sectionsOf(admin).nth(2).getByLabel("Item 2", { exact: true }).fill("work later");
    const intro = await addSection(admin, "introduction", 4);
    await intro.getByLabel("Text", { exact: true }).fill("Webhooks arrive in bursts.");
    await admin.getByRole("button", { name: "Add subsection to section 4" }).click();
    const sub = sectionsOf(admin).nth(3).getByRole("group", { name: "Subsection 1" });
    await sub.getByLabel("Subheading (optional)").fill("Peak hours");
    await sub.getByLabel("Text", { exact: true }).fill("Black Friday brings ten times the traffic.");
    const body = await addSection(admin, "section", 5);
    await body.getByLabel("Heading (optional)").fill("How it works");
    await body.getByLabel("Text", { exact: true }).fill("The handler answers 200 and enqueues the work.");
    const conclusion = await addSection(admin, "conclusion", 6);
    await conclusion.getByLabel("Text", { exact: true }).fill("Read our [other posts](/blog).");
    const cta = await addSection(admin, "call to action", 7);
    await cta.getByLabel("Text", { exact: true }).fill("Book a call to get leads this week.");
    const image = await addSection(admin, "image", 8);
    await image.getByLabel("Alt text").fill("A blue cover card");
    await image.getByLabel("Or upload a new image").setInputFiles(cover);
    await image.getByRole("button", { name: "Upload", exact: true }).click();
    // Uploaded and chosen: with JavaScript by the script's answer, without it by the form that came back.
    await sectionsOf(admin).nth(7).getByRole("radio", { name: cover.name, checked: true }).waitFor();
    const throwaway = await addSection(admin, "paragraph", 9);
    await throwaway.getByLabel("Text", { exact: true }).fill("This paragraph goes away.");

    // What was typed survived every round trip; now reorder and remove.
    expect(await sectionsOf(admin).nth(0).getByLabel("Text", { exact: true }).inputValue()).toBe("Queues absorb **bursts** of webhooks.");
    await admin.getByRole("button", { name: "Move section 2 up" }).click();
    await waitFor(async () => (await sectionsOf(admin).nth(0).getByRole("textbox", { name: "Heading", exact: true }).count()) === 1);
    await admin.getByRole("button", { name: "Remove section 9" }).click();
    await untilSections(admin, 8);

    // The preview is the site's renderer: it follows the typing with JavaScript, the Preview button without.
    if (!js) await admin.getByRole("button", { name: "Preview" }).click();
    const preview = admin.getByRole("region", { name: /Preview/ });
    await preview.getByRole("heading", { level: 3, name: "Why a queue" }).waitFor();
    await preview.getByRole("img", { name: "A blue cover card" }).waitFor();
    // The preview follows the editor after a short pause: the removed paragraph leaves it then.
    await preview.getByText("This paragraph goes away.").waitFor({ state: "detached" });
    await expectAccessible(admin, js);

    await admin.getByLabel("Published").check();
    await admin.getByRole("button", { name: "Save" }).click();
    await admin.getByTestId("toast").getByText("Blog created successfully", { exact: true }).waitFor();
    const [row] = query<{ id: string; slug: string; content: string }>(`SELECT id, slug, content FROM blogs WHERE title = '${title}'`);
    const stored = JSON.parse(row!.content) as { type: string; src?: string; width?: number; height?: number; alt?: string }[];
    expect(stored.map((s) => s.type)).toEqual(["heading", "paragraph", "list", "introduction", "section", "conclusion", "cta", "image"]);
    expect(stored[7]).toMatchObject({ alt: "A blue cover card", width: 64, height: 36 });
    expect(stored[7]!.src).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);

    const visitor = await (await newContext(browser, js)).newPage();
    await visitor.goto(`/blog/${row!.slug}`);
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    const img = visitor.getByRole("img", { name: "A blue cover card" });
    expect(await img.getAttribute("width")).toBe("64");
    expect(await img.getAttribute("height")).toBe("36");
    expect(await img.getAttribute("loading")).toBe("lazy");
    const served = await visitor.request.get(`${baseUrl}${stored[7]!.src}`);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect((await served.body()).equals(cover.buffer)).toBe(true);
    await visitor.getByText("Queues absorb").waitFor();
    await expectAccessible(visitor, js);

    // A second version, with the cover as the featured image too.
    await admin.goto(`/admin/dashboard/blogs/${row!.id}`);
    await sectionsOf(admin).nth(1).getByLabel("Text", { exact: true }).fill("A second version of the opening.");
    await admin.getByRole("group", { name: "Featured image" }).getByRole("radio", { name: cover.name }).check();
    await admin.getByRole("button", { name: "Save" }).click();
    await admin.getByTestId("toast").getByText("Blog updated successfully", { exact: true }).waitFor();
    await visitor.reload();
    await visitor.getByText("A second version of the opening.").waitFor();
    const og = await visitor.locator('meta[property="og:image"]').getAttribute("content");
    expect(og).toBe(`${baseUrl}${stored[7]!.src}`);

    // Restore the first version: a new save, and the visitor sees the first text again.
    await admin.goto(`/admin/dashboard/blogs/${row!.id}`);
    await admin
      .getByRole("region", { name: "Earlier versions" })
      .getByRole("link", { name: /View version/ })
      .first()
      .click();
    await admin.getByRole("button", { name: "Restore this version" }).click();
    await admin
      .getByTestId("toast")
      .getByText(/^Version from .* restored$/)
      .waitFor();
    await visitor.reload();
    await visitor.getByText("Queues absorb").waitFor();
    expect(await visitor.getByText("A second version of the opening.").count()).toBe(0);
    expect(await visitor.locator('meta[property="og:image"]').count()).toBe(0);
    await admin.context().close();
    await visitor.context().close();
  });
});
