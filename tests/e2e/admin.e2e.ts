import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../scripts/seed-data.mjs";
import { baseUrl, expectAccessible, holdRequests, launchChromium, modes, newContext, query, waitForHydration } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const tabs = [
  ["Guides", "Guides"],
  ["Content Blocks", "Content Blocks"],
  ["Q&A", "Q&A submissions"],
  ["Blogs", "Blog posts"],
  ["Lead Finder", "Lead Finder"],
  ["Leads", "Leads"],
  ["Email outbox", "Email outbox"],
  ["Pages", "Pages"],
] as const;

async function fillLogin(page: Page, password: string) {
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(password);
}

describe.each(modes)("admin $name", ({ js }) => {
  it("sends a signed-out visitor of the dashboard to the login page with 'Access denied'", async () => {
    const page = await (await newContext(browser, js)).newPage();
    await page.goto("/admin/dashboard");
    expect(page.url()).toBe(`${baseUrl}/admin/login`);
    await page.getByTestId("toast").getByText("Access denied", { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Admin sign-in" }).waitFor();
    await expectAccessible(page, js);
    await page.context().close();
  });

  it("says 'Login failed' for a wrong password and keeps the email", async () => {
    const page = await (await newContext(browser, js)).newPage();
    await page.goto("/admin/login");
    await fillLogin(page, "not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByText("Login failed").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(DEMO_ADMIN.email);
    expect(await page.getByLabel("Password").inputValue()).toBe("");
    await expectAccessible(page, js);
    await page.context().close();
  });

  it("signs in, shows the counts, opens every tab, and signs out", async () => {
    const page = await (await newContext(browser, js)).newPage();
    await page.goto("/admin/login");
    if (js) await waitForHydration(page);
    await fillLogin(page, DEMO_ADMIN.password);

    const release = js ? await holdRequests(page, "**/admin/login.data*") : () => {};
    await page.getByRole("button", { name: "Log in" }).click();
    if (js) {
      const busy = page.getByRole("button", { name: "Logging in..." });
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();
    }
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByTestId("toast").getByText("Logged in successfully!").waitFor();

    const [counts] = query<{ pages: number; leads: number }>(
      "SELECT (SELECT count(*) FROM pages) AS pages, (SELECT count(*) FROM leads) AS leads",
    );
    expect(await page.getByTestId("count-pages").textContent()).toBe(String(counts!.pages));
    expect(await page.getByTestId("count-leads").textContent()).toBe(String(counts!.leads));
    await page.getByRole("cell", { name: "About Founder Leads", exact: true }).waitFor();
    await expectAccessible(page, js);

    const nav = page.getByRole("navigation", { name: "Dashboard sections" });
    for (const [link, heading] of tabs) {
      await nav.getByRole("link", { name: link, exact: true }).click();
      await page.getByRole("heading", { level: 2, name: heading, exact: true }).waitFor();
      expect(await nav.getByRole("link", { name: link, exact: true }).getAttribute("aria-current")).toBe("page");
    }
    await nav.getByRole("link", { name: "Leads", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Leads" }).waitFor();
    await expectAccessible(page, js);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.goto("/admin/dashboard");
    expect(page.url()).toBe(`${baseUrl}/admin/login`);
    await page.context().close();
  });

  it("stays usable at phone width", async () => {
    const page = await (await newContext(browser, js, 390)).newPage();
    await page.goto("/admin/login");
    await fillLogin(page, DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    for (const path of [
      "/admin/dashboard",
      "/admin/dashboard/qa",
      "/admin/dashboard/lead-finder",
      "/admin/dashboard/leads",
      "/admin/dashboard/outbox",
    ]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      // Nothing sticks out sideways: tables show their rows as cards, the tab strip scrolls inside itself.
      // (Measured by script, so in the JavaScript run; the layout is the same without it.)
      if (js) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    }
    await expectAccessible(page, js);
    await page.context().close();
  });
});
