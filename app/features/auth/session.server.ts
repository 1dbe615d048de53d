/**
 * Admin sessions in KV: a random session id in a signed cookie (HttpOnly,
 * SameSite=Lax, Secure over HTTPS, 7 days); the data lives in SESSIONS.
 * The cookie is declared with the site's others in app/lib/cookies.server.ts.
 */
import { createWorkersKVSessionStorage } from "@remix-run/cloudflare";
import { siteCookie, SITE_COOKIES } from "~/lib/cookies.server";

export const SESSION_MAX_AGE_SECONDS = SITE_COOKIES.adminSession.maxAge;

interface AdminSessionData {
  userId: string;
  /** Epoch ms; checked on every request as well as by KV's own expiry. */
  expiresAt: number;
}

export async function adminSessionStorage(env: Env) {
  return createWorkersKVSessionStorage<AdminSessionData>({ kv: env.SESSIONS, cookie: await siteCookie(env, "adminSession") });
}
