/**
 * A cookie the site did not write never breaks a page: for every cookie the
 * site sets, each kind of broken value, on every route that reads it, the
 * answer is the one a visitor without the cookie gets, and the broken cookie
 * is cleared.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { siteCookie, SITE_COOKIES, type SiteCookieKey } from "~/lib/cookies.server";
import { signedInAdmin, get } from "./admin-helpers";
import { cookieFrom, postForm } from "./helpers";

/** Where each cookie is read. */
const READERS: Record<SiteCookieKey, string[]> = {
  toast: ["/", "/questions-and-answers", "/playbooks", "/admin/login"],
  adminSession: ["/admin/dashboard", "/admin/dashboard/qa", "/warm-leads", "/admin/login"],
  adminPending: ["/admin/login/two-factor", "/admin/login"],
  onboarding: ["/onboarding", "/onboarding?step=2"],
  visitor: ["/call-booking", "/book-a-call"],
  checklist: ["/shopify-app-marketing-checklist"],
  d1Bookmark: ["/", "/questions-and-answers", "/blog"],
};

/** Each kind of value the site never wrote; `signed` is a real value the site did write. */
const BROKEN: Record<string, (signed: string) => string> = {
  "bad percent-encoding": () => "%E0%A4%A%ZZ",
  "invalid base64 signature": (signed) => `${signed.slice(0, signed.lastIndexOf("."))}.%%%not*base64`,
  "forged signature": (signed) => `${signed.slice(0, signed.lastIndexOf("."))}.${btoa("x".repeat(32)).replaceAll("=", "%3D")}`,
  "invalid base64 value": () => "not*base64!.AAAA",
  "truncated value": (signed) => signed.slice(0, Math.floor(signed.length / 2)),
  "unterminated quote": (signed) => `"${signed.slice(0, 12)}`,
  "no signature at all": () => "eyJ1c2VySWQiOiJ4In0=",
};

async function signedValue(key: SiteCookieKey): Promise<string> {
  const header = await (await siteCookie(env, key)).serialize({ userId: "someone", expiresAt: Date.now() + 60_000 });
  return header.split(";")[0]!.slice(SITE_COOKIES[key].name.length + 1);
}

const clears = (res: Response, name: string) =>
  res.headers.getSetCookie().some((c) => c.startsWith(`${name}=;`) && /Expires=Thu, 01 Jan 1970/.test(c));

describe("a broken cookie is treated as absent and cleared", () => {
  for (const key of Object.keys(READERS) as SiteCookieKey[]) {
    const name = SITE_COOKIES[key].name;
    for (const [kind, make] of Object.entries(BROKEN)) {
      it(`${name}, ${kind}: every reader answers as without the cookie`, async () => {
        const value = make(await signedValue(key));
        for (const path of READERS[key]) {
          const [without, withBroken] = [await get(path), await get(path, `${name}=${value}`)];
          expect(withBroken.status, `${path} with ${kind}`).toBe(without.status);
          expect(withBroken.status).toBeLessThan(500);
          expect(withBroken.headers.get("Location")).toBe(without.headers.get("Location"));
          expect(clears(withBroken, name), `${path} clears ${name}`).toBe(true);
        }
      });
    }
  }

  it("an admin with a broken session cookie is sent to the sign-in page like a signed-out visitor", async () => {
    const res = await get("/admin/dashboard", `__admin_session=${BROKEN["invalid base64 signature"]!(await signedValue("adminSession"))}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");
    // The sign-in page then works and shows the access-denied toast.
    const page = await get("/admin/login", cookieFrom(res, "__toast"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Access denied");
  });

  it("keeps the readable cookies of the same request", async () => {
    const admin = await signedInAdmin();
    const res = await get("/admin/dashboard", `__toast=%E0%A4%A; ${admin.cookie}; __visitor="broken`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(admin.email);
    expect(clears(res, "__toast")).toBe(true);
    expect(clears(res, "__visitor")).toBe(true);
    expect(clears(res, "__admin_session")).toBe(false);
  });

  it("a form post with a broken cookie is stored as usual", async () => {
    const email = `cookie-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await postForm("/waitlist", { email }, { cookie: `__toast=${BROKEN["truncated value"]!(await signedValue("toast"))}` });
    expect(res.status).toBe(302);
    const row = await env.DB.prepare("SELECT email FROM waitlist_entries WHERE email = ?").bind(email).first();
    expect(row).toEqual({ email });
  });
});
