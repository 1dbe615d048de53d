import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../scripts/seed-data.mjs";
import { baseUrl, expectAccessible, launchChromium, modes, newContext, query, waitForHydration } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const SUCCESS = "Question submitted successfully! We'll review and answer it soon.";

async function open(js: boolean, path: string, width = 1280): Promise<Page> {
  const page = await (await newContext(browser, js, width)).newPage();
  await page.goto(path);
  if (js) await waitForHydration(page);
  return page;
}

const cardTitles = (page: Page) => page.locator("article h2").allTextContents();

/** With JavaScript the results follow the typing; without it the Search button submits the GET form. */
async function search(page: Page, js: boolean, text: string) {
  await page.getByLabel("Search questions").fill(text);
  if (!js) await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === text);
}

describe.each(modes)("Q&A $name", ({ js }) => {
  it("searches by a word prefix, filters by category, and says when nothing matches", async () => {
    const page = await open(js, "/questions-and-answers");
    await page.getByRole("heading", { name: "Answers for Shopify app founders" }).waitFor();
    expect(await page.locator("article").count()).toBe(20);
    await expectAccessible(page, js);

    await search(page, js, "onboard");
    await page.getByRole("link", { name: "What do reviewers test during onboarding review?" }).waitFor();
    const found = await cardTitles(page);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(20);

    await page.getByLabel("Search questions").fill("");
    await page.getByLabel("Category").selectOption("technical");
    if (!js) await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === "technical" && !url.searchParams.get("q"));
    await page.getByRole("link", { name: "Which webhooks are mandatory?" }).waitFor();
    const n = query<{ n: number }>("SELECT count(*) AS n FROM qa_submissions WHERE status = 'published' AND category = 'technical'")[0]?.n;
    await page.getByText(`${n} questions`, { exact: true }).waitFor();
    const badges = await page.locator("article").getByText("Technical Development", { exact: true }).count();
    expect(badges).toBe(n);

    await search(page, js, 'zzqx "unmatched (');
    await page.getByRole("heading", { name: "No questions found" }).waitFor();
    await page.getByRole("link", { name: "Ask a question" }).last().waitFor();
    await page.context().close();
  });

  it("asks a question, an admin answers and publishes it, and a visitor finds and opens it", async () => {
    const word = `zephyr${Date.now().toString(36)}${js ? "j" : "n"}`;
    const title = `How should we price the ${word} bundle app?`;
    const answer = `Start with one plan for ${word} and raise the price after ten paying merchants.`;

    // The visitor asks; errors first, then the real question. A title and a question both too short, the category
    // never chosen, a pause (with JavaScript the title's message shows as it is left), then Submit with the focus still
    // in the question: every invalid field has its message, the untouched category's too.
    const visitor = await open(js, "/questions-and-answers/submit", 390);
    await visitor.getByLabel("Title").fill("Pricing?");
    await visitor.getByLabel("Your question").fill("Flat or tiered?");
    if (js) await visitor.getByText("Title must be at least 10 characters").waitFor();
    await visitor.getByRole("button", { name: "Submit question" }).click();
    await expect
      .poll(() => visitor.locator("#question-form [role=alert]").allInnerTexts(), { timeout: 10_000 })
      .toEqual(["Title must be at least 10 characters", "Please select a category", "Question must be at least 20 characters"]);
    expect(await visitor.getByLabel("Title").inputValue()).toBe("Pricing?");
    await visitor.getByLabel("Title").fill(title);
    await visitor.getByLabel("Category").selectOption("growth-marketing");
    await visitor.getByLabel("Your question").fill("We sell a bundle app for fashion stores. Flat price or tiers by order volume?");
    await visitor.getByLabel("Name (optional)").fill("Grace");
    await visitor.getByRole("button", { name: "Submit question" }).click();
    await visitor.getByText(SUCCESS).waitFor();
    expect(await visitor.getByLabel("Title").inputValue()).toBe("");
    await expectAccessible(visitor, js);
    const [row] = query<{ id: string; status: string; slug: string }>(
      `SELECT id, status, slug FROM qa_submissions WHERE title = '${title}'`,
    );
    expect(row?.status).toBe("pending");

    // Not public while pending.
    await visitor.goto(`/questions-and-answers?q=${word}`);
    await visitor.getByRole("heading", { name: "No questions found" }).waitFor();

    // The admin answers and publishes it.
    const admin = await open(js, "/admin/login");
    await admin.getByLabel("Email").fill(DEMO_ADMIN.email);
    await admin.getByLabel("Password").fill(DEMO_ADMIN.password);
    await admin.getByRole("button", { name: "Log in" }).click();
    await admin.waitForURL(`${baseUrl}/admin/dashboard`);
    await admin.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Q&A", exact: true }).click();
    await admin.getByRole("link", { name: title, exact: true }).click();
    await admin.getByRole("heading", { name: "Edit question" }).waitFor();
    if (js) await waitForHydration(admin);
    await admin.getByLabel("Status").selectOption("published");
    await admin.getByLabel("Answer").fill(answer);
    await admin.getByRole("button", { name: "Save" }).click();
    await admin.getByTestId("toast").getByText("Question updated successfully").waitFor();
    expect(new URL(admin.url()).searchParams.get("status")).toBe("published");
    await admin.getByRole("link", { name: title, exact: true }).waitFor();
    await admin.context().close();

    // The visitor finds it in the list and opens it.
    await visitor.goto("/questions-and-answers");
    if (js) await waitForHydration(visitor);
    await search(visitor, js, word);
    await visitor.getByText("1 question", { exact: true }).waitFor();
    await visitor.getByRole("link", { name: title }).click();
    await visitor.waitForURL(`${baseUrl}/questions-and-answers/${row!.slug}`);
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    await visitor.getByText(answer).waitFor();
    await visitor.getByText("Growth & Marketing").first().waitFor();
    await expectAccessible(visitor, js);
    await visitor.context().close();
  });
});
