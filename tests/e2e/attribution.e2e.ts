/**
 * The source of a submission (ADR 0022), with JavaScript on and off: a visitor arrives from a campaign link, follows
 * a link to the contact page and sends the form; the admin sees the campaign on the person and finds them with the
 * Leads list's campaign filter. Without JavaScript the contact page carries the landing page in its "came from"
 * field (the cached page, made the visitor's own by the edge gateway); with it, the tab's session storage does.
 * Then the visitor counts (ADR 0023): a campaign visit of two pages and a finished onboarding is one visitor and one
 * submission of the campaign on Insights.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillStep1, fillStep2, fillStep3, fillStep4, next } from "./onboarding-steps";
import {
  BROWSER_USER_AGENT,
  baseUrl,
  launchChromium,
  modes,
  newContext,
  query,
  sendContactMessage,
  signInAsAdmin,
  uniqueEmail,
  waitFor,
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

  it("a campaign visit reads two pages and finishes onboarding: the admin sees one visitor, one submission on Insights", async () => {
    const email = uniqueEmail(js ? "ins-js" : "ins-nojs");
    // A campaign of its own per mode: both modes share the site and its counts.
    const campaign = `launch-${crypto.randomUUID().slice(0, 8)}`;
    const visitor = await (await newContext(browser, js, 1280, { userAgent: BROWSER_USER_AGENT })).newPage();
    await visitor.goto(`/?utm_source=newsletter&utm_campaign=${campaign}`);
    if (js) await waitForHydration(visitor);
    await visitor.getByRole("link", { name: "Blog", exact: true }).click();
    await visitor.waitForURL(`${baseUrl}/blog`);
    await visitor.goBack();
    await visitor.waitForURL(/utm_campaign=/);
    if (js) await waitForHydration(visitor);
    await visitor.getByRole("link", { name: "Get My Sample Leads" }).first().click();
    await visitor.waitForURL(`${baseUrl}/onboarding`);
    if (js) await waitForHydration(visitor);
    await fillStep1(visitor);
    await next(visitor, 2);
    await fillStep2(visitor, email);
    await next(visitor, 3);
    await fillStep3(visitor);
    await next(visitor, 4);
    await fillStep4(visitor);
    await visitor.getByRole("button", { name: "Get My Leads" }).click();
    await visitor.waitForURL(`${baseUrl}/call-booking`);
    await visitor.context().close();

    expect(query(`SELECT first_channel, first_utm_campaign FROM people WHERE email = '${email}'`)).toEqual([
      { first_channel: "campaign", first_utm_campaign: campaign },
    ]);
    // The views reach the rollups through the queue's consumer.
    await waitFor(
      () =>
        query<{ n: number }>(`SELECT sum(visitors) AS n FROM insight_rollups WHERE scope = 'site' AND campaign = '${campaign}'`)[0]?.n ===
        1,
      { timeoutMs: 30_000, intervalMs: 1_000 },
    );

    const admin = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(admin);
    await admin.goto(`/admin/dashboard/leads?campaign=${campaign}`);
    await admin.getByTestId("leads-count").getByText("1 person").waitFor();
    await admin.getByRole("link", { name: "Ada Lovelace" }).click();
    expect(await admin.getByTestId("person-campaign").textContent()).toBe(`${campaign} · newsletter`);

    await admin.goto("/admin/dashboard/leads");
    if (js) await waitForHydration(admin);
    await admin.getByRole("link", { name: "Insights", exact: true }).click();
    await admin.waitForURL(`${baseUrl}/admin/insights`);
    if (js) await waitForHydration(admin);
    await admin.getByLabel("Period", { exact: true }).selectOption("7");
    await admin.getByRole("button", { name: "Show" }).click();
    await admin.waitForURL(/days=7/);
    const row = admin.getByRole("region", { name: "Top campaigns" }).getByRole("row").filter({ hasText: campaign });
    // Campaign, visitors, page views (the pages read, and the landing page again), submissions, conversion.
    const cells = (await row.locator("th, td").allInnerTexts()).map((t) => t.split("\n").at(-1)!.trim());
    expect([cells[0], cells[1], cells[3], cells[4]]).toEqual([campaign, "1", "1", "100.0%"]);
    expect(Number(cells[2])).toBeGreaterThanOrEqual(3);
    await row.getByRole("link", { name: `Leads of the campaign ${campaign}` }).click();
    await admin.getByTestId("leads-count").getByText("1 person").waitFor();
    await admin.context().close();
  });
});
