/**
 * The newsletter's double opt-in and one-click unsubscribe, as a visitor does
 * it, with JavaScript and without: sign up, open the confirmation link from the
 * email (the local transport prints it), confirm with the button, sign up again
 * (the same answer; an email says the address is on the list), then open the
 * unsubscribe link from the newest list email and leave with the button.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailLink,
  emailWithSubject,
  expectAccessible,
  launchChromium,
  modes,
  newContext,
  query,
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

const status = (email: string) =>
  query<{ status: string }>(`SELECT status FROM newsletter_subscribers WHERE email = '${email}'`)[0]?.status;

async function visit(page: Page, js: boolean, path: string) {
  await page.goto(path);
  if (js) await waitForHydration(page);
}

describe.each(modes)("newsletter $name", ({ js }) => {
  // Four emails waited for, each through the queue consumer: more than the default minute on a busy machine.
  it(
    "signs up, confirms from the emailed link, signs up again, then unsubscribes from the newest list email's link",
    { timeout: 150_000 },
    async () => {
      const context = await newContext(browser, js, 390);
      const page = await context.newPage();
      const email = uniqueEmail(js ? "optin-js" : "optin-nojs");

      await visit(page, js, "/newsletter");
      const form = page.locator("#newsletter-form");
      await form.getByLabel("Email for growth notes").fill(email);
      await form.getByRole("button", { name: "Subscribe" }).click();
      const asked = "Almost there! Check your inbox and click the link to confirm your subscription.";
      if (js) await form.getByRole("status").getByText(asked).waitFor();
      else await page.getByTestId("toast").getByText(asked).waitFor();
      expect(status(email)).toBe("pending");

      // The confirmation link: opening it (what a mail scanner does too) changes nothing.
      await visit(page, js, await emailLink(email, "/newsletter/confirm"));
      await page.getByRole("heading", { level: 1, name: "Confirm your subscription", exact: true }).waitFor();
      expect(await page.getByText(`Confirm that ${email} should get`).count()).toBe(1);
      expect(status(email)).toBe("pending");
      await expectAccessible(page, js);
      await page.getByRole("button", { name: "Confirm subscription" }).click();
      await page.getByRole("heading", { level: 1, name: "You're subscribed", exact: true }).waitFor();
      expect(status(email)).toBe("confirmed");

      // Signing up again with an address already on the list: the same answer as anyone gets (the form tells a
      // stranger nothing); the subscriber's inbox says it is already on the list.
      await visit(page, js, "/newsletter");
      await form.getByLabel("Email for growth notes").fill(email);
      await form.getByRole("button", { name: "Subscribe" }).click();
      if (js) await form.getByRole("status").getByText(asked).waitFor();
      else await page.getByTestId("toast").getByText(asked).waitFor();
      expect(await page.getByText("You're subscribed!").count()).toBe(0);
      const notice = await emailWithSubject(email, "You're already subscribed to Founder Leads growth notes");
      expect(notice).toContain("It is already on the list, so nothing has changed");
      expect(status(email)).toBe("confirmed");

      // The unsubscribe link of the newest list email: the page asks first.
      await visit(page, js, await emailLink(email, "/unsubscribe"));
      await page.getByRole("heading", { level: 1, name: "Unsubscribe", exact: true }).waitFor();
      expect(await page.getByText(`Stop sending newsletter emails to ${email}?`).count()).toBe(1);
      expect(status(email)).toBe("confirmed");
      await expectAccessible(page, js);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await page.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor();
      expect(status(email)).toBe("unsubscribed");
      expect(query(`SELECT count(*) AS n FROM consents WHERE email = '${email}' AND withdrawn_at IS NOT NULL`)).toEqual([{ n: 1 }]);
      await expectAccessible(page, js);
      await context.close();
    },
  );
});
