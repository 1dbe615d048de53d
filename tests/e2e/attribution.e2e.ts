/**
 * The source of a submission (ADR 0022), with JavaScript on and off: a visitor arrives from a campaign link, follows
 * a link to the contact page and sends the form; the admin sees the campaign on the person and finds them with the
 * Leads list's campaign filter. Without JavaScript the contact page carries the landing page in its "came from"
 * field (the cached page, made the visitor's own by the edge gateway); with it, the tab's session storage does.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  baseUrl,
  launchChromium,
  modes,
  newContext,
  query,
  sendContactMessage,
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

describe.each(modes)("attribution $name", ({ js }) => {
  it("a campaign landing, one more page, the contact form: the admin sees the campaign on the person", async () => {
    const email = uniqueEmail(js ? "attr-js" : "attr-nojs");
    const campaign = `launch-${crypto.randomUUID().slice(0, 8)}`;
    const visitor = await (await newContext(browser, js)).newPage();
    await visitor.goto(`/?utm_source=newsletter&utm_campaign=${campaign}`);
    if (js) await waitForHydration(visitor);
    await visitor.getByRole("link", { name: "Talk To us" }).click();
    await visitor.waitForURL(`${baseUrl}/contact`);
    if (js) await waitForHydration(visitor);
    await sendContactMessage(visitor, email);
    await visitor.context().close();

    expect(
      query(`SELECT first_channel, first_utm_source, first_utm_campaign, first_landing_page FROM people WHERE email = '${email}'`),
    ).toEqual([{ first_channel: "campaign", first_utm_source: "newsletter", first_utm_campaign: campaign, first_landing_page: "/" }]);

    const admin = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(admin);
    await admin.goto("/admin/dashboard/leads");
    if (js) await waitForHydration(admin);
    await admin.getByLabel("Campaign").fill(campaign);
    await admin.getByRole("button", { name: "Filter" }).click();
    await admin.waitForURL(/campaign=/);
    await admin.getByTestId("leads-count").getByText("1 person").waitFor();
    await admin.getByRole("link", { name: "Ada Lovelace" }).click();
    await admin.getByTestId("person-first-source").getByText("Campaign").waitFor();
    expect(await admin.getByTestId("person-campaign").textContent()).toBe(`${campaign} · newsletter`);
    expect(await admin.getByTestId("person-landing-page").textContent()).toBe("/");
    await admin.context().close();
  });
});
