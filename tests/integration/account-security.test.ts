/**
 * Sessions you can see and end, password change, two-factor sign-in: wrong
 * codes locked per account whatever the address, 160-bit secrets, recovery
 * codes stored under a keyed hash and made anew, other sessions ended when it
 * is turned on or off. Requests go through the Worker; rows are checked in D1.
 */
import { generateTOTP } from "@epic-web/totp";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "~/features/auth/account.messages";
import { LOGIN_MESSAGES } from "~/features/auth/auth.messages";
import { twoFactorLockEmail } from "~/features/auth/account.emails";
import { recoveryCodeForms, totpStep } from "~/features/auth/two-factor.server";
import { renderEmail } from "~/email/render.server";
import { siteCookie } from "~/lib/cookies.server";
import { sha256Hex } from "~/lib/crypto.server";
import * as make from "../factories";
import { createUser, get, login, SAME_ORIGIN, sessionKeys, signedInAdmin } from "./admin-helpers";
import { totpCode } from "../totp";
import { all, cookieFrom, freshIp, postForm, recordingEnv } from "./helpers";

const esc = (s: string) => s.replaceAll("'", "&#x27;");
const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const post = (path: string, fields: Record<string, string>, cookie?: string, ip?: string, testEnv?: Env) =>
  postForm(path, fields, { cookie, ip, headers: SAME_ORIGIN, testEnv });

/** Signs an existing user in once more: a second browser. */
async function anotherBrowser(user: { email: string; password: string }) {
  const res = await login(user.email, user.password);
  expect(res.status).toBe(302);
  return cookieFrom(res, "__admin_session");
}

const sessionRows = (userId: string) =>
  all<{ id: string; device: string; last_used_at: number }>("SELECT * FROM admin_sessions WHERE user_id = ?1", userId);

/** D1 steps of a response, from its Server-Timing header. */
const dbSteps = (res: Response) => Number(/(\d+) steps?/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);

const totpNow = async (secret: string) => (await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 })).otp;
/** The next time step's code: the site takes each step's code once, and set-up used this step's. */
const totpNext = (secret: string) => totpCode(secret, 1);

/** Turns two-factor sign-in on through the pages; returns the secret (read on the page) and the recovery codes. */
async function turnOnTwoFactor(cookie: string) {
  const page = await get("/admin/account/two-factor", cookie);
  expect(page.status).toBe(200);
  const html = await page.text();
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html)?.[1];
  expect(secret).toBeTruthy();
  expect(html).toContain("data:image/svg+xml;base64,");
  const confirmedWith = await totpNow(secret!);
  const res = await post("/admin/account/two-factor", { code: confirmedWith }, cookie);
  expect(res.status).toBe(200);
  const codes = [...(await res.text()).matchAll(/data-testid="recovery-code"[^>]*>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((m) => m[1]!);
  expect(codes).toHaveLength(10);
  return { secret: secret!, codes, confirmedWith };
}

describe("sessions you can see and end", () => {
  it("records each sign-in in D1 (hashed id, browser and system, country) and lists it on /admin/account", async () => {
    const user = await createUser();
    const res = await postForm(
      "/admin/login",
      { email: user.email, password: user.password },
      { headers: { ...SAME_ORIGIN, "User-Agent": CHROME_MAC } },
    );
    const cookie = cookieFrom(res, "__admin_session");
    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.device).toBe("Chrome on macOS");
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
    // The row never holds the KV id itself.
    expect(await sessionKeys()).not.toContain(rows[0]!.id);
    const [signedIn] = await all<{ last_sign_in_at: number }>("SELECT last_sign_in_at FROM users WHERE id = ?1", user.id);
    expect(signedIn!.last_sign_in_at).toBeGreaterThan(0);

    const page = await get("/admin/account", cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Chrome on macOS");
    expect(html).toContain("This browser");
  });

  it("refuses an ended session at once, though its KV entry is still there (as in another data center)", async () => {
    const user = await createUser();
    const first = await anotherBrowser(user);
    const keysBefore = await sessionKeys();
    const second = await anotherBrowser(user);
    const secondKey = (await sessionKeys()).find((k) => !keysBefore.includes(k))!;
    expect((await get("/admin/dashboard", second)).status).toBe(200);

    const rows = await sessionRows(user.id);
    expect(rows).toHaveLength(2);

    // End the other one: the session that is not the first browser's.
    const firstRowId = await currentRowId(first);
    const target = rows.find((r) => r.id !== firstRowId)!.id;
    const ended = await post("/admin/account", { intent: "end-session", sessionId: target }, first);
    expect(ended.status).toBe(302);
    expect(ended.headers.get("Location")).toBe("/admin/account");
    // The KV entry of the ended session is still there: only the row is gone.
    expect(await sessionKeys()).toContain(secondKey);

    const refused = await get("/admin/dashboard", second);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin/login");
    // The guard forgets the dead KV entry there and then.
    expect(await sessionKeys()).not.toContain(secondKey);
    expect((await get("/admin/dashboard", first)).status).toBe(200);
  });

  it("ends every other session, keeping this one; cannot end another admin's session", { timeout: 30_000 }, async () => {
    const user = await createUser();
    const a = await anotherBrowser(user);
    const b = await anotherBrowser(user);
    const c = await anotherBrowser(user);
    const stranger = await signedInAdmin();
    const strangerRow = (await sessionRows(stranger.id))[0]!.id;
    // Another admin's session id is not this admin's to end.
    expect((await post("/admin/account", { intent: "end-session", sessionId: strangerRow }, a)).status).toBe(302);
    expect((await get("/admin/dashboard", stranger.cookie)).status).toBe(200);

    const res = await post("/admin/account", { intent: "end-other-sessions" }, a);
    expect(res.status).toBe(302);
    expect((await get("/admin/dashboard", a)).status).toBe(200);
    expect((await get("/admin/dashboard", b)).status).toBe(302);
    expect((await get("/admin/dashboard", c)).status).toBe(302);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  it("signs this browser out when its own session is ended", async () => {
    const admin = await signedInAdmin();
    const res = await post("/admin/account", { intent: "end-session", sessionId: await currentRowId(admin.cookie) }, admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(302);
  });

  it("costs one D1 step per admin request, and one more at most once a minute to record the last use", async () => {
    const admin = await signedInAdmin();
    const first = await get("/admin", admin.cookie);
    expect(first.status).toBe(302);
    expect(dbSteps(first)).toBe(1);
    const before = (await sessionRows(admin.id))[0]!.last_used_at;
    await env.DB.prepare("UPDATE admin_sessions SET last_used_at = ?1 WHERE user_id = ?2")
      .bind(before - 61_000, admin.id)
      .run();
    const stale = await get("/admin", admin.cookie);
    expect(dbSteps(stale)).toBe(2);
    expect((await sessionRows(admin.id))[0]!.last_used_at).toBeGreaterThanOrEqual(before);
    expect(dbSteps(await get("/admin", admin.cookie))).toBe(1);
  });

  it("answers 400 to a malformed session id", async () => {
    const admin = await signedInAdmin();
    expect((await post("/admin/account", { intent: "end-session", sessionId: "nope" }, admin.cookie)).status).toBe(400);
    expect((await post("/admin/account", { intent: "what" }, admin.cookie)).status).toBe(400);
  });
});

/** The row id of the session behind a cookie, as the account page marks it. */
async function currentRowId(cookie: string): Promise<string> {
  const html = await (await get("/admin/account", cookie)).text();
  // The current session's button says "Sign out (this browser, …)"; its form carries the id.
  const match = /name="sessionId" value="([0-9a-f]{64})"\/?><button[^>]*aria-label="Sign out \(this browser/.exec(html);
  expect(match).toBeTruthy();
  return match![1]!;
}

describe("change password", () => {
  const change = (cookie: string, currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
    post("/admin/account", { intent: "change-password", currentPassword, newPassword, confirmPassword }, cookie);

  it("needs the current password, 12+ characters, the same twice and not a common one (400, nothing changed)", async () => {
    const admin = await signedInAdmin();
    const cases: [string, string, string, string][] = [
      ["wrong current password", "a much longer new passphrase", "a much longer new passphrase", ACCOUNT_MESSAGES.currentPasswordWrong],
      [admin.password, "short-pass", "short-pass", ACCOUNT_MESSAGES.passwordTooShort],
      [admin.password, "a much longer new passphrase", "something else entirely", ACCOUNT_MESSAGES.confirmMismatch],
      [admin.password, "password1234", "password1234", ACCOUNT_MESSAGES.passwordCommon],
      [admin.password, "qwertyuiop123", "qwertyuiop123", ACCOUNT_MESSAGES.passwordCommon],
    ];
    for (const [current, next, confirm, message] of cases) {
      const res = await change(admin.cookie, current, next, confirm);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(esc(message));
    }
    expect((await login(admin.email, admin.password)).status).toBe(302);
  });

  it("changes it and ends every other session of this admin, not this one", async () => {
    const admin = await signedInAdmin();
    const other = await anotherBrowser(admin);
    const res = await change(admin.cookie, admin.password, "violet tractor sings at noon");
    expect(res.status).toBe(302);
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(200);
    expect((await get("/admin/dashboard", other)).status).toBe(302);
    expect((await login(admin.email, admin.password)).status).toBe(401);
    expect((await login(admin.email, "violet tractor sings at noon")).status).toBe(302);
  });
});

describe("two-factor sign-in", () => {
  it("is confirmed with a code; then 10 recovery codes are shown once and stored only hashed", async () => {
    const admin = await signedInAdmin();
    const wrong = await post("/admin/account/two-factor", { code: "000000" }, admin.cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ACCOUNT_MESSAGES.codeInvalid);
    const { codes } = await turnOnTwoFactor(admin.cookie);
    const stored = await all<{ code_hash: string }>("SELECT code_hash FROM recovery_codes WHERE user_id = ?1", admin.id);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((c) => row.code_hash.includes(c.replace("-", "")))).toBe(false);
    const [user] = await all<{ totp_secret: string | null; totp_pending_secret: string | null }>(
      "SELECT * FROM users WHERE id = ?1",
      admin.id,
    );
    expect(user!.totp_secret).toBeTruthy();
    expect(user!.totp_pending_secret).toBeNull();
    // The codes are not shown again.
    expect(await (await get("/admin/account/two-factor", admin.cookie)).text()).not.toContain(codes[0]);
  });

  it("asks for a code after the password: only a 5-minute signed pending state, which cannot reach the dashboard", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const rowsBefore = (await sessionRows(admin.id)).length;
    const keysBefore = await sessionKeys();

    const first = await login(admin.email, admin.password);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin/login/two-factor");
    const setCookies = first.headers.getSetCookie();
    expect(setCookies.some((c) => c.startsWith("__admin_session="))).toBe(false);
    const pendingCookie = setCookies.find((c) => c.startsWith("__admin_2fa="))!;
    expect(pendingCookie).toMatch(/Max-Age=300/);
    expect(pendingCookie).toMatch(/HttpOnly/);
    expect(pendingCookie).toMatch(/SameSite=Lax/);
    expect(await sessionKeys()).toEqual(keysBefore);
    expect(await sessionRows(admin.id)).toHaveLength(rowsBefore);

    const pending = cookieFrom(first, "__admin_2fa");
    for (const path of ["/admin/dashboard", "/admin/account", "/admin/team", "/warm-leads"]) {
      const res = await get(path, pending);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/login");
    }
    expect((await get("/admin/login/two-factor", pending)).status).toBe(200);
    // Without the pending state, the code page sends to sign-in.
    expect((await get("/admin/login/two-factor")).headers.get("Location")).toBe("/admin/login");

    const wrong = await post("/admin/login/two-factor", { code: "123456" }, pending);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain(LOGIN_MESSAGES.codeInvalid);

    const ok = await post("/admin/login/two-factor", { code: await totpNext(secret) }, pending);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/dashboard");
    expect(ok.headers.getSetCookie().some((c) => c.startsWith("__admin_2fa=;"))).toBe(true);
    expect((await get("/admin/dashboard", cookieFrom(ok, "__admin_session"))).status).toBe(200);
  });

  it("refuses an expired or forged pending state", async () => {
    const admin = await signedInAdmin();
    await turnOnTwoFactor(admin.cookie);
    const expired = (
      await (await siteCookie(env, "adminPending")).serialize({ userId: admin.id, email: admin.email, expiresAt: Date.now() - 1000 })
    ).split(";")[0]!;
    expect((await get("/admin/login/two-factor", expired)).headers.get("Location")).toBe("/admin/login");
    const res = await post("/admin/login/two-factor", { code: "123456" }, expired);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");
    const forged = `__admin_2fa=${btoa(JSON.stringify({ userId: admin.id, email: admin.email, expiresAt: Date.now() + 60_000 }))}.AAAA`;
    expect((await get("/admin/login/two-factor", forged)).headers.get("Location")).toBe("/admin/login");
  });

  it("takes a recovery code once; the same code is refused after", async () => {
    const admin = await signedInAdmin();
    const { codes } = await turnOnTwoFactor(admin.cookie);
    const pending = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    const ok = await post("/admin/login/two-factor", { code: codes[3]!.toUpperCase() }, pending);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/dashboard");
    expect(await all("SELECT 1 FROM recovery_codes WHERE user_id = ?1", admin.id)).toHaveLength(9);

    const again = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    const refused = await post("/admin/login/two-factor", { code: codes[3]! }, again);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain(LOGIN_MESSAGES.codeInvalid);
  });

  it("takes each code from the app once: the code that confirmed set-up, and a code already used, are refused", async () => {
    const admin = await signedInAdmin();
    const { secret, confirmedWith } = await turnOnTwoFactor(admin.cookie);
    // The helper makes the codes an authenticator app makes.
    expect(await totpCode(secret)).toBe(await totpNow(secret));

    const first = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    const replayed = await post("/admin/login/two-factor", { code: confirmedWith }, first);
    expect(replayed.status).toBe(401);
    expect(await replayed.text()).toContain(LOGIN_MESSAGES.codeInvalid);

    const code = await totpNext(secret);
    const ok = await post("/admin/login/two-factor", { code }, first);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/dashboard");

    const second = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    const again = await post("/admin/login/two-factor", { code }, second);
    expect(again.status).toBe(401);
    expect(await again.text()).toContain(LOGIN_MESSAGES.codeInvalid);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("__admin_session="))).toBe(false);
  });

  it("lets one of two sign-ins sent at once with the same code through", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const pendings = [
      cookieFrom(await login(admin.email, admin.password), "__admin_2fa"),
      cookieFrom(await login(admin.email, admin.password), "__admin_2fa"),
    ];
    const code = await totpNext(secret);
    const answers = await Promise.all(pendings.map((pending) => post("/admin/login/two-factor", { code }, pending)));
    expect(answers.map((r) => r.status).sort()).toEqual([302, 401]);
  });

  it("counts wrong codes toward the sign-in limits: the 6th try is refused, even with the right code", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const ip = freshIp();
    const pending = cookieFrom(await login(admin.email, admin.password, { ip }), "__admin_2fa");
    for (let i = 0; i < 5; i++) expect((await post("/admin/login/two-factor", { code: `00000${i}` }, pending, ip)).status).toBe(401);
    const res = await post("/admin/login/two-factor", { code: await totpNext(secret) }, pending, ip);
    expect(res.status).toBe(429);
    // The account's own count of wrong codes refuses it first (every address alike); the address's count would too.
    expect(await res.text()).toContain("Too many wrong codes for this account");
  });

  it("is turned off with the password and a code", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const bad = await post("/admin/account", { intent: "disable-2fa", password: admin.password, code: "000000" }, admin.cookie);
    expect(bad.status).toBe(400);
    const badPassword = await post(
      "/admin/account",
      { intent: "disable-2fa", password: "nope", code: await totpNow(secret) },
      admin.cookie,
    );
    expect(badPassword.status).toBe(400);
    const ok = await post("/admin/account", { intent: "disable-2fa", password: admin.password, code: await totpNow(secret) }, admin.cookie);
    expect(ok.status).toBe(302);
    expect(await all("SELECT 1 FROM recovery_codes WHERE user_id = ?1", admin.id)).toHaveLength(0);
    expect((await login(admin.email, admin.password)).headers.get("Location")).toBe("/admin/dashboard");
  });

  it("sends an admin without it to set it up first when the site requires it", async () => {
    const admin = await signedInAdmin();
    const strict = { ...env, ADMIN_REQUIRE_2FA: "true" };
    const { request } = await import("./helpers");
    const res = await request("/admin/dashboard", { headers: { Cookie: admin.cookie }, redirect: "manual" }, strict);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/account/two-factor");
    const setup = await request("/admin/account/two-factor", { headers: { Cookie: admin.cookie }, redirect: "manual" }, strict);
    expect(setup.status).toBe(200);
  });
});

describe("the audit log", () => {
  const actions = async (userId: string) =>
    (
      await all<{ action: string; detail: string | null }>(
        "SELECT action, detail FROM audit_log WHERE record_id = ?1 OR actor_id = ?1 ORDER BY at, rowid",
        userId,
      )
    ).map((e) =>
      e.action.startsWith("signin.") && e.detail ? `${e.action} ${JSON.parse(e.detail).reason ?? JSON.parse(e.detail).method}` : e.action,
    );

  it("records two-factor changes, sign-in with a code (success after the code, a wrong code as a failure), password change and sessions ended", async () => {
    const admin = await signedInAdmin();
    const before = (await actions(admin.id)).length;
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const pending = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    expect((await post("/admin/login/two-factor", { code: "000000" }, pending)).status).toBe(401);
    expect((await post("/admin/login/two-factor", { code: await totpNext(secret) }, pending)).status).toBe(302);
    expect((await post("/admin/account", { intent: "end-other-sessions" }, admin.cookie)).status).toBe(302);
    const newPassword = "a much longer passphrase 42";
    const changed = await post(
      "/admin/account",
      { intent: "change-password", currentPassword: admin.password, newPassword, confirmPassword: newPassword },
      admin.cookie,
    );
    expect(changed.status).toBe(302);
    expect(
      (await post("/admin/account", { intent: "disable-2fa", password: newPassword, code: await totpNow(secret) }, admin.cookie)).status,
    ).toBe(302);
    expect((await actions(admin.id)).slice(before)).toEqual([
      "account.2fa-enable",
      "signin.failure code",
      "signin.success totp",
      "sessions.end-others",
      "account.password-change",
      "account.2fa-disable",
    ]);
  });
});

describe("the cron", () => {
  it("removes expired session rows", async () => {
    const admin = await signedInAdmin();
    await env.DB.prepare("UPDATE admin_sessions SET expires_at = ?1 WHERE user_id = ?2")
      .bind(Date.now() - 1000, admin.id)
      .run();
    const { runCron } = await import("./key-helpers");
    await runCron(env);
    expect(await sessionRows(admin.id)).toHaveLength(0);
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(302);
  });
});

describe("wrong codes are counted per account, whatever the address", () => {
  /** Codes that are wrong now: an app's code for a step far from now, or a recovery code that does not exist. */
  const wrongCode = async (secret: string, i: number) => (i % 2 === 0 ? totpCode(secret, 20 + i) : `wrong-${String(i).padStart(4, "0")}`);
  const lockEmails = (email: string) =>
    all<{ id: string; payload: string; status: string }>(
      "SELECT id, payload, status FROM email_outbox WHERE kind = 'admin-2fa-lock' AND recipient = ?1",
      email,
    );
  const codeFrom = (pending: string, code: string, ip: string, testEnv?: Env) =>
    post("/admin/login/two-factor", { code }, pending, ip, testEnv);

  it("locks the second step after 5 wrong codes from 20 addresses, emails the admin once, and the right password does not reset the count", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const pending = cookieFrom(await login(admin.email, admin.password, { ip: freshIp() }), "__admin_2fa");
    const { env: recording, messages } = recordingEnv();
    const answers: Response[] = [];
    for (let i = 0; i < 20; i++) answers.push(await codeFrom(pending, await wrongCode(secret, i), `192.0.2.${i + 1}`, recording));
    expect(answers.map((r) => r.status)).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
    // The 5th says so at once; each refusal after it carries Retry-After to the end of the window (15 minutes at most).
    expect(await answers[4]!.text()).toContain("Too many wrong codes for this account");
    for (const refused of answers.slice(5)) {
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    }
    expect(await answers[19]!.text()).toContain("Two-factor sign-in is paused until");

    // One email, at once, through the outbox and the queue.
    const emails = await lockEmails(admin.email);
    expect(emails).toHaveLength(1);
    expect(JSON.parse(emails[0]!.payload)).toMatchObject({ failures: 5, address: "192.0.2.5" });
    expect(messages).toContainEqual({ outboxId: emails[0]!.id });
    const text = renderEmail(twoFactorLockEmail, JSON.parse(emails[0]!.payload), {
      siteUrl: env.SITE_URL,
      contactEmail: env.CONTACT_EMAIL,
    }).text;
    expect(text).toContain("with your password, but the two-factor code was wrong 5 times");
    const locks = await all("SELECT 1 FROM audit_log WHERE action = 'account.2fa-lock' AND record_id = ?1", admin.id);
    expect(locks).toHaveLength(1);

    // The right password, from yet another address, starts a new second step: still locked, even with the right code.
    const again = await login(admin.email, admin.password, { ip: "198.18.0.77" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/admin/login/two-factor");
    const right = await codeFrom(cookieFrom(again, "__admin_2fa"), await totpNext(secret), "198.18.0.77");
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie().some((c) => c.startsWith("__admin_session="))).toBe(false);
    expect(await lockEmails(admin.email)).toHaveLength(1);
  }, 30_000);

  it("counts every one of many codes sent at once (one atomic statement each): 5 are checked, the rest refused, one email", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const pending = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    const codes = await Promise.all(Array.from({ length: 10 }, (_, i) => wrongCode(secret, i)));
    const answers = await Promise.all(codes.map((code, i) => codeFrom(pending, code, `198.18.1.${i + 1}`)));
    expect(answers.map((r) => r.status).sort()).toEqual([...Array<number>(5).fill(401), ...Array<number>(5).fill(429)]);
    expect(await lockEmails(admin.email)).toHaveLength(1);
  }, 30_000);

  it("takes back a right code's own attempt only: the wrong ones before it still count", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    const pending = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    for (let i = 0; i < 3; i++) expect((await codeFrom(pending, await wrongCode(secret, i), freshIp())).status).toBe(401);
    expect((await codeFrom(pending, await totpNext(secret), freshIp())).status).toBe(302);
    const next = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    expect((await codeFrom(next, await wrongCode(secret, 3), freshIp())).status).toBe(401);
    expect((await codeFrom(next, await wrongCode(secret, 4), freshIp())).status).toBe(401);
    expect(await lockEmails(admin.email)).toHaveLength(1);
    expect((await codeFrom(next, await wrongCode(secret, 5), freshIp())).status).toBe(429);
  }, 30_000);

  it("counts the account page's code checks too: wrong codes there lock the sign-in's second step", async () => {
    const admin = await signedInAdmin();
    const { secret } = await turnOnTwoFactor(admin.cookie);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        "/admin/account",
        { intent: "disable-2fa", password: admin.password, code: await totpCode(secret, 20 + i) },
        admin.cookie,
      );
      expect(res.status).toBe(400);
    }
    const locked = await post(
      "/admin/account",
      { intent: "new-recovery-codes", password: admin.password, code: await totpNow(secret) },
      admin.cookie,
    );
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toBeTruthy();
    expect(await locked.text()).toContain("Too many wrong codes for this account");
    expect(await lockEmails(admin.email)).toHaveLength(1);
    const pending = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    expect((await codeFrom(pending, await totpNext(secret), freshIp())).status).toBe(429);
    // A wrong password is refused before any code is counted or checked.
    const wrongPassword = await post(
      "/admin/account",
      { intent: "disable-2fa", password: "not the password", code: "123456" },
      admin.cookie,
    );
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain(esc(ACCOUNT_MESSAGES.currentPasswordWrong));
  }, 30_000);
});

describe("secrets and recovery codes", () => {
  it("makes 160-bit TOTP secrets (RFC 4226 §4); a secret of the earlier 80 bits still works", async () => {
    const admin = await signedInAdmin();
    const html = await (await get("/admin/account/two-factor", admin.cookie)).text();
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html)![1]!;
    expect(secret).toHaveLength(32); // 20 bytes, base32
    const older = "JBSWY3DPEHPK3PXP"; // 10 bytes, as the library made them before
    expect(await totpStep(env, older, await totpNow(older))).toBe(Math.floor(Date.now() / 30_000));
  });

  it("stores recovery codes under a keyed hash, and still takes a code stored the older way until it is replaced", async () => {
    const admin = await signedInAdmin();
    const { codes } = await turnOnTwoFactor(admin.cookie);
    const stored = await all<{ code_hash: string }>("SELECT code_hash FROM recovery_codes WHERE user_id = ?1", admin.id);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.code_hash).toMatch(/^hmac:[A-Za-z0-9_-]{43}$/);
    // The unkeyed SHA-256 of a code is not what is stored: a copy of the table cannot be searched without the key.
    const unkeyed = await sha256Hex(`recovery-code:${codes[0]!.replace("-", "")}`);
    expect(stored.map((r) => r.code_hash)).not.toContain(unkeyed);
    expect((await recoveryCodeForms(env, admin.id, codes[0]!))[0]).toBe(
      (await recoveryCodeForms(env, admin.id, codes[0]!.toUpperCase()))[0],
    );

    // A code stored before keyed hashes (SHA-256 of the code): accepted once.
    const legacy = "abcde-fghij";
    await make.recoveryCode.create(env.DB, { userId: admin.id, codeHash: await sha256Hex("recovery-code:abcdefghij") });
    const pending = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    expect((await post("/admin/login/two-factor", { code: legacy }, pending)).status).toBe(302);
    const again = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    expect((await post("/admin/login/two-factor", { code: legacy }, again)).status).toBe(401);
  }, 30_000);

  it("makes new recovery codes with the password and a current code: ten shown once, the old ones void, recorded", async () => {
    const admin = await signedInAdmin();
    const { secret, codes: old } = await turnOnTwoFactor(admin.cookie);
    const make = (password: string, code: string) => post("/admin/account", { intent: "new-recovery-codes", password, code }, admin.cookie);
    const page = await (await get("/admin/account", admin.cookie)).text();
    expect(page).toContain("Make new recovery codes");

    const wrongPassword = await make("not the password", await totpNow(secret));
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain(esc(ACCOUNT_MESSAGES.currentPasswordWrong));
    const wrongCode = await make(admin.password, await totpCode(secret, 30));
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.text()).toContain(ACCOUNT_MESSAGES.codeInvalid);
    expect((await make(admin.password, "")).status).toBe(400);

    const made = await make(admin.password, await totpNow(secret));
    expect(made.status).toBe(200);
    expect(made.headers.get("Cache-Control")).toBe("no-store");
    const html = await made.text();
    const codes = [...html.matchAll(/data-testid="recovery-code"[^>]*>([a-z2-9]{5}-[a-z2-9]{5})</g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => old.includes(c))).toBe(false);
    expect(await all("SELECT 1 FROM recovery_codes WHERE user_id = ?1", admin.id)).toHaveLength(10);
    // Not shown again.
    expect(await (await get("/admin/account", admin.cookie)).text()).not.toContain(codes[0]);

    const oldTry = await post(
      "/admin/login/two-factor",
      { code: old[0]! },
      cookieFrom(await login(admin.email, admin.password), "__admin_2fa"),
    );
    expect(oldTry.status).toBe(401);
    const newTry = await post(
      "/admin/login/two-factor",
      { code: codes[0]! },
      cookieFrom(await login(admin.email, admin.password), "__admin_2fa"),
    );
    expect(newTry.status).toBe(302);
    const entries = await all<{ action: string }>(
      "SELECT action FROM audit_log WHERE record_id = ?1 AND action = 'account.recovery-codes'",
      admin.id,
    );
    expect(entries).toHaveLength(1);
  }, 30_000);
});

describe("turning two-factor on or off ends the admin's other sessions", () => {
  it("ends every other session when it is turned on, and again when it is turned off; the current one stays", async () => {
    const admin = await signedInAdmin();
    const other = await anotherBrowser(admin);
    const { secret } = await turnOnTwoFactor(admin.cookie);
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(200);
    expect((await get("/admin/dashboard", other)).status).toBe(302);
    expect(await sessionRows(admin.id)).toHaveLength(1);

    const pending = cookieFrom(await login(admin.email, admin.password), "__admin_2fa");
    const signedIn = await post("/admin/login/two-factor", { code: await totpNext(secret) }, pending);
    const second = cookieFrom(signedIn, "__admin_session");
    expect((await get("/admin/dashboard", second)).status).toBe(200);
    const off = await post(
      "/admin/account",
      { intent: "disable-2fa", password: admin.password, code: await totpNow(secret) },
      admin.cookie,
    );
    expect(off.status).toBe(302);
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(200);
    expect((await get("/admin/dashboard", second)).status).toBe(302);
    expect(await sessionRows(admin.id)).toHaveLength(1);
  }, 30_000);
});
