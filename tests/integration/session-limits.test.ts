/**
 * Sessions that end: an idle timeout and an absolute lifetime (team settings,
 * 12 hours and 7 days by default), enforced by the one guard in the statement
 * it already makes; and an admin whose session ended while writing loses
 * nothing: the refused save is kept (never in a URL), and after sign-in, two-
 * factor included, the page opens with what they typed, ready to save.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { LOGIN_MESSAGES } from "~/features/auth/auth.messages";
import { SESSION_SETTINGS_MESSAGES } from "~/features/auth/session-settings";
import { totpCode } from "../totp";
import * as make from "../factories";
import { createUser, get, login, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, postForm } from "./helpers";

const HOUR = 3_600_000;
const uid = () => crypto.randomUUID().slice(0, 8);
const esc = (s: string) => s.replaceAll("'", "&#x27;").replaceAll('"', "&quot;");
/** An admin form's post (admin forms carry no Turnstile token). */
const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  postForm(path, fields, { cookie, headers: SAME_ORIGIN, token: null });
/** D1 steps of a response, from its Server-Timing header. */
const dbSteps = (res: Response) => Number(/(\d+) steps?/.exec(res.headers.get("Server-Timing") ?? "")?.[1]);

/** Moves a session's last use (and, with `started`, its sign-in) into the past. */
async function age(userId: string, { idle = 0, started = 0 }: { idle?: number; started?: number }) {
  await env.DB.prepare("UPDATE admin_sessions SET last_used_at = last_used_at - ?1, created_at = created_at - ?2 WHERE user_id = ?3")
    .bind(idle, started, userId)
    .run();
}

/** The toast a redirect carries, read on the page it leads to (with the cookies it sets). */
async function pageAfter(res: Response, cookie = ""): Promise<string> {
  expect(res.status).toBe(302);
  const toast = cookieFrom(res, "__toast");
  return (await get(res.headers.get("Location")!, [cookie, toast].filter(Boolean).join("; "))).text();
}

const sessionRows = (userId: string) => all("SELECT id FROM admin_sessions WHERE user_id = ?1", userId);

afterEach(async () => {
  await env.DB.prepare("DELETE FROM team_settings").run();
});

describe("the guard ends sessions past the team's limits", () => {
  it("refuses a session idle for more than 12 hours (the default), and ends it", async () => {
    const admin = await signedInAdmin();
    await age(admin.id, { idle: 12 * HOUR - 120_000 });
    // Still in time: this request records a use, and the idle time starts again from it.
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(200);
    await age(admin.id, { idle: 12 * HOUR + 60_000 });
    const refused = await get("/admin/dashboard", admin.cookie);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin/login");
    // The spec's 'Access denied', and below it, why.
    const toast = await pageAfter(refused);
    expect(toast).toContain(`>${LOGIN_MESSAGES.accessDenied}<`);
    expect(toast).toContain(LOGIN_MESSAGES.sessionExpired);
    expect(await sessionRows(admin.id)).toHaveLength(0);
    expect((await get("/admin/account", admin.cookie)).status).toBe(302);
  });

  it("refuses a session 7 days after its sign-in (the default), however busy", async () => {
    const admin = await signedInAdmin();
    await age(admin.id, { started: 7 * 24 * HOUR - 120_000 });
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(200);
    await age(admin.id, { started: 3 * 60_000 });
    expect((await get("/admin/dashboard", admin.cookie)).headers.get("Location")).toBe("/admin/login");
  });

  it("costs no extra D1 step: the limits are read with the session row", async () => {
    const admin = await signedInAdmin();
    await make.teamSettings.create(env.DB, { sessionIdleMinutes: 30, sessionMaxMinutes: 1440 });
    expect(dbSteps(await get("/admin", admin.cookie))).toBe(1);
  });

  it("applies the team's settings, saved at /admin/settings/sessions (with the same schema's messages), to every session at once", async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const page = await get("/admin/settings/sessions", admin.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(SESSION_SETTINGS_MESSAGES.idleLabel);
    expect(html).toMatch(/<option value="720" selected="">12 hours<\/option>/);
    expect(html).toMatch(/<option value="10080" selected="">7 days<\/option>/);

    const longer = await post("/admin/settings/sessions", { sessionIdleMinutes: "10080", sessionMaxMinutes: "1440" }, admin.cookie);
    expect(longer.status).toBe(400);
    expect(await longer.text()).toContain(SESSION_SETTINGS_MESSAGES.idleLonger);
    const odd = await post("/admin/settings/sessions", { sessionIdleMinutes: "17", sessionMaxMinutes: "99999" }, admin.cookie);
    expect(odd.status).toBe(400);
    const oddHtml = await odd.text();
    expect(oddHtml).toContain(SESSION_SETTINGS_MESSAGES.idleRequired);
    expect(oddHtml).toContain(SESSION_SETTINGS_MESSAGES.lifetimeRequired);

    const saved = await post("/admin/settings/sessions", { sessionIdleMinutes: "30", sessionMaxMinutes: "1440" }, admin.cookie);
    expect(await pageAfter(saved, admin.cookie)).toContain(SESSION_SETTINGS_MESSAGES.saved);
    const [row] = await all<{ session_idle_minutes: number; session_max_minutes: number; updated_by: string }>(
      "SELECT * FROM team_settings",
    );
    expect(row).toMatchObject({ session_idle_minutes: 30, session_max_minutes: 1440, updated_by: admin.email });
    const [entry] = await all<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'settings.sessions-update' AND actor_id = ?1",
      admin.id,
    );
    expect(JSON.parse(entry!.detail)).toEqual({ sessionIdleMinutes: 30, sessionMaxMinutes: 1440 });

    await age(other.id, { idle: 31 * 60_000 });
    expect((await get("/admin/dashboard", other.cookie)).headers.get("Location")).toBe("/admin/login");
    await age(admin.id, { started: 24 * HOUR });
    expect((await get("/admin/dashboard", admin.cookie)).headers.get("Location")).toBe("/admin/login");
    // The account page states the limits in effect.
    const fresh = await signedInAdmin();
    expect(await (await get("/admin/account", fresh.cookie)).text()).toContain("after 30 minutes without use and 1 day after signing in");
  }, 30_000);

  it("lists and prunes only sessions within the limits", async () => {
    const admin = await signedInAdmin();
    const stale = await login(admin.email, admin.password);
    expect(stale.status).toBe(302);
    const rows = await all<{ id: string }>("SELECT id FROM admin_sessions WHERE user_id = ?1 ORDER BY created_at", admin.id);
    await env.DB.prepare("UPDATE admin_sessions SET last_used_at = last_used_at - ?1 WHERE id = ?2")
      .bind(13 * HOUR, rows[1]!.id)
      .run();
    const html = await (await get("/admin/account", admin.cookie)).text();
    expect(html.match(/aria-label="(Sign out \(this browser|End session:)/g)).toHaveLength(1);
    const { pruneSessions } = await import("~/features/auth/sessions.server");
    await pruneSessions(env.DB);
    expect(await sessionRows(admin.id)).toHaveLength(1);
  });
});

describe("a save refused because the session ended is kept for after sign-in", () => {
  const CONTENT = (text: string) => JSON.stringify([{ type: "paragraph", text }]);

  /** Saves the page's edit form with `text` as its content, as the form posts it (`_updatedAt`: as the page was opened). */
  const saveAs = (cookie: string, page: Awaited<ReturnType<typeof pageOf>>, text: string, query = "") =>
    post(
      `/admin/dashboard/pages/${page.id}${query}`,
      { title: page.title, slug: page.slug, content: CONTENT(text), isPublished: "on", intent: "save", _updatedAt: String(page.updatedAt) },
      cookie,
    );

  /** A page of the site, created by the admin; its edit form's values. */
  async function pageOf(cookie: string) {
    const slug = `kept-${uid()}`;
    const fields = { title: `Kept ${uid()}`, slug, content: CONTENT("Stored text"), isPublished: "on" };
    expect((await post("/admin/dashboard/pages/new", { ...fields, intent: "save" }, cookie)).status).toBe(302);
    const [row] = await all<{ id: string; updated_at: number }>("SELECT id, updated_at FROM pages WHERE slug = ?1", slug);
    return { ...fields, id: row!.id, updatedAt: row!.updated_at };
  }

  it("refuses an idle session's save, keeps what was typed (not in the URL), and saves it after signing in again", async () => {
    const admin = await signedInAdmin();
    const page = await pageOf(admin.cookie);
    await age(admin.id, { idle: 13 * HOUR });
    const typed = `Typed while away ${uid()}: “quotes” & <b>tags</b>`;
    const save = await saveAs(admin.cookie, page, typed);
    expect(save.status).toBe(302);
    const location = save.headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/login\?kept=[A-Za-z0-9_-]{22}$/);
    expect(location).not.toContain("Typed");
    const kept = new URL(location, "http://x").searchParams.get("kept")!;
    const toast = await pageAfter(save);
    expect(toast).toContain(`>${LOGIN_MESSAGES.accessDenied}<`);
    expect(toast).toContain(esc(LOGIN_MESSAGES.sessionExpiredKept));
    // Nothing was saved.
    expect((await all<{ content: string }>("SELECT content FROM pages WHERE id = ?1", page.id))[0]!.content).toBe(CONTENT("Stored text"));

    // The sign-in form carries the id, and the sign-in goes back to the page with it.
    const loginPage = await (await get(location)).text();
    expect(loginPage).toContain(`name="kept" value="${kept}"`);
    const signedIn = await post("/admin/login", { email: admin.email, password: admin.password, kept });
    expect(signedIn.headers.get("Location")).toBe(`/admin/dashboard/pages/${page.id}?kept=${kept}`);
    const cookie = cookieFrom(signedIn, "__admin_session");
    const form = await pageAfter(signedIn, cookie);
    expect(form).toContain(LOGIN_MESSAGES.keptRestored);
    expect(form).toContain("Typed while away");

    // Ready to save: the same form, as the browser now shows it, saves the text.
    const saved = await saveAs(cookie, page, typed, `?kept=${kept}`);
    expect(saved.status).toBe(302);
    expect((await all<{ content: string }>("SELECT content FROM pages WHERE id = ?1", page.id))[0]!.content).toBe(CONTENT(typed));
  }, 30_000);

  it("goes through two-factor sign-in, and gives a person's note back to its form", async () => {
    const admin = await signedInAdmin();
    // Two-factor on, through the pages.
    const setup = await (await get("/admin/account/two-factor", admin.cookie)).text();
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7]+)</.exec(setup)![1]!;
    expect((await post("/admin/account/two-factor", { code: await totpCode(secret) }, admin.cookie)).status).toBe(200);
    const { id: personId } = await make.person.create(env.DB, { firstForm: "contact", lastForm: "contact", lastSeenAt: new Date() });
    await env.DB.prepare("DELETE FROM admin_sessions WHERE user_id = ?1").bind(admin.id).run(); // ended elsewhere
    const note = `Called back, wants a demo ${uid()}`;
    const save = await post(
      `/admin/dashboard/leads/${personId}`,
      { intent: "note-add", noteKey: crypto.randomUUID(), body: note },
      admin.cookie,
    );
    const kept = new URL(save.headers.get("Location")!, "http://x").searchParams.get("kept")!;
    expect(kept).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const first = await post("/admin/login", { email: admin.email, password: admin.password, kept });
    expect(first.headers.get("Location")).toBe("/admin/login/two-factor");
    const second = await post("/admin/login/two-factor", { code: await totpCode(secret, 1) }, cookieFrom(first, "__admin_2fa"));
    expect(second.headers.get("Location")).toBe(`/admin/dashboard/leads/${personId}?kept=${kept}`);
    const html = await pageAfter(second, cookieFrom(second, "__admin_session"));
    expect(html).toMatch(new RegExp(`<textarea[^>]*name="body"[^>]*>${note}</textarea>`));
    expect(await all("SELECT 1 FROM person_notes WHERE person_id = ?1", personId)).toHaveLength(0);
  }, 30_000);

  it("gives the kept text to nobody else, keeps no password, and keeps nothing over 512 KB", async () => {
    const admin = await signedInAdmin();
    const page = await pageOf(admin.cookie);
    await age(admin.id, { idle: 13 * HOUR });
    const secretText = `Only mine ${uid()}`;
    const save = await saveAs(admin.cookie, page, secretText);
    const kept = new URL(save.headers.get("Location")!, "http://x").searchParams.get("kept")!;
    const stranger = await signedInAdmin();
    const theirs = await get(`/admin/dashboard/pages/${page.id}?kept=${kept}`, stranger.cookie);
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).not.toContain(secretText);
    // Signing in as someone else with the id goes to the dashboard, not the page.
    const other = await createUser();
    expect((await post("/admin/login", { email: other.email, password: other.password, kept })).headers.get("Location")).toBe(
      "/admin/dashboard",
    );

    // A password change refused by an ended session keeps nothing (passwords are never kept).
    await age(stranger.id, { idle: 13 * HOUR });
    const password = await post(
      "/admin/account",
      { intent: "change-password", currentPassword: "secret one", newPassword: "another secret two", confirmPassword: "x" },
      stranger.cookie,
    );
    expect(password.headers.get("Location")).toBe("/admin/login");
    const keys = (await env.SESSIONS.list({ prefix: "kept-form:" })).keys;
    for (const key of keys) expect(await env.SESSIONS.get(key.name)).not.toContain("another secret two");

    const writer = await signedInAdmin();
    const big = await pageOf(writer.cookie);
    await age(writer.id, { idle: 13 * HOUR });
    const huge = await saveAs(writer.cookie, big, "x".repeat(600 * 1024));
    expect(huge.headers.get("Location")).toBe("/admin/login");
  }, 30_000);
});
