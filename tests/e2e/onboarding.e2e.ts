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
import { fillStep1, fillStep2, fillStep3, fillStep4, next } from "./onboarding-steps";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function open(js: boolean, width = 1280): Promise<Page> {
  const page = await (await newContext(browser, js, width)).newPage();
  await page.goto("/onboarding");
  if (js) await waitForHydration(page);
  return page;
}

describe.each(modes)("onboarding $name", ({ js }) => {
  it("goes through all four steps with two plans and lands on /call-booking", async () => {
    const page = await open(js);
    const email = uniqueEmail(js ? "onb-js" : "onb-nojs");
    await page.getByText("Step 1 of 4").waitFor();
    expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
    await expectAccessible(page, js);
    await fillStep1(page);
    await next(page, 2);
    await fillStep2(page, email);
    await next(page, 3);
    await fillStep3(page);
    await expectAccessible(page, js);
    await next(page, 4);
    await fillStep4(page);
    await page.getByRole("button", { name: "Get My Leads" }).click();
    await page.waitForURL(`${baseUrl}/call-booking`);
    await page.getByTestId("toast").getByText("Success!").waitFor();
    const scheduler = await page.getByTestId("scheduler").getAttribute("src");
    expect(scheduler).toContain(`email=${encodeURIComponent(email)}`);
    // The person's signed reference, for Cal.com and Calendly, so a booking with another address links back (ADR 0024).
    expect(scheduler).toMatch(/metadata%5Bref%5D=[\w-]+\.[\w-]{22}&utm_content=[\w-]+\.[\w-]{22}/);
    if (js) expect(await page.evaluate(() => localStorage.getItem("userEmail"))).toBe(email);

    const [row] = query<{ is_completed: number; step_completed: number; form_data: string }>(
      `SELECT is_completed, step_completed, form_data FROM onboarding_submissions WHERE email = '${email}'`,
    );
    expect(row).toMatchObject({ is_completed: 1, step_completed: 4 });
    expect(JSON.parse(row!.form_data).pricingPlans.map((p: { name: string }) => p.name)).toEqual(["Starter", "Pro"]);
    const outbox = await waitFor(
      () => {
        const rows = query<{ kind: string; status: string }>(
          `SELECT kind, status FROM email_outbox WHERE channel = 'email' AND json_extract(payload, '$.email') = '${email}' AND kind LIKE 'onboarding-%' ORDER BY kind`,
        );
        return rows.length === 2 && rows.every((r) => r.status === "sent") && rows;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(outbox.map((r) => r.kind)).toEqual(["onboarding-confirmation", "onboarding-notice"]);
    await page.context().close();
  });

  it("keeps the answers when the visitor leaves at step 3 and comes back", async () => {
    const page = await open(js, 390);
    const email = uniqueEmail(js ? "resume-js" : "resume-nojs");
    await fillStep1(page);
    await next(page, 2);
    await fillStep2(page, email);
    await next(page, 3);
    await page.goto("/");
    await page.goto("/onboarding");
    await page.getByText("Step 3 of 4").waitFor();
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Step 2 of 4").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Company").inputValue()).toBe("Analytical Apps");
    await expectAccessible(page, js);
    await page.context().close();
  });
});

describe.each(modes)("onboarding part-filled $name", ({ js }) => {
  /** Presses Next with the focus still in the last field typed: the step stays, with these messages in page order. */
  const expectMessagesOnNext = async (page: Page, expected: string[]) => {
    await page.getByRole("button", { name: "Next" }).click();
    const shown = async () => (await page.locator("main form [role=alert]").allInnerTexts()).flatMap((t) => t.split("\n"));
    await expect.poll(shown, { timeout: 10_000 }).toEqual(expected);
  };

  it("shows a message under every invalid field of a step, the untouched ones too (selects and a plan's fields)", async () => {
    const page = await open(js);
    await fillStep1(page);
    await next(page, 2);

    // Step 2: a name, an email and a phone that are wrong, the last name and company left empty.
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Email").fill("ada@");
    await page.getByLabel("Phone").fill("call me");
    // With JavaScript, the email's message shows as it is left: the step's checks have loaded.
    if (js) await page.getByText("Please enter a valid email address").waitFor();
    await expectMessagesOnNext(page, [
      "This field is required",
      "Please enter a valid email address",
      "This field is required",
      "Please enter a valid phone number",
    ]);
    expect(await page.getByText("Step 2 of 4").count()).toBe(1);
    expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
    await fillStep2(page, uniqueEmail(js ? "part-js" : "part-nojs"));
    await next(page, 3);

    // Step 3: the pricing model (a select) never touched; one plan's name typed, its features too short.
    await page.getByLabel("Features").first().fill("Labels.");
    await page.getByLabel("Plan name").first().fill("Starter");
    if (js) await page.getByText("Please enter at least 50 characters").first().waitFor();
    await expectMessagesOnNext(page, [
      "Please select a pricing model",
      "This field is required",
      "Please enter at least 50 characters",
      "Please enter at least 50 characters",
    ]);
    expect(await page.getByText("Step 3 of 4").count()).toBe(1);
    await page.context().close();
  });
});

describe("onboarding with JavaScript", () => {
  it("checks a field on blur and clears its error as soon as it is edited", async () => {
    const page = await open(true);
    const url = page.getByLabel("App Store URL");
    await url.fill("not a url");
    await url.blur();
    await page.getByText("Please enter a valid URL").waitFor();
    await url.press("End");
    await url.type("!");
    await page.getByText("Please enter a valid URL").waitFor({ state: "detached" });
    await url.blur();
    await page.getByText("Please enter a valid URL").waitFor();

    const description = page.getByLabel("What does your app do?");
    await description.fill("Short");
    await page.getByText("5/50 characters").waitFor();
    // Next stays put while the step is invalid: the errors show, no request is needed.
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Please enter at least 50 characters").waitFor();
    expect(await page.getByText("Step 1 of 4").count()).toBe(1);
    await page.context().close();
  });

  it("autosaves the draft a second after a valid email is typed", async () => {
    const page = await open(true);
    const email = uniqueEmail("autosave");
    await fillStep1(page);
    await next(page, 2);
    await page.getByLabel("Email").fill(email);
    const rows = await waitFor(
      () => {
        const r = query<{ step_completed: number }>(`SELECT step_completed FROM onboarding_submissions WHERE email = '${email}'`);
        return r.length > 0 && r;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(rows).toEqual([{ step_completed: 1 }]);
    expect(page.url()).toBe(`${baseUrl}/onboarding`);
    await page.context().close();
  });

  it("keeps Next waiting while an autosave is in flight, so only one draft is created", async () => {
    const page = await open(true);
    const email = uniqueEmail("autosave-next");
    await fillStep1(page);
    await next(page, 2);
    const release = await holdRequests(page, "**/onboarding.data*");
    await page.getByLabel("Email").fill(email);
    const nextButton = page.getByRole("button", { name: "Next" });
    await waitFor(async () => (await nextButton.isDisabled()) || null, { timeoutMs: 15_000, intervalMs: 100 });
    release();
    await waitFor(async () => (await nextButton.isEnabled()) || null, { timeoutMs: 15_000, intervalMs: 100 });
    await fillStep2(page, email);
    await next(page, 3);
    expect(query(`SELECT step_completed FROM onboarding_submissions WHERE email = '${email}'`)).toEqual([{ step_completed: 2 }]);
    await page.context().close();
  });
});
