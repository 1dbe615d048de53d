/**
 * A person's data on request, with JavaScript on and off: a
 * visitor sends the contact form; an admin opens the person, follows Export
 * data and downloads the JSON (it holds the message), follows Erase data,
 * confirms, and the person is gone from Leads. The Privacy page with a typed
 * address: a bad one is refused with what was typed kept, a good one shows
 * what is stored.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  downloadedText,
  expectAccessible,
  launchChromium,
  modes,
  newContext,
  query,
  signInAsAdmin,
  uniqueEmail,
  waitForHydration,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(modes)("a person's data on request $name", ({ js }) => {
  it("exports a person's data from their page as JSON, then erases it after a confirmation", async () => {
    const email = uniqueEmail(js ? "privacy-js" : "privacy-nojs");
    const name = `Erin ${email.slice(4, 24)}`;
    const message = `Please find me merchants, ${email}.`;
    const visitor = await (await newContext(browser, js)).newPage();
    await visitor.goto("/contact");
    if (js) await waitForHydration(visitor);
    const form = visitor.locator("form", { has: visitor.getByRole("button", { name: "Send message" }) });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("How can we help?").fill(message);
    await form.getByRole("button", { name: "Send message" }).click();
    await visitor.getByTestId("toast").waitFor();
    await visitor.context().close();

    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/leads?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name }).click();
    await page.getByRole("heading", { level: 2, name }).waitFor();
    if (js) await waitForHydration(page);

    await page.getByRole("link", { name: "Export data" }).click();
    await page.getByRole("heading", { name: `Stored about ${email}` }).waitFor();
    await page.getByRole("list", { name: "Stored about this address" }).getByText("Contact messages").waitFor();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export data (JSON)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await downloadedText(download)) as {
      subject: string;
      tables: Record<string, { rows: Record<string, unknown>[] }>;
    };
    expect(exported.subject).toBe(email);
    expect(exported.tables.contact_messages!.rows).toEqual([expect.objectContaining({ name, email, message })]);
    expect(exported.tables.people!.rows).toHaveLength(1);
    await expectAccessible(page, js);

    await page.goBack();
    await page.getByRole("heading", { level: 2, name }).waitFor();
    await page.getByRole("link", { name: "Erase data" }).click();
    await page.getByRole("heading", { name: `Erase everything stored about ${email}?` }).waitFor();
    // Not without the box ticked.
    await page.getByRole("button", { name: "Erase data" }).click();
    await page.getByText("Tick the box to confirm the erasure").waitFor();
    expect(query(`SELECT id FROM people WHERE email = '${email}'`)).toHaveLength(1);
    await expectAccessible(page, js);
    await page.getByLabel("I understand, delete it anyway").check();
    await page.getByRole("button", { name: "Erase data" }).click();
    await page.getByTestId("toast").getByText("Personal data erased").waitFor();

    await page.goto(`/admin/dashboard/leads?q=${encodeURIComponent(email)}`);
    await page.getByTestId("leads-count").getByText("0 people").waitFor();
    expect(query(`SELECT id FROM contact_messages WHERE email = '${email}'`)).toEqual([]);
    expect(query(`SELECT id FROM email_outbox WHERE instr(payload, '${email}') > 0 OR recipient = '${email}'`)).toEqual([]);
    await page.context().close();
  });

  it("the Privacy page with a typed address: a bad one is refused with what was typed kept, a good one shows what is stored", async () => {
    const page = await (await newContext(browser, js, 390)).newPage();
    await signInAsAdmin(page);
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("link", { name: "Privacy" }).click();
    await page.getByRole("heading", { name: "Privacy" }).waitFor();
    if (js) await waitForHydration(page);
    const field = page.getByLabel("Email address");
    await field.fill("someone@");
    await page.getByRole("button", { name: "Look up" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    expect(await field.inputValue()).toBe("someone@");

    const email = uniqueEmail(js ? "privacy-typed-js" : "privacy-typed-nojs");
    await field.fill(email.toUpperCase());
    await page.getByRole("button", { name: "Look up" }).click();
    await page.getByRole("heading", { name: `Stored about ${email}` }).waitFor();
    await page.getByText("Nothing is stored about this address.").waitFor();
    await expectAccessible(page, js);
    await page.context().close();
  });
});
