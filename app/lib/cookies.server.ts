/**
 * Every cookie the site sets, declared once, and the one path by which the
 * site reads them.
 *
 * A browser can send back a value the site never wrote: bad percent-encoding,
 * a forged or truncated signature, invalid base64, an unterminated quote.
 * Remix's `createCookie().parse()` throws on some of these (`atob` on invalid
 * base64) instead of returning null. So before any loader or action runs,
 * `dropUnreadableCookies` (called by the Worker entry for every request)
 * checks each of the site's cookies that the request carries: one that cannot
 * be parsed or verified is removed from the request, as if the browser had not
 * sent it, and the response clears it with a `Set-Cookie`. Every reader after
 * that (sessions, toasts, drafts) sees only values the site itself signed.
 */
import { createCookie, type Cookie } from "@remix-run/cloudflare";
import { secureCookies } from "./env.server";
import { secretsFor } from "./keys.server";

const DAY = 60 * 60 * 24;

/** Name and lifetime (seconds; none = a browser-session cookie) of each cookie the site sets. */
export const SITE_COOKIES = {
  toast: { name: "__toast", maxAge: undefined },
  adminSession: { name: "__admin_session", maxAge: 7 * DAY },
  // Between the password and the two-factor code: who passed the first step, for 5 minutes. Never a session.
  adminPending: { name: "__admin_2fa", maxAge: 5 * 60 },
  onboarding: { name: "__onboarding", maxAge: 30 * DAY },
  visitor: { name: "__visitor", maxAge: 90 * DAY },
  checklist: { name: "__checklist", maxAge: 365 * DAY },
  // The D1 bookmark of a visitor's last write (d1-session.server.ts): long enough for any replica to catch up.
  d1Bookmark: { name: "__d1_bookmark", maxAge: 60 },
} as const satisfies Record<string, { name: string; maxAge: number | undefined }>;

export type SiteCookieKey = keyof typeof SITE_COOKIES;

/**
 * A signed cookie with the site's defaults: HttpOnly, SameSite=Lax, Secure over HTTPS, path /. Signed with the
 * "cookie" purpose's key (keys.server.ts); cookies signed under an earlier root still verify.
 */
export async function siteCookie(env: Env, key: SiteCookieKey): Promise<Cookie> {
  const { name, maxAge } = SITE_COOKIES[key];
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(env),
    path: "/",
    ...(maxAge ? { maxAge } : {}),
    secrets: await secretsFor(env, "cookie"),
  });
}

/** `name=value` pairs of a Cookie header, as sent (not decoded). */
function cookiePairs(header: string): { name: string; raw: string }[] {
  return header
    .split(";")
    .map((raw) => raw.trim())
    .filter(Boolean)
    .map((raw) => ({ name: raw.slice(0, Math.max(raw.indexOf("="), 0)).trim() || raw, raw }));
}

/**
 * Checks the site's cookies on a request. Returns the request to hand on
 * (without the unreadable ones) and the `Set-Cookie` values that clear them.
 */
export async function dropUnreadableCookies(request: Request, env: Env): Promise<{ request: Request; clear: string[] }> {
  const header = request.headers.get("Cookie");
  if (!header) return { request, clear: [] };
  const pairs = cookiePairs(header);
  const ours = (Object.keys(SITE_COOKIES) as SiteCookieKey[]).filter((key) => pairs.some((p) => p.name === SITE_COOKIES[key].name));
  if (ours.length === 0) return { request, clear: [] };

  const bad = new Set<string>();
  for (const key of ours) {
    const cookie = await siteCookie(env, key);
    // Each copy on its own: a browser can hold two cookies of one name (other paths).
    for (const pair of pairs.filter((p) => p.name === cookie.name)) {
      let value: unknown = null;
      try {
        value = await cookie.parse(pair.raw);
      } catch {
        value = null;
      }
      // null: not verifiable (wrong signature) or not decodable. "" is an already-cleared cookie.
      if (value === null) bad.add(cookie.name);
    }
  }
  if (bad.size === 0) return { request, clear: [] };

  const kept = pairs.filter((p) => !bad.has(p.name)).map((p) => p.raw);
  const headers = new Headers(request.headers);
  if (kept.length) headers.set("Cookie", kept.join("; "));
  else headers.delete("Cookie");
  const clear = await Promise.all(
    [...bad].map(async (name) => {
      const key = (Object.keys(SITE_COOKIES) as SiteCookieKey[]).find((k) => SITE_COOKIES[k].name === name)!;
      return (await siteCookie(env, key)).serialize("", { maxAge: 0, expires: new Date(0) });
    }),
  );
  return { request: new Request(request, { headers }), clear };
}
