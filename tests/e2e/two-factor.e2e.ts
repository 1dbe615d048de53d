/**
 * Two-factor sign-in, every journey with JavaScript on and off: turning it on and signing in with a code, recovery
 * codes (and new ones), wrong codes that lock the second step, and a save whose session ended that comes back after
 * sign-in with a code. Each journey uses admins of its own. The team's accounts: team-accounts.e2e.ts.
 */
import { describe, expect, it } from "vitest";
import { totpCode } from "../totp";
import {
  createAdmin,
  enterCode,
  newPage,
  q,
  signIn,
  signInToDashboard,
  signOut,
  submitCode,
  toSecondStep,
  totp,
  turnOnTwoFactor,
  useBrowser,
} from "./accounts";
import { baseUrl, expectAccessible, modes, query, waitFor, waitForHydration } from "./support";

useBrowser();

describe.each(modes)("two-factor sign-in $name", ({ js }) => {
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
    await toSecondStep(page, js, admin.email, admin.password);
    // The next step's code: the one that confirmed set-up is used, and each code works once.
    await enterCode(page, await totpCode(secret, 1));
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await signOut(page);

    // A recovery code, once.
    await toSecondStep(page, js, admin.email, admin.password);
    await enterCode(page, codes[0]!);
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await signOut(page);
    await toSecondStep(page, js, admin.email, admin.password);
    await enterCode(page, codes[0]!);
    await page.getByText("That code is not valid").waitFor();
    expect(page.url()).toBe(`${baseUrl}/admin/login/two-factor`);
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

    await toSecondStep(page, js, admin.email, admin.password);
    await enterCode(page, old[1]!);
    await page.getByText("That code is not valid").waitFor();
    await enterCode(page, codes[1]!);
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
    await enterCode(page, await totpCode(secret, 1));
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
