/**
 * Admin sign-in (remix-auth + remix-auth-form), the login throttle, the one
 * guard every admin loader and action calls (`requireAdmin`), and sign-out.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { userRoles, users } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { hitRateLimit, peekRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { requireSameOrigin } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";
import { LOGIN_MESSAGES, loginSchema } from "./login.schema";
import { DUMMY_HASH, verifyPassword } from "./password.server";
import { adminSessionStorage, SESSION_MAX_AGE_SECONDS } from "./session.server";

export const LOGIN_PATH = "/admin/login";
export const DASHBOARD_PATH = "/admin/dashboard";

export interface AdminUser {
  id: string;
  email: string;
}

/** 5 failed attempts per email and per IP in a 15-minute window. */
export const LOGIN_FAILURE_RULES = {
  email: { name: "login-fail-email", limit: 5, windowSeconds: 15 * 60 },
  ip: { name: "login-fail-ip", limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export class LoginError extends Error {
  constructor(
    readonly status: 401 | 403 | 429,
    message: string,
  ) {
    super(message);
  }
}

async function findAdmin(env: Env, userId: string): Promise<AdminUser | undefined> {
  return getDb(env)
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .where(eq(users.id, userId))
    .get();
}

async function verifyLogin(env: Env, form: FormData, ip: string): Promise<AdminUser> {
  const { email, password } = loginSchema.parse(Object.fromEntries(form));
  const [byEmail, byIp] = await Promise.all([
    peekRateLimit(env.DB, LOGIN_FAILURE_RULES.email, email),
    peekRateLimit(env.DB, LOGIN_FAILURE_RULES.ip, ip),
  ]);
  if (byEmail >= LOGIN_FAILURE_RULES.email.limit || byIp >= LOGIN_FAILURE_RULES.ip.limit) {
    throw new LoginError(429, LOGIN_MESSAGES.throttled);
  }

  const user = await getDb(env).select().from(users).where(eq(users.email, email)).get();
  // Verify against a dummy hash when there is no such user, so timing does not tell.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await Promise.all([
      hitRateLimit(env.DB, LOGIN_FAILURE_RULES.email, email),
      hitRateLimit(env.DB, LOGIN_FAILURE_RULES.ip, ip),
    ]);
    throw new LoginError(401, LOGIN_MESSAGES.failed);
  }
  const admin = await findAdmin(env, user.id);
  if (!admin) throw new LoginError(403, LOGIN_MESSAGES.notAdmin);
  return admin;
}

/**
 * Runs the form strategy on an already size-checked form. Returns the admin,
 * or throws LoginError with the message to show.
 */
export async function authenticateAdmin(env: Env, request: Request, form: FormData, ip: string): Promise<AdminUser> {
  const authenticator = new Authenticator<AdminUser>();
  authenticator.use(new FormStrategy(({ form }) => verifyLogin(env, form, ip)), "form");
  const formRequest = new Request(request.url, { method: "POST", body: form });
  return authenticator.authenticate("form", formRequest);
}

/** Starts a fresh session (a new id at every sign-in) and goes to the dashboard. */
export async function startAdminSession(env: Env, request: Request, admin: AdminUser): Promise<Response> {
  const storage = adminSessionStorage(env);
  const previous = await storage.getSession(request.headers.get("Cookie"));
  // Delete the old KV entry; the new cookie below replaces the old one.
  if (previous.id) await storage.destroySession(previous);
  const headers = new Headers();
  const session = await storage.getSession();
  session.set("userId", admin.id);
  session.set("expiresAt", Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return redirectWithToast(env, DASHBOARD_PATH, { type: "success", title: LOGIN_MESSAGES.success }, { headers });
}

async function denied(env: Env): Promise<Response> {
  return redirectWithToast(env, LOGIN_PATH, { type: "error", title: LOGIN_MESSAGES.accessDenied });
}

/**
 * The guard. Every loader and action under /admin (but login) and /warm-leads
 * calls it first. No session, an expired one, or no admin role: redirect to
 * the login page with 'Access denied'. A POST from another origin: 403.
 */
export async function requireAdmin(request: Request, env: Env): Promise<AdminUser> {
  requireSameOrigin(request, env);
  const storage = adminSessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  const expiresAt = session.get("expiresAt");
  if (!userId || !expiresAt || expiresAt < Date.now()) throw await denied(env);
  const admin = await findAdmin(env, userId);
  if (!admin) throw await denied(env);
  return admin;
}

/** The signed-in admin, if any (for the login page, which sends them on). */
export async function optionalAdmin(request: Request, env: Env): Promise<AdminUser | null> {
  try {
    return await requireAdmin(request, env);
  } catch {
    return null;
  }
}

/** Deletes the KV entry and the cookie, then goes to the login page. */
export async function logout(request: Request, env: Env): Promise<Response> {
  requireSameOrigin(request, env);
  const storage = adminSessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  return redirectWithToast(
    env,
    LOGIN_PATH,
    { type: "success", title: LOGIN_MESSAGES.loggedOut },
    { headers: { "Set-Cookie": await storage.destroySession(session) } },
  );
}


/** The loader of a dashboard list tab: the guard first, then the rows. */
export function adminListLoader<T>(list: (env: Env) => PromiseLike<T>) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }) => {
    const { env } = context.cloudflare;
    await requireAdmin(request, env);
    return { rows: await list(env) };
  };
}
