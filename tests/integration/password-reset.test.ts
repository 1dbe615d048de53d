/** Forgotten password: the same answer for every address, a single-use one-hour link, limits. */
import { generateTOTP } from "@epic-web/totp";
import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../server";
import { describe, expect, it, vi } from "vitest";
import { ACCOUNT_MESSAGES, RESET_MESSAGES } from "~/features/auth/account.messages";
import { unseal } from "~/lib/encryption.server";
import { createUser, get, login, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, freshIp, postForm, recordingEnv } from "./helpers";

const esc = (s: string) => s.replaceAll("'", "&#x27;");
const NEW_PASSWORD = "lantern orchard quietly hums";

const ask = (email: string, ip = freshIp(), testEnv = env) =>
  postForm("/admin/forgot-password", { email }, { ip, testEnv, headers: SAME_ORIGIN });

/** The links waiting in the outbox, sealed there (ADR 0017): opened as the consumer opens them. */
const resetLinks = (email: string) =>
  all<{ link: string }>(
    "SELECT json_extract(payload, '$.link') AS link FROM email_outbox WHERE kind = 'admin-password-reset' AND recipient = ?1 ORDER BY created_at",
    email,
  ).then((rows) => Promise.all(rows.map(async (r) => new URL(await unseal(env, "email-link", r.link)).pathname)));

const dbTiming = (res: Response) => /db;dur=[\d.]+;desc="([^"]+)"/.exec(res.headers.get("Server-Timing") ?? "")?.[1];

const choose = (path: string, password: string, confirmPassword = password) =>
  postForm(path, { password, confirmPassword }, { headers: SAME_ORIGIN });

describe("forgotten password", () => {
  it("answers a known and an unknown address alike, after the same D1 work; only the admin gets a link", async () => {
    const admin = await createUser();
    const rec = recordingEnv();
    const known = await ask(admin.email, freshIp(), rec.env);
    const unknown = await ask(`nobody-${crypto.randomUUID()}@example.com`, freshIp(), rec.env);
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(RESET_MESSAGES.sent);
    }
    expect(dbTiming(known)).toBe(dbTiming(unknown));
    expect(await resetLinks(admin.email)).toHaveLength(1);
    expect(rec.messages).toHaveLength(1);
    // The link's secret is stored only as a hash.
    const [link] = await resetLinks(admin.email);
    const secret = link!.split(".").pop()!;
    const tokens = await all<{ secret_hash: string }>("SELECT secret_hash FROM account_tokens WHERE email = ?1", admin.email);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]!.secret_hash).not.toContain(secret);
  });

  it("sends the link through the outbox with its own template; once sent, the row no longer holds it", async () => {
    const admin = await createUser();
    await ask(admin.email);
    const [row] = await all<{ id: string; subject: string }>(
      "SELECT id, subject FROM email_outbox WHERE kind = 'admin-password-reset' AND recipient = ?1",
      admin.email,
    );
    expect(row!.subject).toBe("Reset your Founder Leads admin password");
    const printed: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      const batch = createMessageBatch("founder-leads-email", [
        { id: `msg-${row!.id}`, timestamp: new Date(), attempts: 1, body: { outboxId: row!.id } },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      await waitOnExecutionContext(ctx);
    } finally {
      spy.mockRestore();
    }
    expect(printed.join("\n")).toMatch(/\/admin\/reset-password\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/);
    const [sent] = await all<{ status: string; payload: string }>("SELECT status, payload FROM email_outbox WHERE id = ?1", row!.id);
    expect(sent!.status).toBe("sent");
    expect(JSON.parse(sent!.payload)).toEqual({});
  });

  it("sends no link to a user who is not an admin", async () => {
    const user = await createUser({ admin: false });
    expect((await ask(user.email)).status).toBe(200);
    expect(await resetLinks(user.email)).toHaveLength(0);
  });

  it("answers 400 with the message for a malformed address, keeping it", async () => {
    const res = await ask("not-an-email");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(RESET_MESSAGES.emailInvalid);
    expect(html).toContain("not-an-email");
  });

  it("limits requests: 3 links an hour per email (the answer does not change), 10 requests an hour per address (then 429)", async () => {
    const admin = await createUser();
    for (let i = 0; i < 5; i++) expect((await ask(admin.email)).status).toBe(200);
    expect(await resetLinks(admin.email)).toHaveLength(3);

    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await ask(`someone-${i}@example.com`, ip)).status).toBe(200);
    const refused = await ask(`someone-else@example.com`, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain(RESET_MESSAGES.throttled);
  });

  it("sets a new password through the link once, ends every session, and refuses the link after", async () => {
    const admin = await signedInAdmin();
    const other = cookieFrom(await login(admin.email, admin.password), "__admin_session");
    await ask(admin.email);
    const [path] = await resetLinks(admin.email);
    expect(path).toMatch(/^\/admin\/reset-password\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

    const page = await get(path!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose a new password");
    // Opening the link twice (a mail scanner) uses nothing.
    expect((await get(path!)).status).toBe(200);

    const weak = await choose(path!, "password12345");
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain(esc(ACCOUNT_MESSAGES.passwordCommon));
    const mismatch = await choose(path!, NEW_PASSWORD, "something else entirely");
    expect(mismatch.status).toBe(400);

    const done = await choose(path!, NEW_PASSWORD);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/login");
    for (const cookie of [admin.cookie, other]) expect((await get("/admin/dashboard", cookie)).status).toBe(302);
    expect(await all("SELECT 1 FROM admin_sessions WHERE user_id = ?1", admin.id)).toHaveLength(0);
    expect((await login(admin.email, admin.password)).status).toBe(401);
    expect((await login(admin.email, NEW_PASSWORD)).status).toBe(302);

    // Used: a clear page, and nothing set.
    const reused = await get(path!);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain(RESET_MESSAGES.linkInvalid);
    const again = await choose(path!, "another fine long passphrase");
    expect(again.status).toBe(410);
    expect((await login(admin.email, NEW_PASSWORD)).status).toBe(302);
    // One reset in the audit log: the refused second use records nothing.
    expect(await all("SELECT actor_email FROM audit_log WHERE action = 'account.password-reset' AND record_id = ?1", admin.id)).toEqual([
      { actor_email: admin.email },
    ]);
  });

  it("refuses an expired link (one hour), a forged secret and a made-up token, setting nothing", async () => {
    const admin = await createUser();
    await ask(admin.email);
    const [path] = await resetLinks(admin.email);
    const forged = path!.replace(/\.[A-Za-z0-9_-]{43}$/, `.${"A".repeat(43)}`);
    expect((await get(forged)).status).toBe(410);
    expect((await choose(forged, NEW_PASSWORD)).status).toBe(410);
    expect((await get("/admin/reset-password/not-a-token")).status).toBe(410);

    await env.DB.prepare("UPDATE account_tokens SET expires_at = ?1 WHERE email = ?2")
      .bind(Date.now() - 1, admin.email)
      .run();
    expect((await get(path!)).status).toBe(410);
    expect((await choose(path!, NEW_PASSWORD)).status).toBe(410);
    expect((await login(admin.email, admin.password)).status).toBe(302);
    const [row] = await all<{ created_at: number; expires_at: number }>("SELECT * FROM account_tokens WHERE email = ?1", admin.email);
    expect(row).toBeTruthy();
  });

  it("makes links that expire one hour after they were asked for", async () => {
    const admin = await createUser();
    await ask(admin.email);
    const [row] = await all<{ created_at: number; expires_at: number }>("SELECT * FROM account_tokens WHERE email = ?1", admin.email);
    expect(row!.expires_at - row!.created_at).toBe(60 * 60 * 1000);
  });

  it("still asks for the second factor after a reset", async () => {
    const admin = await signedInAdmin();
    const html = await (await get("/admin/account/two-factor", admin.cookie)).text();
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(html)![1]!;
    const { otp } = await generateTOTP({ secret, algorithm: "SHA-1", digits: 6, period: 30 });
    expect((await postForm("/admin/account/two-factor", { code: otp }, { cookie: admin.cookie, headers: SAME_ORIGIN })).status).toBe(200);
    await ask(admin.email);
    const [path] = await resetLinks(admin.email);
    expect((await choose(path!, NEW_PASSWORD)).status).toBe(302);
    const res = await login(admin.email, NEW_PASSWORD);
    expect(res.headers.get("Location")).toBe("/admin/login/two-factor");
  });

  it("links 'Forgot password?' from the sign-in page", async () => {
    const html = await (await get("/admin/login")).text();
    expect(html).toContain('href="/admin/forgot-password"');
    expect((await get("/admin/forgot-password")).status).toBe(200);
  });
});
