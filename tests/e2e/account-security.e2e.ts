/**
 * Admin team and account security (issue 23), every journey with JavaScript
 * on and off: invitations, two-factor sign-in with codes computed from the
 * secret read on the page, recovery codes, a forgotten password, ending
 * another browser's session, removing an admin. Each journey uses admins of
 * its own, so the demo admin (whom other journeys sign in as) never changes.
 */
import { generateTOTP } from "@epic-web/totp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/features/admin/password.server";
import { DEMO_ADMIN } from "../../scripts/seed-data.mjs";
import { totpCode } from "../totp";
import {
  baseUrl,
  emailLink,
  expectAccessible,
  launchChromium,
  modes,
  newContext,
  query,
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

const PASSWORD = "granite meadow sings softly";
const q = (v: string) => `'${v.replaceAll("'", "''")}'`;
let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

/** An admin of this journey's own, written to the site's D1 as `admin:create` would. */
async function createAdmin(tag: string) {
  const email = uniqueEmail(tag);
  const id = crypto.randomUUID();
  query(
    `INSERT INTO users (id, email, password_hash) VALUES (${q(id)}, ${q(email)}, ${q(await hashPassword(PASSWORD, null))});
     INSERT INTO user_roles (user_id, role) VALUES (${q(id)}, 'admin');`,
  );
  return { id, email, password: PASSWORD };
}

async function newPage(js: boolean): Promise<Page> {
  return (await newContext(browser, js, 1280, { ip: freshIp() })).newPage();
}

async function signIn(page: Page, js: boolean, email: string, password: string) {
  await page.goto("/admin/login");
  if (js) await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function signInToDashboard(page: Page, js: boolean, email: string, password: string) {
  await signIn(page, js, email, password);
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(`${baseUrl}/admin/login`);
}

const totp = async (secret: string) => (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;

async function choosePassword(page: Page, password: string, submit: string) {
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: submit }).click();
}

describe.each(modes)("account security $name", ({ js }) => {
  it("invites an admin, who accepts by choosing a password and signs in", async () => {
    const page = await newPage(js);
    await signInAsAdmin(page);
    await page.getByRole("link", { name: "Team" }).click();
    await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    await page.getByRole("rowheader", { name: DEMO_ADMIN.email }).waitFor();
    await expectAccessible(page, js);
    const invitee = uniqueEmail("invitee");
    if (js) await waitForHydration(page);
    await page.getByLabel("Email").fill(invitee);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByTestId("toast").getByText("Invitation sent.").waitFor();
    await page.getByRole("rowheader", { name: invitee }).waitFor();
    const link = await emailLink(invitee, "/admin/invitation");

    const guest = await newPage(js);
    await guest.goto(link);
    await guest.getByRole("heading", { name: "Join the Founder Leads admin" }).waitFor();
    await expectAccessible(guest, js);
    if (js) await waitForHydration(guest);
    await choosePassword(guest, "password12345", "Create my account");
    await guest.getByText("too common").waitFor();
    await choosePassword(guest, PASSWORD, "Create my account");
    await guest.waitForURL(`${baseUrl}/admin/login`);
    await guest.getByTestId("toast").getByText("Welcome! Your account is ready. Please sign in.").waitFor();
    await signInToDashboard(guest, js, invitee, PASSWORD);

    // The link worked once.
    await guest.goto(link);
    await guest.getByRole("heading", { name: "This link is not valid any more" }).waitFor();
    await guest.context().close();
    await page.context().close();
  });

  it("turns on two-factor sign-in, signs out, signs in with a code; a recovery code works once", async () => {
    const admin = await createAdmin("totp");
    const page = await newPage(js);
    await signInToDashboard(page, js, admin.email, admin.password);
    await page.getByRole("link", { name: "Your account" }).click();
    await page.getByRole("link", { name: "Turn on two-factor sign-in" }).click();
    await page.getByRole("img", { name: "QR code of your two-factor sign-in key" }).waitFor();
    await expectAccessible(page, js);
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    if (js) await waitForHydration(page);
    await page.getByLabel("Code from your app").fill(await totp(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    const codes = (await page.getByTestId("recovery-code").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await signOut(page);

    // Password, then the code from the app.
    await signIn(page, js, admin.email, admin.password);
    await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
    await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
    await expectAccessible(page, js);
    // The pending state is no session.
    await page.goto("/admin/dashboard");
    await page.waitForURL(`${baseUrl}/admin/login`);
    await signIn(page, js, admin.email, admin.password);
    await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
    if (js) await waitForHydration(page);
    // The next step's code: the one that confirmed set-up is used, and each code works once.
    await page.getByLabel("Code").fill(await totpCode(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await signOut(page);

    // A recovery code, once.
    await signIn(page, js, admin.email, admin.password);
    await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
    if (js) await waitForHydration(page);
    await page.getByLabel("Code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await signOut(page);
    await signIn(page, js, admin.email, admin.password);
    await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
    if (js) await waitForHydration(page);
    await page.getByLabel("Code").fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not valid").waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/login/two-factor`);
    await page.context().close();
  });

  it("resets a forgotten password through the emailed link", async () => {
    const admin = await createAdmin("reset");
    const page = await newPage(js);
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
    await expectAccessible(page, js);
    if (js) await waitForHydration(page);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await page.getByText("If that address belongs to an admin, we have sent a link.").waitFor();
    const link = await emailLink(admin.email, "/admin/reset-password");

    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectAccessible(page, js);
    if (js) await waitForHydration(page);
    const newPassword = "copper lantern drifts east";
    await choosePassword(page, newPassword, "Set the new password");
    await page.waitForURL(`${baseUrl}/admin/login`);
    await page.getByTestId("toast").getByText("Your password has been changed. Please sign in.").waitFor();
    await signInToDashboard(page, js, admin.email, newPassword);
    await page.context().close();
  });

  it("ends another browser's session: that browser is sent to sign-in", async () => {
    const admin = await createAdmin("sessions");
    const mine = await newPage(js);
    const other = await newPage(js);
    await signInToDashboard(other, js, admin.email, admin.password);
    await signInToDashboard(mine, js, admin.email, admin.password);
    await mine.goto("/admin/account");
    await mine.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    await expectAccessible(mine, js);
    const ends = mine.getByRole("button", { name: /^End session:/ });
    await waitFor(async () => (await ends.count()) === 1);
    await ends.click();
    await mine.getByTestId("toast").getByText("That session has ended.").waitFor();
    await waitFor(async () => (await ends.count()) === 0);

    await other.goto("/admin/dashboard");
    await other.waitForURL(`${baseUrl}/admin/login`);
    await other.getByTestId("toast").getByText("Access denied", { exact: true }).waitFor();
    await mine.goto("/admin/dashboard");
    expect(mine.url()).toBe(`${baseUrl}/admin/dashboard`);
    await other.context().close();
    await mine.context().close();
  });

  it("removes an admin after a confirmation: their open session is refused", async () => {
    const removed = await createAdmin("removed");
    const theirs = await newPage(js);
    await signInToDashboard(theirs, js, removed.email, removed.password);
    const page = await newPage(js);
    await signInAsAdmin(page);
    await page.goto("/admin/team");
    await page.getByRole("link", { name: `Remove ${removed.email}` }).click();
    await page.getByRole("heading", { name: `Remove ${removed.email}?` }).waitFor();
    await expectAccessible(page, js);
    await page.getByRole("button", { name: "Remove admin" }).click();
    await page.waitForURL(`${baseUrl}/admin/team`);
    await page.getByTestId("toast").getByText("The admin has been removed and their sessions have ended.").waitFor();
    expect(await page.getByRole("rowheader", { name: removed.email }).count()).toBe(0);

    await theirs.goto("/admin/dashboard");
    await theirs.waitForURL(`${baseUrl}/admin/login`);
    await theirs.context().close();
    await page.context().close();
  });
});
