/**
 * A follow-up sequence from the dashboard to the booked call, with JavaScript on and off (ADR 0024): an admin
 * switches on the onboarding sequence and edits its first email with a merge field (an unknown one is refused
 * first); a visitor finishes onboarding and is enrolled; the cron runs once the first step is due and the reminder
 * is sent with the booking link; a signed Cal.com booking arrives; the cron skips the second reminder; the person
 * page shows the meeting, the status Contacted and the skipped step with its reason.
 *
 * Moving the clock: the engine takes its time from the cron's scheduled time. The run could be given a later one, but
 * every cron job would run at that time (retention, the visitor counts' closed days) and disturb the journeys running
 * beside this one; so the test moves the enrolment's due time back through the SQL endpoint, as 25 hours passing
 * would, and runs the cron now (support.ts, runCron).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calComBody, calComHeaders } from "../scheduler-signing";
import { fillStep1, fillStep2, fillStep3, fillStep4, next } from "./onboarding-steps";
import {
  baseUrl,
  emailWithSubject,
  launchChromium,
  modes,
  newContext,
  query,
  runCron,
  signInAsAdmin,
  uniqueEmail,
  waitFor,
  waitForHydration,
} from "./support";

/** The site's Cal.com secret in the end-to-end run (tests/e2e/global-setup.ts). */
const CAL_COM_SECRET = "e2e-cal-com-webhook-secret";
const SEQUENCE = "onboarding-no-booking";
const HOUR = 3_600_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  // The shipped sequence is off again for the other journeys.
  query(`UPDATE sequences SET enabled = 0 WHERE id = '${SEQUENCE}'`);
  await browser?.close();
});

async function finishOnboarding(js: boolean, email: string) {
  const page = await (await newContext(browser, js)).newPage();
  await page.goto("/onboarding");
  if (js) await waitForHydration(page);
  await fillStep1(page);
  await next(page, 2);
  await fillStep2(page, email);
  await next(page, 3);
  await fillStep3(page);
  await next(page, 4);
  await fillStep4(page);
  await page.getByRole("button", { name: "Get My Leads" }).click();
  await page.waitForURL(`${baseUrl}/call-booking`);
  await page.context().close();
}

async function editSequence(page: Page, js: boolean, subject: string) {
  await page.goto("/admin/sequences");
  await page.getByRole("link", { name: "After onboarding, no call booked" }).click();
  await page.getByRole("heading", { level: 2, name: "After onboarding, no call booked" }).waitFor();
  if (js) await waitForHydration(page);
  await page.getByRole("button", { name: "Switch on" }).click();
  await page.getByTestId("toast").getByText("Sequence switched on").waitFor();
  await page.getByRole("button", { name: "Switch off" }).waitFor();
  expect(query(`SELECT enabled FROM sequences WHERE id = '${SEQUENCE}'`)).toEqual([{ enabled: 1 }]);

  // A merge field the site does not know: refused with its name, under the field, the text kept.
  const field = page.getByLabel("Subject of email 1");
  await field.fill("Hello {last_name}");
  await page.getByRole("button", { name: "Save sequence" }).click();
  await page.getByText("Unknown merge field {last_name}.", { exact: false }).waitFor();
  expect(await page.getByLabel("Subject of email 1").inputValue()).toBe("Hello {last_name}");
  expect(query<{ steps: string }>(`SELECT steps FROM sequences WHERE id = '${SEQUENCE}'`)[0]!.steps).not.toContain("last_name");

  await page.getByLabel("Subject of email 1").fill(subject);
  await page.getByRole("button", { name: "Save sequence" }).click();
  await page.getByTestId("toast").getByText("Sequence saved").waitFor();
  const steps = JSON.parse(query<{ steps: string }>(`SELECT steps FROM sequences WHERE id = '${SEQUENCE}'`)[0]!.steps) as {
    subject: string;
    body: string;
  }[];
  expect(steps[0]!.subject).toBe(subject);
  expect(steps[0]!.body).toContain("{booking_link}");
}

describe.each(modes)("a follow-up sequence $name", ({ js }) => {
  it("is switched on and edited, reminds a founder with the booking link, and skips the next reminder once they book", async () => {
    const tag = js ? `js-${Date.now()}` : `nojs-${Date.now()}`;
    query(`UPDATE sequences SET enabled = 0 WHERE id = '${SEQUENCE}'`);
    const admin = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(admin);
    await editSequence(admin, js, `Your call is waiting, {first_name} (${tag})`);

    // A founder finishes onboarding: enrolled, the first step due 24 hours later.
    const email = uniqueEmail(`seq-${tag}`);
    await finishOnboarding(js, email);
    const [enrolment] = query<{ id: string; person_id: string; due_at: number; enrolled_at: number; state: string }>(
      `SELECT e.id, e.person_id, e.due_at, e.enrolled_at, e.state FROM sequence_enrolments e JOIN people p ON p.id = e.person_id
        WHERE p.email = '${email}' AND e.sequence_id = '${SEQUENCE}'`,
    );
    expect(enrolment).toMatchObject({ state: "active" });
    expect(enrolment!.due_at - enrolment!.enrolled_at).toBe(24 * HOUR);

    // 25 hours later: the cron sends the first reminder, with the booking link.
    query(
      `UPDATE sequence_enrolments SET due_at = due_at - ${25 * HOUR}, enrolled_at = enrolled_at - ${25 * HOUR} WHERE id = '${enrolment!.id}'`,
    );
    await runCron();
    const subject = await waitFor(
      () =>
        query<{ subject: string }>(`SELECT subject FROM email_outbox WHERE kind = 'sequence-step' AND recipient = '${email}'`)[0]
          ?.subject ?? null,
    );
    expect(subject).toMatch(new RegExp(`^Your call is waiting, Ada\\b.*\\(${tag}\\)$`));
    const reminder = await emailWithSubject(email, subject);
    expect(reminder).toContain(`${baseUrl}/call-booking`);
    expect(query(`SELECT next_step, state FROM sequence_enrolments WHERE id = '${enrolment!.id}'`)).toEqual([
      { next_step: 1, state: "active" },
    ]);

    // The founder books the call on Cal.com: the signed webhook arrives.
    const start = Date.now() + 2 * 24 * HOUR;
    const body = calComBody("BOOKING_CREATED", {
      uid: `e2e-seq-${tag}`,
      email,
      name: "Ada Lovelace",
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR / 2).toISOString(),
      at: new Date().toISOString(),
      notes: "Growth for ShipFast",
    });
    const delivered = await fetch(`${baseUrl}/hooks/scheduler/cal-com`, {
      method: "POST",
      body,
      headers: await calComHeaders(CAL_COM_SECRET, body),
    });
    expect(delivered.status).toBe(200);

    // Three days later the second reminder is due: the cron skips it, the call being booked.
    query(`UPDATE sequence_enrolments SET due_at = ${Date.now() - 60_000} WHERE id = '${enrolment!.id}'`);
    await runCron();
    expect(query(`SELECT step, outcome, reason FROM sequence_step_records WHERE enrolment_id = '${enrolment!.id}' ORDER BY step`)).toEqual([
      { step: 0, outcome: "sent", reason: null },
      { step: 1, outcome: "skipped", reason: "call booked" },
    ]);
    expect(query(`SELECT count(*) AS n FROM email_outbox WHERE kind = 'sequence-step' AND recipient = '${email}'`)).toEqual([{ n: 1 }]);

    // The person page: the meeting, the status Contacted, and the skipped step with its reason.
    await admin.goto(`/admin/dashboard/leads/${enrolment!.person_id}`);
    if (js) await waitForHydration(admin);
    await admin.getByTestId("timeline-meeting").getByText("Booked", { exact: true }).waitFor();
    expect(await admin.getByTestId("person-status").textContent()).toBe("Contacted");
    const followUp = admin.getByTestId("follow-up");
    await followUp.getByText("After onboarding, no call booked").waitFor();
    const steps = followUp.getByTestId("follow-up-step");
    expect(await steps.count()).toBe(2);
    await steps.nth(0).getByText("Sent", { exact: true }).waitFor();
    await steps.nth(1).getByText("Skipped", { exact: true }).waitFor();
    await steps.nth(1).getByText("Why: call booked").waitFor();

    // The sequence's page counts the call booked after enrolment.
    await admin.goto(`/admin/sequences/${SEQUENCE}`);
    expect(Number(await admin.getByTestId("sequence-count-booked").textContent())).toBeGreaterThanOrEqual(1);
    await admin.context().close();
  });
});
