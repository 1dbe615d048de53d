import { env } from "cloudflare:test";
import { hashPassword, passwordPepper } from "~/features/auth/password.server";
import { cookieFrom, ORIGIN, postForm, request } from "./helpers";

export const SAME_ORIGIN = { Origin: ORIGIN };

export async function createUser({ admin = true, password = "correct horse battery" } = {}) {
  const email = `admin-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, email, password_hash) VALUES (?1, ?2, ?3)")
    .bind(id, email, await hashPassword(password, passwordPepper(env)))
    .run();
  if (admin) await env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?1, 'admin')").bind(id).run();
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
