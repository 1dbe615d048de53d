/** The onboarding wizard's four steps, filled as a founder would (shared by the journeys that go through it). */
import type { Page } from "playwright-core";

export const long = (text: string) => `${text}. `.repeat(3).trim();

export async function next(page: Page, step: number) {
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText(`Step ${step} of 4`).waitFor();
}

export async function fillStep1(page: Page) {
  await page.getByLabel("App name").fill("ShipFast");
  await page.getByLabel("App category").selectOption("shipping");
  await page.getByLabel("What does your app do?").fill(long("Print shipping labels for every order in one click"));
  await page.getByLabel("App Store URL").fill("https://apps.shopify.com/shipfast");
}

export async function fillStep2(page: Page, email: string) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Company").fill("Analytical Apps");
  await page.getByLabel("Phone").fill("+1 (555) 123-4567");
}

export async function fillStep3(page: Page) {
  await page.getByLabel("Pricing model").selectOption("subscription");
  await page.getByLabel("Plan name").first().fill("Starter");
  await page.getByLabel("Price").first().fill("$19/month");
  await page.getByLabel("Features").first().fill(long("Batch labels and tracking emails for small stores"));
  await page.getByRole("button", { name: "+ Add Plan" }).click();
  await page.getByText("Plan 2", { exact: true }).waitFor();
  await page.getByLabel("Plan name").nth(1).fill("Pro");
  await page.getByLabel("Price").nth(1).fill("$49/month");
  await page.getByLabel("Features").nth(1).fill(long("Everything in Starter plus carrier rules and returns"));
  await page.getByLabel("What makes your app unique?").fill(long("The only app that prints labels straight from the order list"));
}

export async function fillStep4(page: Page) {
  await page.getByLabel("Target audience").fill("Stores shipping 500+ orders a month");
  await page.getByLabel("Ideal contact persona").fill("Head of operations");
  await page.getByLabel("Pain points").fill("Slow, error-prone fulfilment");
  await page.getByLabel("Customer behavior").fill("Compare apps in the App Store and ask peers");
  await page.getByLabel("Competition apps").fill("ShipStation, Sendcloud");
}
