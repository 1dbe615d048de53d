/**
 * Admin team and account security, every journey with JavaScript on and off:
 * invitations, two-factor sign-in with codes computed from the secret read on
 * the page, recovery codes (and new ones), wrong codes that lock the second
 * step, a forgotten password, ending another browser's session, removing an
 * admin, the team's session limits, and a save whose session ended that comes
 * back after sign-in. Each journey uses admins of its own, so the demo admin
 * (whom other journeys sign in as) never changes.
 */
import { generateTOTP } from "@epic-web/totp";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/features/auth/password.server";
import { DEMO_ADMIN } from "../../scripts/seed-data.mjs";
import * as make from "../factories";
import { totpCode } from "../totp";
import {
  baseUrl,
  emailLink,
  expectAccessible,
  freshIp,
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

/** An admin of this journey's own, written to the site's D1 as `admin:create` would. */
async function createAdmin(tag: string) {
  const admin = make.user.build({ email: uniqueEmail(tag), passwordHash: await hashPassword(PASSWORD, null) });
  query(make.adminSql(admin));
  return { id: admin.id, email: admin.email, password: PASSWORD };
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

/** Types a code on the two-factor page and sends it; the status of the answer (with JavaScript, the action's data request). */
async function submitCode(page: Page, js: boolean, code: string): Promise<number> {
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
async function turnOnTwoFactor(page: Page, js: boolean) {
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
    // 160 bits: 32 base32 characters.
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
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
  it("makes new recovery codes with the password and a code from the app; the old ones stop working", async () => {
    const admin = await createAdmin("new-codes");
    const page = await newPage(js);
    await signInToDashboard(page, js, admin.email, admin.password);
    const { secret, codes: old } = await turnOnTwoFactor(page, js);
    await page.getByRole("link", { name: "I have saved them" }).click();
    await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
    const section = page.getByRole("region", { name: "Recovery codes" });
    await section.getByText("Left: 10 of 10").waitFor();
    if (js) await waitForHydration(page);
    await section.getByLabel("Password").fill(admin.password);
    await section.getByLabel("Code from your app").fill(await totpCode(secret, 40));
    await section.getByRole("button", { name: "Make new recovery codes" }).click();
    await section.getByText("That code is not valid").waitFor();
    await section.getByLabel("Password").fill(admin.password);
    await section.getByLabel("Code from your app").fill(await totp(secret));
    await section.getByRole("button", { name: "Make new recovery codes" }).click();
    await page.getByRole("heading", { name: "Your new recovery codes" }).waitFor();
    await expectAccessible(page, js);
    const codes = (await page.getByTestId("recovery-code").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => old.includes(c))).toBe(false);
    await signOut(page);

    await signIn(page, js, admin.email, admin.password);
    await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
    if (js) await waitForHydration(page);
    await page.getByLabel("Code").fill(old[1]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That code is not valid").waitFor();
    await page.getByLabel("Code").fill(codes[1]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.context().close();
  }, 120_000);

  it("wrong codes lock the second step after 5: the page says so and the admin is emailed", async () => {
    const admin = await createAdmin("locked");
    const page = await newPage(js);
    await signInToDashboard(page, js, admin.email, admin.password);
    const { secret } = await turnOnTwoFactor(page, js);
    await signOut(page);
    await signIn(page, js, admin.email, admin.password);
    await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
    for (let i = 0; i < 5; i++) {
      expect(await submitCode(page, js, await totpCode(secret, 40 + i))).toBe(401);
      await page.getByText("That code is not valid").waitFor();
    }
    await page.getByText("Too many wrong codes for this account").waitFor();
    // The right code now is refused too, with the same message (429 until the window ends).
    expect(await submitCode(page, js, await totpCode(secret, 1))).toBe(429);
    await page.getByText("Too many wrong codes for this account").waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/login/two-factor`);
    await expectAccessible(page, js);
    const sent = await waitFor(() => {
      const rows = query<{ n: number }>(
        `SELECT count(*) AS n FROM email_outbox WHERE kind = 'admin-2fa-lock' AND recipient = ${q(admin.email)}`,
      );
      return rows[0]!.n > 0 ? rows[0]!.n : null;
    });
    expect(sent).toBe(1);
    await page.context().close();
  }, 120_000);

  it("sets the team's session limits on their page, with the messages under the field", async () => {
    const admin = await createAdmin("limits");
    const page = await newPage(js);
    await signInToDashboard(page, js, admin.email, admin.password);
    await page.getByRole("link", { name: "Sessions" }).click();
    await page.getByRole("heading", { level: 1, name: "Sessions" }).waitFor();
    await expectAccessible(page, js);
    const idle = page.getByLabel("Sign out after this long without use");
    const lifetime = page.getByLabel("Sign out this long after signing in, however busy");
    expect(await idle.inputValue()).toBe("720");
    expect(await lifetime.inputValue()).toBe("10080");
    if (js) await waitForHydration(page);
    await idle.selectOption({ label: "7 days" });
    await lifetime.selectOption({ label: "1 day" });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Sessions cannot sit unused longer than they last").waitFor();
    await idle.selectOption({ label: "1 hour" });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Session settings saved.", { exact: false }).waitFor();
    expect(query("SELECT session_idle_minutes, session_max_minutes FROM team_settings")).toEqual([
      { session_idle_minutes: 60, session_max_minutes: 1440 },
    ]);
    await page.goto("/admin/account");
    await page.getByText("A session ends after 1 hour without use and 1 day after signing in").waitFor();
    // Back to the defaults, for the journeys after this one.
    await page.goto("/admin/settings/sessions");
    if (js) await waitForHydration(page);
    await page.getByLabel("Sign out after this long without use").selectOption({ label: "12 hours" });
    await page.getByLabel("Sign out this long after signing in, however busy").selectOption({ label: "7 days" });
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Session settings saved.", { exact: false }).waitFor();
    expect(query("SELECT session_idle_minutes FROM team_settings")).toEqual([{ session_idle_minutes: 720 }]);
    await page.context().close();
  }, 120_000);

  it("a save refused because the session sat idle comes back after sign-in, two-factor included, ready to save", async () => {
    const admin = await createAdmin("kept");
    const page = await newPage(js);
    await signInToDashboard(page, js, admin.email, admin.password);
    const { secret } = await turnOnTwoFactor(page, js);
    const run = `${js ? "js" : "nojs"}-${Date.now()}`;
    const title = `Written while away ${run}`;
    const text = `Typed before the session ended, ${run}.`;
    await page.goto("/admin/dashboard/pages/new");
    if (js) await waitForHydration(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug", { exact: true }).fill(`kept-${run}`);
    await page.getByRole("button", { name: "Add a paragraph section at the end" }).click();
    const paragraph = page.getByRole("list", { name: "Sections" }).locator(":scope > li").first();
    await paragraph.getByLabel("Text", { exact: true }).fill(text);
    // Thirteen hours without a request (the default idle timeout is 12).
    query(`UPDATE admin_sessions SET last_used_at = last_used_at - ${13 * 3_600_000} WHERE user_id = ${q(admin.id)}`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/login\?kept=[A-Za-z0-9_-]{22}$/);
    await page.getByTestId("toast").getByText("Sign in again and what you typed will be back in the form.", { exact: false }).waitFor();
    expect(page.url()).not.toContain("Typed");
    expect(query(`SELECT id FROM pages WHERE title = ${q(title)}`)).toEqual([]);

    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${baseUrl}/admin/login/two-factor`);
    if (js) await waitForHydration(page);
    await page.getByLabel("Code").fill(await totpCode(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/admin\/dashboard\/pages\/new\?kept=/);
    await page.getByTestId("toast").getByText("What you typed is back in the form", { exact: false }).waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    const restored = page.getByRole("list", { name: "Sections" }).locator(":scope > li").first();
    expect(await restored.getByLabel("Text", { exact: true }).inputValue()).toBe(text);
    await expectAccessible(page, js);
    if (js) await waitForHydration(page);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard/pages`);
    await page.getByTestId("toast").getByText("Page created successfully").waitFor();
    const [row] = query<{ content: string }>(`SELECT content FROM pages WHERE title = ${q(title)}`);
    expect(row!.content).toContain(text);
    await page.context().close();
  }, 120_000);
});
