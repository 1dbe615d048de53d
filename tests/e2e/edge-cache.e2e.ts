/**
 * Public pages from the edge cache (ADR 0020), in a real browser with JavaScript and without: a visitor reads a
 * cached page (Server-Timing says `hit`), sends its form and sees the success message, the row stored once, with
 * no hydration error; an admin publishes an answer and the cached question page shows it within seconds (the
 * purge queue's consumer under `wrangler dev`, with the local stand-in).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, modes, newContext, query, recordErrors, signInAsAdmin, uniqueEmail, waitFor, waitForHydration } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens `path` until the edge cache answers it (the first visit may be the miss that stores it). */
async function openCached(page: Page, path: string): Promise<void> {
  await waitFor(async () => {
    const res = await page.goto(path);
    return (res?.headers()["server-timing"] ?? "").includes("cache;desc=hit");
  });
}

describe.each(modes)("edge cache $name", ({ js }) => {
  it("a visitor sends the contact form of a cached page: the success message, one row", async () => {
    const context = await newContext(browser, js);
    const page = await context.newPage();
    const errors = recordErrors(page);
    await openCached(page, "/contact");
    if (js) await waitForHydration(page);
    const email = uniqueEmail(js ? "edge-contact-js" : "edge-contact-nojs");
    const form = page.locator("main form");
    await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("How can we help?").fill("A cached page, a fresh stamp: 50 leads a month, please.");
    await form.getByRole("button", { name: "Send message" }).click();
    await page.getByTestId("toast").getByText("Message sent!").waitFor();
    expect(query(`SELECT name FROM contact_messages WHERE email = '${email}'`)).toEqual([{ name: "Grace Hopper" }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an admin publishes an answer and the cached question page shows it", async () => {
    const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
    const id = `edge-${tag}`;
    const slug = `edge-cached-question-${tag}`;
    const title = `Does the cached page show a new answer (${tag})?`;
    query(
      `INSERT INTO qa_submissions (id, title, question, answer, category, slug, status, created_at, updated_at)
       VALUES ('${id}', '${title}', 'How quickly does a published answer reach a cached page?', 'Not answered yet.', 'technical', '${slug}', 'published', ${Date.now()}, ${Date.now()})`,
    );
    const visitor = await (await newContext(browser, js)).newPage();
    await openCached(visitor, `/questions-and-answers/${slug}`);
    await visitor.getByText("Not answered yet.").waitFor();

    const admin = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(admin);
    await admin.goto(`/admin/dashboard/qa/${id}`);
    await admin.getByRole("heading", { name: "Edit question" }).waitFor();
    if (js) await waitForHydration(admin);
    const answer = `Within seconds, everywhere (${tag}).`;
    await admin.getByLabel("Answer").fill(answer);
    await admin.getByRole("button", { name: "Save" }).click();
    await admin.getByTestId("toast").getByText("Question updated successfully").waitFor();
    await admin.context().close();

    await waitFor(
      async () => {
        await visitor.goto(`/questions-and-answers/${slug}`);
        return (await visitor.getByText(answer).count()) > 0;
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    await visitor.context().close();
  });
});
