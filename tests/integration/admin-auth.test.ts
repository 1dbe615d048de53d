import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { LOGIN_MESSAGES } from "~/features/auth/auth.messages";
import { createUser, get, login, SAME_ORIGIN, sessionKeys, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, freshIp, postForm } from "./helpers";

const esc = (s: string) => s.replaceAll("'", "&#x27;");

/**
 * Counts the password checks the Worker makes: every check is one PBKDF2
 * derivation (`crypto.subtle.deriveBits`), against the user's hash or the dummy one.
 */
function countPasswordChecks() {
  const subtle = crypto.subtle;
  const original = subtle.deriveBits.bind(subtle);
  let checks = 0;
  const spy = vi.spyOn(subtle, "deriveBits").mockImplementation((algorithm, key, length) => {
    if ((algorithm as { name?: string }).name === "PBKDF2") checks += 1;
    return original(algorithm, key, length);
  });
  return { count: () => checks, restore: () => spy.mockRestore() };
}

/** Runs `work` while counting the password checks; returns its result and the count. */
async function withPasswordChecks<T>(work: () => Promise<T>): Promise<{ result: T; checks: number }> {
  const counter = countPasswordChecks();
  try {
    const result = await work();
    return { result, checks: counter.count() };
  } finally {
    counter.restore();
  }
}

const statuses = (answers: Response[]) => answers.map((r) => r.status).sort();

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

  it("answers a wrong password and an unknown email alike with 'Login failed' and no session, after one password check each", async () => {
    const user = await createUser();
    for (const [email, password] of [
      [user.email, "wrong password!"],
      ["nobody@example.com", user.password],
    ] as const) {
      const { result: res, checks } = await withPasswordChecks(() => login(email, password));
      expect(res.status).toBe(401);
      // The unknown email is checked against a dummy hash: the same work, so the same time.
      expect(checks).toBe(1);
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

  it("refuses a 6th attempt for one email from one address within 15 minutes, even with the right password", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await login(user.email, `wrong-${i}`, { ip })).status).toBe(401);
    }
    const res = await login(user.email, user.password, { ip });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await res.text()).toContain(LOGIN_MESSAGES.throttled);
    // From another address the same account still signs in.
    expect((await login(user.email, user.password)).status).toBe(302);
  });

  it("refuses an 11th attempt from one address within 15 minutes, whatever the email", async () => {
    const ip = freshIp();
    const user = await createUser();
    for (let i = 0; i < 10; i++) {
      expect((await login(`someone-${i}@example.com`, "nope", { ip })).status).toBe(401);
    }
    expect((await login(user.email, user.password, { ip })).status).toBe(429);
    // From elsewhere the same account still signs in.
    expect((await login(user.email, user.password)).status).toBe(302);
  });

  it("counts each attempt before the password is checked: 20 parallel guesses from one address check it 5 times", async () => {
    const user = await createUser();
    const ip = freshIp();
    const { result: answers, checks } = await withPasswordChecks(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => login(user.email, `guess-${i}`, { ip }))),
    );
    expect(checks).toBe(5);
    expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  });

  it("holds the per-address limit under a burst too: 20 parallel guesses at 20 emails check 10 passwords", async () => {
    const ip = freshIp();
    const { result: answers, checks } = await withPasswordChecks(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => login(`target-${i}@example.com`, "guess", { ip }))),
    );
    expect(checks).toBe(10);
    expect(statuses(answers)).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
  });

  it(
    "signs the admin in from their own address while their email is hammered from many others (slower, not refused)",
    { timeout: 60_000 },
    async () => {
      const user = await createUser();
      // Six guesses from each of four addresses: each address's pair allows 5, so 24 attempts count for the email.
      const wave = () =>
        Promise.all(
          Array.from({ length: 4 }, () => freshIp()).flatMap((ip) =>
            Array.from({ length: 6 }, (_, i) => login(user.email, `guess-${i}`, { ip })),
          ),
        );
      const first = await wave();

      const started = Date.now();
      const [res, second] = await Promise.all([login(user.email, user.password), wave()]);
      const took = Date.now() - started;

      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/dashboard");
      // Past 10 attempts in the window, every attempt for the email waits 2 s before its password is checked.
      expect(took).toBeGreaterThanOrEqual(2000);
      for (const answers of [first, second]) {
        expect(statuses(answers)).toEqual([...Array(20).fill(401), ...Array(4).fill(429)]);
      }
    },
  );

  it("gives the pair its attempts back after a successful sign-in", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login(user.email, `typo-${i}`, { ip })).status).toBe(401);
    expect((await login(user.email, user.password, { ip })).status).toBe(302);
    for (let i = 0; i < 5; i++) expect((await login(user.email, `typo-again-${i}`, { ip })).status).toBe(401);
    expect((await login(user.email, user.password, { ip })).status).toBe(429);
  });

  it("never counts an admin's own sign-ins against them: 12 in a row from one address, none refused or slowed", async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await login(user.email, user.password, { ip })).status).toBe(302);
    // Past 10 counted attempts the email's would be slowed down: each sign-in took its attempt back.
    const counts = await all<{ key: string; count: number }>(
      "SELECT key, count FROM rate_limits WHERE key IN (?1, ?2) ORDER BY key",
      `login-address:${ip}`,
      `login-email:${user.email}`,
    );
    expect(counts).toEqual([
      { key: `login-address:${ip}`, count: 0 },
      { key: `login-email:${user.email}`, count: 0 },
    ]);
    // The address still has all its 10 attempts.
    for (let i = 0; i < 10; i++) expect((await login(`someone-${i}@example.com`, "nope", { ip })).status).toBe(401);
    expect((await login(user.email, user.password, { ip })).status).toBe(429);
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
