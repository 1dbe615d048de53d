import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOGIN_MESSAGES } from "~/features/admin/login.schema";
import { createUser, get, login, SAME_ORIGIN, sessionKeys, signedInAdmin } from "./admin-helpers";
import { cookieFrom, freshIp, postForm } from "./helpers";

const esc = (s: string) => s.replaceAll("'", "&#x27;");

describe("admin sign-in", () => {
  it("signs an admin in: a KV session in an HttpOnly SameSite=Lax cookie, the toast, then the dashboard", async () => {
    const user = await createUser();
    const before = await sessionKeys();
    const res = await login(user.email.toUpperCase(), user.password);

    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__admin_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=604800/);
    expect(setCookie).not.toMatch(/Secure/); // http://localhost; Secure whenever SITE_URL is https
    const created = (await sessionKeys()).filter((k) => !before.includes(k));
    expect(created).toHaveLength(1);
    expect(JSON.parse((await env.SESSIONS.get(created[0]!))!)).toMatchObject({ userId: user.id });

    const page = await get("/admin/dashboard", cookieFrom(res));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(LOGIN_MESSAGES.success);
    expect(html).toContain(user.email);
    expect(html).toContain("View Warm Leads");
  });

  it("marks the session cookie Secure when the site is served over HTTPS", async () => {
    const user = await createUser();
    const res = await postForm(
      "/admin/login",
      { email: user.email, password: user.password },
      { testEnv: { ...env, SITE_URL: "https://localhost:8787" }, headers: { Origin: "https://localhost:8787" } },
    );
    // The request URL is http://localhost:8787 in tests; only SITE_URL decides the flag.
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__admin_session="))).toMatch(/; Secure/);
  });

  it("answers a wrong password and an unknown email alike with 'Login failed' and no session", async () => {
    const user = await createUser();
    for (const [email, password] of [
      [user.email, "wrong password!"],
      ["nobody@example.com", user.password],
    ] as const) {
      const res = await login(email, password);
      expect(res.status).toBe(401);
      expect(await res.text()).toContain(LOGIN_MESSAGES.failed);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("__admin_session="))).toBe(false);
    }
  });

  it("refuses a valid user without the admin role and keeps no session", async () => {
    const user = await createUser({ admin: false });
    const before = await sessionKeys();
    const res = await login(user.email, user.password);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(esc(LOGIN_MESSAGES.notAdmin));
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__admin_session="))).toBe(false);
    expect(await sessionKeys()).toEqual(before);
  });

  it("checks the fields: empty and malformed answer 400 with messages", async () => {
    const empty = await login("", "");
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain(LOGIN_MESSAGES.emailRequired);
    expect(html).toContain(LOGIN_MESSAGES.passwordRequired);
    const bad = await login("not-an-email", "x");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(LOGIN_MESSAGES.emailInvalid);
  });

  it("refuses further attempts for an email after 5 failures, even with the right password", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      expect((await login(user.email, `wrong-${i}`)).status).toBe(401);
    }
    const res = await login(user.email, user.password);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("900");
    expect(await res.text()).toContain(LOGIN_MESSAGES.throttled);
  });

  it("refuses further attempts from an IP after 5 failures, whatever the email", async () => {
    const ip = freshIp();
    const user = await createUser();
    for (let i = 0; i < 5; i++) {
      expect((await login(`someone-${i}@example.com`, "nope", { ip })).status).toBe(401);
    }
    expect((await login(user.email, user.password, { ip })).status).toBe(429);
    // From elsewhere the same account still signs in.
    expect((await login(user.email, user.password)).status).toBe(302);
  });

  it("gives a new session id at each sign-in and deletes the old one", async () => {
    const admin = await signedInAdmin();
    const before = await sessionKeys();
    const again = await login(admin.email, admin.password, { cookie: admin.cookie });
    expect(again.status).toBe(302);
    const newCookie = cookieFrom(again, "__admin_session");
    expect(newCookie).not.toBe(admin.cookie);
    const after = await sessionKeys();
    expect(after.filter((k) => !before.includes(k))).toHaveLength(1);
    expect(before.filter((k) => !after.includes(k))).toHaveLength(1);
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(302);
    expect((await get("/admin/dashboard", newCookie)).status).toBe(200);
  });

  it("sends a signed-in admin from the login page to the dashboard", async () => {
    const admin = await signedInAdmin();
    const res = await get("/admin/login", admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard");
  });
});

describe("admin session", () => {
  it("logs out with a POST: the KV entry is gone and the cookie no longer works", async () => {
    const admin = await signedInAdmin();
    const keys = await sessionKeys();
    const res = await postForm("/admin/logout", {}, { cookie: admin.cookie, headers: SAME_ORIGIN });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");
    const after = await sessionKeys();
    expect(keys.filter((k) => !after.includes(k))).toHaveLength(1);
    const back = await get("/admin/dashboard", admin.cookie);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/admin/login");
  });

  it("turns away an expired session with 'Access denied'", async () => {
    const before = await sessionKeys();
    const admin = await signedInAdmin();
    const id = (await sessionKeys()).find((k) => !before.includes(k))!;
    const data = JSON.parse((await env.SESSIONS.get(id))!);
    await env.SESSIONS.put(id, JSON.stringify({ ...data, expiresAt: Date.now() - 1000 }));

    const res = await get("/admin/dashboard", admin.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");
    const page = await get("/admin/login", cookieFrom(res, "__toast"));
    expect(await page.text()).toContain(`>${LOGIN_MESSAGES.accessDenied}<`);
  });

  it("turns away a session whose user lost the admin role", async () => {
    const admin = await signedInAdmin();
    await env.DB.prepare("DELETE FROM user_roles WHERE user_id = ?1").bind(admin.id).run();
    const res = await get("/admin/dashboard", admin.cookie);
    expect(res.headers.get("Location")).toBe("/admin/login");
  });

  it("refuses admin POSTs from another origin, or with no origin at all, with 403", async () => {
    const admin = await signedInAdmin();
    const evil = await postForm("/admin/logout", {}, { cookie: admin.cookie, headers: { Origin: "http://evil.example" } });
    expect(evil.status).toBe(403);
    const none = await postForm("/admin/logout", {}, { cookie: admin.cookie });
    expect(none.status).toBe(403);
    const loginFromElsewhere = await postForm(
      "/admin/login",
      { email: admin.email, password: admin.password },
      { headers: { Origin: "http://evil.example" } },
    );
    expect(loginFromElsewhere.status).toBe(403);
    // The session survived the refused logout.
    expect((await get("/admin/dashboard", admin.cookie)).status).toBe(200);
  });
});
