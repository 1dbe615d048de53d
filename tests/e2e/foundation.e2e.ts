import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  expectAccessible,
  holdRequests,
  launchChromium,
  modes,
  newContext,
  query,
  uniqueEmail,
  waitFor,
  waitForHydration,
} from "./support";

const SUCCESS = "You're on the waitlist! We'll notify you when the game launches.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(js: boolean, path: string, width = 1280): Promise<{ page: Page; status: number }> {
  const context = await newContext(browser, js, width);
  const page = await context.newPage();
  const response = await page.goto(path);
  // With JavaScript, wait until React has hydrated the forms.
  if (js) await waitForHydration(page);
  return { page, status: response!.status() };
}

describe.each(modes)("waitlist $name", ({ js }) => {
  it("lets a visitor join and see the success message; the confirmation goes out through the local transport", async () => {
    const { page, status } = await open(js, "/");
    expect(status).toBe(200);
    await expectAccessible(page, js);

    const email = uniqueEmail(js ? "js" : "nojs");
    const banner = page.locator("#game-waitlist");
    await banner.getByLabel("Email address").fill(email);

    // With JavaScript, hold the POST in flight to see the busy state.
    const release = js ? await holdRequests(page, "**/waitlist.data*") : () => {};
    await banner.getByRole("button", { name: "Join the waitlist" }).click();

    if (js) {
      const busy = banner.getByRole("button", { name: "Joining..." });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();
      const message = banner.getByRole("status");
      await message.waitFor();
      expect(await message.textContent()).toBe(SUCCESS);
      expect(await banner.getByLabel("Email address").inputValue()).toBe("");
      expect(page.url()).toBe(`${baseUrl}/`);
    } else {
      const toast = page.getByTestId("toast");
      await toast.waitFor();
      expect(await toast.textContent()).toContain(SUCCESS);
      expect(page.url()).toBe(`${baseUrl}/`);
    }
    await expectAccessible(page, js);

    expect(query(`SELECT email FROM waitlist_entries WHERE email = '${email}'`)).toEqual([{ email }]);
    const outbox = await waitFor(
      () => {
        const rows = query<{ kind: string; status: string }>(
          `SELECT kind, status FROM email_outbox WHERE channel = 'email' AND json_extract(payload, '$.email') = '${email}' ORDER BY kind`,
        );
        return rows.length === 2 && rows.every((r) => r.status === "sent") && rows;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(outbox).toEqual([
      { kind: "waitlist-confirmation", status: "sent" },
      { kind: "waitlist-notice", status: "sent" },
    ]);
    await page.context().close();
  });

  it("shows the spec's message under the field and keeps what was typed", async () => {
    const { page } = await open(js, "/");
    const banner = page.locator("#game-waitlist");
    const input = banner.getByLabel("Email address");
    await input.fill("not-an-email");

    if (js) {
      // Checked on blur, before any submit.
      await input.blur();
      await banner.getByText("Please enter a valid email address").waitFor();
      await expectAccessible(page, js); // the message must be legible on the banner
      await input.fill("");
      await banner.getByText("Please enter your email").waitFor();
      await input.fill("someone@example.com");
      await banner.getByText("Please enter your email").waitFor({ state: "detached" });
      expect(page.url()).toBe(`${baseUrl}/`);
    } else {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith("/waitlist") && r.request().method() === "POST"),
        banner.getByRole("button", { name: "Join the waitlist" }).click(),
      ]);
      expect(response.status()).toBe(400);
      await page.getByText("Please enter a valid email address").waitFor();
      expect(await page.locator("#waitlist-form").getByLabel("Email address").inputValue()).toBe("not-an-email");
      await expectAccessible(page, js);
    }
    expect(query(`SELECT email FROM waitlist_entries WHERE email = 'not-an-email'`)).toEqual([]);
    await page.context().close();
  });
});

describe.each(modes)("page shell $name", ({ js }) => {
  it("answers an unknown path with the 404 page, which leads home", async () => {
    const { page, status } = await open(js, "/this/page/does-not-exist");
    expect(status).toBe(404);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await expectAccessible(page, js);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.context().close();
  });

  it("opens and closes the mobile menu at phone width", async () => {
    const { page } = await open(js, "/", 390);
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    expect(await mobileNav.isVisible()).toBe(false);
    await page.getByLabel("Menu").click();
    await mobileNav.waitFor({ state: "visible" });
    // The panel really covers the screen below the header, with every link on it.
    const box = (await mobileNav.boundingBox())!;
    expect(box.height).toBeGreaterThan(600);
    expect(box.width).toBe(390);
    await mobileNav.getByRole("link", { name: "SaaS Academy" }).waitFor({ state: "visible" });
    await expectAccessible(page, js);
    await page.getByLabel("Menu").click();
    await mobileNav.waitFor({ state: "hidden" });
    await page.context().close();
  });
});
