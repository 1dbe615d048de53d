/**
 * A call booked on the scheduler, with JavaScript on and off (ADR 0024): a New person is on the list; a signed
 * Cal.com booking arrives at the site (the test plays Cal.com, signing the body with the site's secret); the
 * person page shows the meeting with its answers, the status Contacted and "call booked"; the dashboard lists the
 * call this week; the admin marks the call held.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as make from "../factories";
import { calComBody, calComHeaders } from "../scheduler-signing";
import { baseUrl, launchChromium, modes, newContext, query, signInAsAdmin, uniqueEmail, waitForHydration } from "./support";

/** The site's Cal.com secret in the end-to-end run (tests/e2e/global-setup.ts). */
const CAL_COM_SECRET = "e2e-cal-com-webhook-secret";
const HOUR = 3_600_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(modes)("a call booked on the scheduler $name", ({ js }) => {
  it("lands on the person's timeline, makes them Contacted, shows on the dashboard, and is marked held", async () => {
    const email = uniqueEmail(js ? "call-js" : "call-nojs");
    const personId = crypto.randomUUID();
    query(make.person.sql({ id: personId, email, name: "Grace Hopper", firstForm: "onboarding", lastForm: "onboarding", status: "new" }));

    // In ten minutes: this week's, in any team time zone (the dashboard lists this week's calls).
    const start = Date.now() + 10 * 60_000;
    const body = calComBody("BOOKING_CREATED", {
      uid: `e2e-${personId}`,
      email,
      name: "Grace Hopper",
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR / 2).toISOString(),
      at: new Date().toISOString(),
      notes: "Our first <b>50</b> merchants",
    });
    const delivered = await fetch(`${baseUrl}/hooks/scheduler/cal-com`, {
      method: "POST",
      body,
      headers: await calComHeaders(CAL_COM_SECRET, body),
    });
    expect(delivered.status).toBe(200);

    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    await page
      .getByTestId("calls-week")
      .getByRole("link", { name: `Grace Hopper (${email})` })
      .click();
    await page.getByRole("heading", { level: 2, name: "Grace Hopper" }).waitFor();
    if (js) await waitForHydration(page);
    const meeting = page.getByTestId("timeline-meeting");
    await meeting.getByText("Booked", { exact: true }).waitFor();
    // The invitee's answer, as text.
    await meeting.getByText("Our first <b>50</b> merchants").waitFor();
    expect(await page.getByTestId("person-status").textContent()).toBe("Contacted");
    await page.getByText("(call booked)", { exact: true }).waitFor();

    await meeting.getByRole("button", { name: "Mark held" }).click();
    await page.getByTestId("toast").getByText("Call marked as held").waitFor();
    await page.getByTestId("timeline-meeting").getByText("Held", { exact: true }).waitFor();
    expect(query<{ status: string }>(`SELECT status FROM meetings WHERE booking_id = 'e2e-${personId}'`)).toEqual([{ status: "held" }]);
    await page.context().close();
  });
});
