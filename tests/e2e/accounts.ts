/**
 * What the account journeys share (team-accounts.e2e.ts, two-factor.e2e.ts): admins of a journey's own, signing
 * in and out, two-factor codes computed from the secret read on the page, and one browser connection per file.
 */
import { generateTOTP } from "@epic-web/totp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { hashPassword } from "../../app/features/auth/password.server";
import * as make from "../factories";
import { baseUrl, freshIp, launchChromium, newContext, query, uniqueEmail, waitForHydration } from "./support";

let browser: Browser;
/** Connects the file to its worker's browser before its tests, and disconnects after. */
export function useBrowser() {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export const PASSWORD = "granite meadow sings softly";
export const q = (v: string) => `'${v.replaceAll("'", "''")}'`;

/** An admin of this journey's own, written to the site's D1 as `admin:create` would. */
export async function createAdmin(tag: string) {
  const admin = make.user.build({ email: uniqueEmail(tag), passwordHash: await hashPassword(PASSWORD, null) });
  query(make.adminSql(admin));
  return { id: admin.id, email: admin.email, password: PASSWORD };
}

export async function newPage(js: boolean): Promise<Page> {
  return (await newContext(browser, js, 1280, { ip: freshIp() })).newPage();
}

export async function signIn(page: Page, js: boolean, email: string, password: string) {
  await page.goto("/admin/login");
  if (js) await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

export async function signInToDashboard(page: Page, js: boolean, email: string, password: string) {
  await signIn(page, js, email, password);
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(`${baseUrl}/admin/login`);
}

export const totp = async (secret: string) => (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;

/** Types a code on the two-factor page and sends it; the status of the answer (with JavaScript, the action's data request). */
export async function submitCode(page: Page, js: boolean, code: string): Promise<number> {
  if (js) await waitForHydration(page);
  await page.getByLabel("Code").fill(code);
  const [answer] = await Promise.all([
    // Without JavaScript the form's own POST; with it, Remix's single-fetch POST to the route's `.data`.
    page.waitForResponse((r) => r.request().method() === "POST" && /^\/admin\/login\/two-factor(\.data)?$/.test(new URL(r.url()).pathname)),
    page.getByRole("button", { name: "Verify" }).click(),
  ]);
  await page.waitForLoadState();
  return answer.status();
}

/** From the dashboard: turns two-factor sign-in on through the pages; the secret read on the page and the codes shown once. */
export async function turnOnTwoFactor(page: Page, js: boolean) {
  await page.getByRole("link", { name: "Your account" }).click();
  await page.getByRole("link", { name: "Turn on two-factor sign-in" }).click();
  await page.getByRole("img", { name: "QR code of your two-factor sign-in key" }).waitFor();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  if (js) await waitForHydration(page);
  await page.getByLabel("Code from your app").fill(await totp(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
  const codes = (await page.getByTestId("recovery-code").allTextContents()).map((c) => c.trim());
  return { secret, codes };
}

export async function choosePassword(page: Page, password: string, submit: string) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: submit }).click();
}

/** Signs in with the password and waits on the second step (two-factor), ready to type a code. */
export async function toSecondStep(page: Page, js: boolean, email: string, password: string) {
  await signIn(page, js, email, password);
  await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
  if (js) await waitForHydration(page);
}

/** Types a code (from the app or a recovery code) on the second step and sends it. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}
