import { env } from "cloudflare:test";
import { hashPassword, passwordPepper } from "~/features/auth/password.server";
import * as make from "../factories";
import { cookieFrom, ORIGIN, postForm, request } from "./helpers";

export const SAME_ORIGIN = { Origin: ORIGIN };

export async function createUser({ admin = true, password = "correct horse battery" } = {}) {
  const row = {
    email: `admin-${crypto.randomUUID().slice(0, 8)}@example.com`,
    passwordHash: await hashPassword(password, passwordPepper(env)),
  };
  const { id, email } = admin ? await make.createAdmin(env.DB, row) : await make.user.create(env.DB, row);
  return { id, email, password };
}

export function login(email: string, password: string, opts: { ip?: string; cookie?: string } = {}) {
  return postForm("/admin/login", { email, password }, { ...opts, headers: SAME_ORIGIN });
}

/** Signs a new admin in; returns the session cookie to send back. */
export async function signedInAdmin() {
  const user = await createUser();
  const res = await login(user.email, user.password);
  return { ...user, cookie: cookieFrom(res, "__admin_session") };
}

export const get = (path: string, cookie?: string, testEnv: Env = env) =>
  request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" }, testEnv);

export async function sessionKeys(): Promise<string[]> {
  return (await env.SESSIONS.list()).keys.map((k) => k.name);
}
