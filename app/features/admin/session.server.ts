/**
 * Admin sessions in KV: a random session id in a signed cookie (HttpOnly,
 * SameSite=Lax, Secure over HTTPS, 7 days); the data lives in SESSIONS.
 */
import { createWorkersKVSessionStorage } from "@remix-run/cloudflare";
import { secureCookies, sessionSecret } from "~/lib/env.server";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_COOKIE = "__admin_session";

export interface AdminSessionData {
  userId: string;
  /** Epoch ms; checked on every request as well as by KV's own expiry. */
  expiresAt: number;
}

export function adminSessionStorage(env: Env) {
  return createWorkersKVSessionStorage<AdminSessionData>({
    kv: env.SESSIONS,
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(env),
      path: "/",
      maxAge: SESSION_MAX_AGE_SECONDS,
      secrets: [sessionSecret(env)],
    },
  });
}
