import { createCookie } from "@remix-run/cloudflare";
import { secureCookies, sessionSecret } from "./env.server";

/** A signed cookie with the site's defaults: HttpOnly, SameSite=Lax, Secure over HTTPS, path /. */
export function signedCookie(env: Env, name: string, maxAgeSeconds: number) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(env),
    path: "/",
    maxAge: maxAgeSeconds,
    secrets: [sessionSecret(env)],
  });
}
