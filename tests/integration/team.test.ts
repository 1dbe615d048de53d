/** The team: invitations (single-use, 72 hours, withdrawable) and removing admins (never the last). */
import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RESET_MESSAGES, TEAM_MESSAGES } from "~/features/auth/account.messages";
import { removeAdmin } from "~/features/auth/team.server";
import { unseal } from "~/lib/encryption.server";
import * as make from "../factories";
import { createUser, get, login, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, postForm, recordingEnv } from "./helpers";

const PASSWORD = "marble canyon whistles twice";
const uniqueEmail = () => `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;

const invite = (cookie: string, email: string, testEnv = env) =>
  postForm("/admin/team", { intent: "invite", email }, { cookie, testEnv, headers: SAME_ORIGIN });

/** The links waiting in the outbox, sealed there (ADR 0017): opened as the consumer opens them. */
const invitationLinks = (email: string) =>
  all<{ link: string }>(
    "SELECT json_extract(payload, '$.link') AS link FROM email_outbox WHERE kind = 'admin-invitation' AND recipient = ?1 ORDER BY created_at",
    email,
  ).then((rows) => Promise.all(rows.map(async (r) => new URL(await unseal(env, "email-link", r.link)).pathname)));

const accept = (path: string, password = PASSWORD, confirmPassword = password) =>
  postForm(path, { password, confirmPassword }, { headers: SAME_ORIGIN });

describe("team page", () => {
  it("lists every admin with joined, last sign-in and two-factor, and the pending invitations", async () => {
    const admin = await signedInAdmin();
    const never = await createUser();
    const email = uniqueEmail();
    expect((await invite(admin.cookie, email)).status).toBe(302);
    const res = await get("/admin/team", admin.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(admin.email);
    expect(html).toContain(never.email);
    expect(html).toContain("Never");
    expect(html).toContain(email);
    expect(html).toContain("Pending invitations");
  });
});

describe("invitations", () => {
  it("invites by email through the outbox (its own template); the link is single-use and makes an admin", async () => {
    const admin = await signedInAdmin();
    const email = uniqueEmail();
    const rec = recordingEnv();
    const res = await invite(admin.cookie, email.toUpperCase(), rec.env);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/team");
    expect(rec.messages).toHaveLength(1);
    const [path] = await invitationLinks(email);
    expect(path).toMatch(/^\/admin\/invitation\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const [token] = await all<{ created_at: number; expires_at: number; secret_hash: string }>(
      "SELECT * FROM account_tokens WHERE kind = 'invitation' AND email = ?1",
      email,
    );
    expect(token!.expires_at - token!.created_at).toBe(72 * 60 * 60 * 1000);
    expect(token!.secret_hash).not.toContain(path!.split(".").pop()!);

    const page = await get(path!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
    const weak = await accept(path!, "123456789012");
    expect(weak.status).toBe(400);
    expect(await all("SELECT 1 FROM users WHERE email = ?1", email)).toHaveLength(0);

    const done = await accept(path!);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/login");
    const signIn = await login(email, PASSWORD);
    expect(signIn.status).toBe(302);
    expect((await get("/admin/dashboard", cookieFrom(signIn, "__admin_session"))).status).toBe(200);

    // Used: a clear page, and nothing set.
    const reused = await get(path!);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain(RESET_MESSAGES.linkInvalid);
    expect((await accept(path!, "a different long passphrase")).status).toBe(410);
    expect((await login(email, PASSWORD)).status).toBe(302);
    // The invitation and its acceptance are in the audit log, once each (the refused reuse records nothing).
    const tokenId = path!.split("/").pop()!.split(".")[0]!;
    expect(await all("SELECT action, actor_email FROM audit_log WHERE record_id = ?1 ORDER BY at, rowid", tokenId)).toEqual([
      { action: "team.invite", actor_email: admin.email },
      { action: "team.invite-accept", actor_email: email },
    ]);
  });

  it("refuses an expired or withdrawn link with a clear page, setting nothing", async () => {
    const admin = await signedInAdmin();
    const expired = uniqueEmail();
    const withdrawn = uniqueEmail();
    await invite(admin.cookie, expired);
    await invite(admin.cookie, withdrawn);
    const [expiredPath] = await invitationLinks(expired);
    const [withdrawnPath] = await invitationLinks(withdrawn);
    await env.DB.prepare("UPDATE account_tokens SET expires_at = ?1 WHERE email = ?2")
      .bind(Date.now() - 1, expired)
      .run();
    const [row] = await all<{ id: string }>("SELECT id FROM account_tokens WHERE email = ?1", withdrawn);
    const revoke = await postForm(
      "/admin/team",
      { intent: "revoke", invitationId: row!.id },
      { cookie: admin.cookie, headers: SAME_ORIGIN },
    );
    expect(revoke.status).toBe(302);
    expect(await (await get("/admin/team", admin.cookie)).text()).not.toContain(withdrawn);

    for (const [path, email] of [
      [expiredPath!, expired],
      [withdrawnPath!, withdrawn],
    ] as const) {
      const page = await get(path);
      expect(page.status).toBe(410);
      expect(await page.text()).toContain(RESET_MESSAGES.linkInvalid);
      expect((await accept(path)).status).toBe(410);
      expect(await all("SELECT 1 FROM users WHERE email = ?1", email)).toHaveLength(0);
    }
  });

  it("withdraws an earlier invitation when the same address is invited again", async () => {
    const admin = await signedInAdmin();
    const email = uniqueEmail();
    await invite(admin.cookie, email);
    await invite(admin.cookie, email);
    const [first, second] = await invitationLinks(email);
    expect((await get(first!)).status).toBe(410);
    expect((await get(second!)).status).toBe(200);
  });

  it("answers 400 for a malformed address or one that is an admin already, keeping what was typed", async () => {
    const admin = await signedInAdmin();
    const bad = await invite(admin.cookie, "not-an-email");
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain(TEAM_MESSAGES.emailInvalid);
    expect(html).toContain("not-an-email");
    const taken = await invite(admin.cookie, admin.email);
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain(TEAM_MESSAGES.alreadyAdmin);
  });
});

describe("removing an admin", () => {
  it("asks for confirmation, then removes them: their open sessions are refused at once", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const confirm = await get(`/admin/team/${other.id}/remove`, admin.cookie);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain(`Remove ${other.email}?`);

    const res = await postForm(`/admin/team/${other.id}/remove`, { intent: "remove" }, { cookie: admin.cookie, headers: SAME_ORIGIN });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/team");
    const refused = await get("/admin/dashboard", other.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin/login");
    expect(await all("SELECT 1 FROM admin_sessions WHERE user_id = ?1", other.id)).toHaveLength(0);
    expect((await login(other.email, other.password)).status).toBe(401);
    expect((await get(`/admin/team/${other.id}/remove`, admin.cookie)).status).toBe(404);
  });

  it("does not let an admin remove themselves", async () => {
    const admin = await signedInAdmin();
    const res = await postForm(`/admin/team/${admin.id}/remove`, { intent: "remove" }, { cookie: admin.cookie, headers: SAME_ORIGIN });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(TEAM_MESSAGES.notYourself);
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(200);
  });

  it("never removes the last admin (one guarded statement), on a D1 of its own", async () => {
    const db = env.TEAM_TEST_DB;
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const teamEnv = { ...env, DB: db };
    await make.createAdmin(db, { id: "a", email: "a@example.com" });
    await make.createAdmin(db, { id: "b", email: "b@example.com" });
    const a = { id: "a", email: "a@example.com", twoFactor: false, sessionId: "s" };
    const b = { id: "b", email: "b@example.com", twoFactor: false, sessionId: "s" };
    // Both remove each other at once: one wins, the other is refused as the last admin.
    const answers = await Promise.all([
      removeAdmin(teamEnv, "b", { admin: a, actor: a }),
      removeAdmin(teamEnv, "a", { admin: b, actor: b }),
    ]);
    expect(answers.filter((x) => x === null)).toHaveLength(1);
    expect(answers.filter((x) => x === TEAM_MESSAGES.lastAdmin)).toHaveLength(1);
    const left = await db.prepare("SELECT count(*) AS n FROM user_roles WHERE role = 'admin'").first<{ n: number }>();
    expect(left!.n).toBe(1);
    // Only the removal that happened is in the audit log, with whom it removed.
    const { results } = await db
      .prepare("SELECT action, record_id, detail FROM audit_log")
      .all<{ action: string; record_id: string; detail: string }>();
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ action: "team.remove" });
    expect(JSON.parse(results[0]!.detail)).toEqual({ email: `${results[0]!.record_id}@example.com` });
  });
});
