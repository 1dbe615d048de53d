/**
 * The lead pipeline, with JavaScript on and off: a founder takes
 * the popup's playbook, then finishes onboarding with the same email in other
 * capitals, and is one person with both; an admin moves them to Contacted
 * (the due date goes), adds a note with <script> in it (shown as text) and
 * takes them on; the dashboard's Overdue count opens the overdue list; the
 * home's period form shows the onboarding funnel and outcomes over 7 days.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../../scripts/seed-data.mjs";
import * as make from "../factories";
import { fillStep1, fillStep2, fillStep3, fillStep4, next } from "./onboarding-steps";
import {
  baseUrl,
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

describe.each(modes)("lead pipeline $name", ({ js }) => {
  it("one person from the playbook and onboarding; Contacted clears the due date; a note shows <script> as text; an owner", async () => {
    const email = uniqueEmail(js ? "pipe-js" : "pipe-nojs");
    const visitor = await (await newContext(browser, js)).newPage();
    await visitor.goto("/lead-magnet");
    if (js) await waitForHydration(visitor);
    const playbook = visitor.locator("form", { has: visitor.getByRole("button", { name: "Send me the playbook" }) });
    await playbook.getByLabel("First name").fill("Ada");
    await playbook.getByLabel("Email").fill(email);
    await playbook.getByLabel("Your app's URL").fill("https://apps.shopify.com/shipfast");
    await playbook.getByRole("button", { name: "Send me the playbook" }).click();
    await visitor.getByTestId("toast").getByText("Success!").waitFor();

    await visitor.goto("/onboarding");
    if (js) await waitForHydration(visitor);
    await fillStep1(visitor);
    await next(visitor, 2);
    await fillStep2(visitor, email.toUpperCase());
    await next(visitor, 3);
    await fillStep3(visitor);
    await next(visitor, 4);
    await fillStep4(visitor);
    await visitor.getByRole("button", { name: "Get My Leads" }).click();
    await visitor.waitForURL(`${baseUrl}/call-booking`);
    await visitor.context().close();

    const people = query<{ id: string; due_at: number | null }>(`SELECT id, due_at FROM people WHERE email = '${email}'`);
    expect(people).toHaveLength(1);
    expect(people[0]!.due_at).not.toBeNull();
    const forms = query<{ form: string }>(`SELECT form FROM person_submissions WHERE person_id = '${people[0]!.id}' ORDER BY created_at`);
    expect(forms.map((f) => f.form)).toEqual(["lead-magnet", "onboarding"]);

    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    await page.goto(`/admin/dashboard/leads?q=${encodeURIComponent(email)}`);
    await page.getByTestId("leads-count").getByText("1 person").waitFor();
    await page.getByRole("link", { name: "Ada Lovelace" }).click();
    await page.getByRole("heading", { level: 2, name: "Ada Lovelace" }).waitFor();
    if (js) await waitForHydration(page);
    await page.getByRole("heading", { name: "Ideal customer profile" }).waitFor();
    expect(await page.getByTestId("person-due").textContent()).not.toBe("—");

    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Save status" }).click();
    await page.getByTestId("toast").getByText("Status saved").waitFor();
    await page.getByText("Status: New → Contacted").waitFor();
    expect(await page.getByTestId("person-due").textContent()).toBe("—");

    await page.getByLabel("New note").fill("Called. <script>window.pwned = 1</script> **Keen**");
    await page.getByRole("button", { name: "Add note" }).click();
    await page.getByTestId("toast").getByText("Note added").waitFor();
    // Shown as text in the timeline (and typed back into its edit box).
    await page.getByRole("list", { name: "Timeline" }).locator("p", { hasText: "Called. <script>window.pwned = 1</script>" }).waitFor();
    await page.locator("strong", { hasText: "Keen" }).waitFor();
    if (js) expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

    await page.getByLabel("Owner", { exact: true }).selectOption({ label: DEMO_ADMIN.email });
    await page.getByRole("button", { name: "Save owner" }).click();
    await page.getByTestId("toast").getByText("Owner saved").waitFor();
    expect(await page.getByTestId("person-owner").textContent()).toBe(DEMO_ADMIN.email);
    await expectAccessible(page, js);
    await page.context().close();
  });

  it("the dashboard's Overdue count links to the overdue list", async () => {
    const email = uniqueEmail(js ? "overdue-js" : "overdue-nojs");
    const name = `Late Lead ${email.slice(4, 30)}`;
    query(
      make.person.sql({
        email,
        name,
        firstForm: "premium",
        lastForm: "premium",
        dueAt: new Date(Date.now() - 3_600_000),
        lastSeenAt: new Date(),
      }),
    );
    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    const [{ n }] = query<{ n: number }>(`SELECT count(*) AS n FROM people WHERE due_at < ${Date.now()}`) as [{ n: number }];
    const link = page.getByTestId("due-overdue");
    expect(Number(await link.textContent())).toBe(n);
    await link.click();
    await page.waitForURL(`${baseUrl}/admin/dashboard/leads?due=overdue`);
    await page.getByRole("link", { name }).waitFor();
    expect(await page.getByLabel("Due", { exact: true }).inputValue()).toBe("overdue");
    await page.context().close();
  });

  it("the home's period form shows the onboarding funnel and the outcomes per form over 7 days, the numbers as D1 has them", async () => {
    const page = await (await newContext(browser, js)).newPage();
    await signInAsAdmin(page);
    await page.getByLabel("Onboarding and outcomes over").selectOption("7");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard?days=7`);
    await page.getByRole("heading", { name: /^Onboarding funnel, last 7 days/ }).waitFor();
    const DAY = 86_400_000;
    const since = Math.floor(Date.now() / DAY) * DAY - 6 * DAY;
    const [{ n }] = query<{ n: number }>(`SELECT count(*) AS n FROM onboarding_submissions WHERE created_at >= ${since}`) as [
      { n: number },
    ];
    await page.getByText("The numbers, step by step").click();
    const started = page.getByRole("table", { name: /^Onboarding funnel, last 7 days/ }).getByRole("row", { name: /^Started/ });
    // The cell holds its column's name for the phone layout (hidden), then the number.
    expect((await started.getByRole("cell").first().textContent())!.replace("Onboardings", "").trim()).toBe(String(n));
    await page.getByRole("heading", { name: /^Qualified or Customer, per form, last 7 days/ }).waitFor();
    await expectAccessible(page, js);
    await page.context().close();
  });
});
