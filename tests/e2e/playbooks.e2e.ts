import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, launchChromium, modes, newContext, query, uniqueEmail, waitForHydration } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const GUIDE = "/playbook/Shopify-App-Launch-and-Scaling-Playbook/final-guide";

/** The download links point at our file host, which this machine cannot reach: answer them locally. */
async function open(js: boolean, path: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, js, width);
  await context.route("https://founderleads.example.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "file" }),
  );
  const page = await context.newPage();
  await page.goto(path);
  if (js) await waitForHydration(page);
  return { context, page };
}

const toast = (page: Page, title: string) => page.getByTestId("toast").getByText(title, { exact: true });

describe.each(modes)("playbooks $name", ({ js }) => {
  it("takes the landing form to the guide, with the spreadsheet to download", async () => {
    const { context, page } = await open(js, "/Shopify-App-Launch-and-Scaling-Playbook", 390);
    await page.getByRole("heading", { level: 1, name: "The Shopify App Launch & Scaling Playbook" }).waitFor();
    await expectAccessible(page, js);

    await page.getByRole("button", { name: "Get the free playbook" }).click();
    await page.getByText("Please enter your first name").waitFor();
    await page.getByText("Enter a valid email").waitFor();

    const email = uniqueEmail(`landing-${js ? "js" : "nojs"}`);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Your app's URL").fill("https://apps.shopify.com/ada");
    const spreadsheetTab = js ? context.waitForEvent("page") : null;
    await page.getByRole("button", { name: "Get the free playbook" }).click();
    if (spreadsheetTab) expect((await spreadsheetTab).url()).toMatch(/\.xlsx$/);

    await page.waitForURL(`${baseUrl}${GUIDE}?welcome`);
    await toast(page, "You're in!").waitFor();
    await page.getByRole("heading", { level: 1, name: "The Shopify App Launch & Scaling Playbook" }).waitFor();
    await page.getByRole("link", { name: "Download the spreadsheet (XLSX)" }).first().waitFor();
    await page.getByRole("link", { name: "Download PDF" }).first().waitFor();
    // The guide itself is in the page, with its contents.
    expect(await page.locator("article.guide-prose h2").count()).toBeGreaterThanOrEqual(6);
    await page.getByText("Directory: where to go next").waitFor();
    await expectAccessible(page, js);
    expect(query(`SELECT source FROM lead_magnet_submissions WHERE email = '${email}'`)).toEqual([{ source: "playbook-landing" }]);
    await context.close();
  });

  it("requests premium access from the playbooks hub", async () => {
    const { context, page } = await open(js, "/playbooks");
    await page.getByRole("heading", { level: 1, name: "Playbooks for every stage of your Shopify app" }).waitFor();
    await expectAccessible(page, js);
    await page.getByRole("link", { name: "Unlock" }).first().click();
    if (js) {
      await page.getByRole("dialog", { name: "Get premium access" }).waitFor();
      expect(page.url()).toBe(`${baseUrl}/playbooks`);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("firstName");
    } else {
      await page.waitForURL(`${baseUrl}/playbooks/premium`);
    }
    await page.getByRole("button", { name: "Request premium access" }).click();
    for (const m of [
      "First name is required",
      "Please enter a valid email address",
      "Company is required",
      "Please select when you need access",
    ]) {
      await page.getByText(m).waitFor();
    }
    const email = uniqueEmail(`premium-${js ? "js" : "nojs"}`);
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Company").fill("Hopper Apps");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("When do you need access?").selectOption("this-month");
    await page.getByRole("button", { name: "Request premium access" }).click();
    await page.getByRole("heading", { name: "Request Submitted!" }).waitFor();
    await toast(page, "Request Submitted!").waitFor();
    await expectAccessible(page, js);
    expect(query(`SELECT company, access_timing FROM premium_access_requests WHERE email = '${email}'`)).toEqual([
      { company: "Hopper Apps", access_timing: "this-month" },
    ]);
    await context.close();
  });

  it("unlocks the marketing checklist and keeps it unlocked", async () => {
    const { context, page } = await open(js, "/shopify-app-marketing-checklist", 390);
    await page.getByRole("heading", { name: "Unlock all 69 points" }).waitFor();
    expect(await page.getByRole("heading", { name: "Your checklist" }).count()).toBe(0);
    await expectAccessible(page, js);

    const email = uniqueEmail(`checklist-${js ? "js" : "nojs"}`);
    await page.getByLabel("Your email").fill(email);
    await page.getByRole("button", { name: "Unlock the checklist" }).click();
    await toast(page, "Checklist ready").waitFor();
    await page.getByRole("heading", { name: "Your checklist" }).waitFor();
    for (const section of ["App Store optimizations", "Customer success and retention"]) {
      await page.getByRole("heading", { level: 3, name: section }).waitFor();
    }
    expect(await page.locator("section[aria-labelledby^='section-'] li").count()).toBe(69);
    await expectAccessible(page, js);
    expect(query(`SELECT type FROM lead_magnet_submissions WHERE email = '${email}'`)).toEqual([{ type: "marketing-checklist" }]);

    // A returning visitor sees it at once.
    await page.goto("/shopify-app-marketing-checklist");
    await page.getByRole("heading", { name: "Your checklist" }).waitFor();
    await context.close();
  });
});
