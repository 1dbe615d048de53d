/**
 * Admin sign-in (remix-auth + remix-auth-form), the login throttle, the one
 * guard every admin loader and action calls (`requireAdmin`), and sign-out.
 * Every sign-in is in the audit log (ADR 0011): a success, and a failure
 * (wrong password, unknown email, no admin role, the first refusal of a
 * throttle window) with the typed email only as a keyed hash.
 */
import { and, eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { userRoles, users } from "~/db/schema";
import { AUDIT_ACTIONS, auditEntry, emailHash, type AuditInput } from "~/lib/audit.server";
import { getDb, type Db } from "~/lib/db.server";
import {
  rateLimitAddress,
  rateLimitHit,
  rateLimitReset,
  rateLimitResult,
  rateLimitUncount,
  type RateLimitRule,
} from "~/lib/rate-limit.server";
import { requireSameOrigin } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";
import { loginSchema } from "./login.schema";
import { LOGIN_MESSAGES } from "./admin.messages";
import { DUMMY_HASH, verifyPassword } from "./password.server";
import { adminSessionStorage, SESSION_MAX_AGE_SECONDS } from "./session.server";

const LOGIN_PATH = "/admin/login";
export const DASHBOARD_PATH = "/admin/dashboard";

interface AdminUser {
  id: string;
  email: string;
}

/**
 * The sign-in throttle. Every attempt is counted, before its password is
 * checked, on three keys at once (one atomic count per key, one D1 batch):
 * - `pair` (email, address): 5 attempts in a 15-minute window, then 429;
 * - `address`: 10 attempts in a 15-minute window, whatever the email, then 429;
 * - `email`: never refused, so that nobody elsewhere can lock the admin out;
 *   past 10 attempts in the window, every attempt for it waits `slowDownMs`
 *   before its password is checked.
 * A right password forgets the pair's count and takes its own attempt back
 * from the address's and the email's, so an admin's own sign-ins never add
 * up to a refusal or a delay. An address is an IPv4 address or an IPv6 /64.
 */
const LOGIN_RULES = {
  pair: { name: "login-pair", limit: 5, windowSeconds: 15 * 60 },
  address: { name: "login-address", limit: 10, windowSeconds: 15 * 60 },
  email: { name: "login-email", limit: 10, windowSeconds: 15 * 60, slowDownMs: 2_000 },
} satisfies Record<"pair" | "address", RateLimitRule> & { email: RateLimitRule & { slowDownMs: number } };

export class LoginError extends Error {
  constructor(
    readonly status: 401 | 403 | 429,
    message: string,
    /** With a 429: seconds until the window that refused ends. */
    readonly retryAfterSeconds?: number,
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

/** Why a sign-in failed, as the audit log says it (admins may know whether an email is an admin's). */
type FailureReason = "password" | "unknown-email" | "not-admin" | "throttled";

/**
 * A failed sign-in's entry: no actor; the account when the email is one, and the typed email only as a
 * keyed hash (`emailHash`). Not async: a drizzle query is a thenable, and an async function would run it.
 */
function failureEntry(
  db: Db,
  { hashedEmail, address, reason, userId }: { hashedEmail: string; address: string; reason: FailureReason; userId?: string },
) {
  const entry: AuditInput = {
    action: AUDIT_ACTIONS.signinFailure,
    actor: null,
    address: address === "unknown" ? null : address,
    resource: userId ? "users" : null,
    recordId: userId ?? null,
    detail: { reason, email: hashedEmail },
  };
  return auditEntry(db, entry);
}

async function verifyLogin(env: Env, form: FormData, ip: string): Promise<AdminUser> {
  const { email, password } = loginSchema.parse(Object.fromEntries(form));
  const address = rateLimitAddress(ip);
  const pairKey = `${email} ${address}`;
  const now = Date.now();
  const db = getDb(env);
  // Count first, in one round trip with the user's row: twenty attempts at once get twenty counts.
  const [pairRows, addressRows, emailRows, [user]] = await db.batch([
    rateLimitHit(db, LOGIN_RULES.pair, pairKey, now),
    rateLimitHit(db, LOGIN_RULES.address, address, now),
    rateLimitHit(db, LOGIN_RULES.email, email, now),
    db
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, adminRole: userRoles.role })
      .from(users)
      .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
      .where(eq(users.email, email))
      .limit(1),
  ]);
  const refused = [
    { ...rateLimitResult(LOGIN_RULES.pair, pairRows, now), limit: LOGIN_RULES.pair.limit },
    { ...rateLimitResult(LOGIN_RULES.address, addressRows, now), limit: LOGIN_RULES.address.limit },
  ].filter((r) => !r.allowed);
  if (refused.length > 0) {
    // The first refusal of a window is recorded; the ones after it would only repeat it (the counters keep the number).
    if (refused.some((r) => r.count === r.limit + 1)) {
      await failureEntry(db, { hashedEmail: await emailHash(env, email), address, reason: "throttled", userId: user?.id });
    }
    throw new LoginError(429, LOGIN_MESSAGES.throttled, Math.max(...refused.map((r) => r.retryAfterSeconds)));
  }
  const byEmail = rateLimitResult(LOGIN_RULES.email, emailRows, now);
  if (!byEmail.allowed) {
    if (byEmail.count === LOGIN_RULES.email.limit + 1) {
      console.warn(`Sign-in attempts for ${email} passed ${LOGIN_RULES.email.limit} in 15 minutes: slowing them down`);
    }
    // Wall time, not CPU time: a waiting request costs the Worker nothing.
    await new Promise((resolve) => setTimeout(resolve, LOGIN_RULES.email.slowDownMs));
  }

  // Verify against a dummy hash when there is no such user, so timing does not tell.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    // A write of its own: only a failure pays this round trip (a success's entry rides in the batch below).
    const reason = user ? "password" : "unknown-email";
    await failureEntry(db, { hashedEmail: await emailHash(env, email), address, reason, userId: user?.id });
    throw new LoginError(401, LOGIN_MESSAGES.failed);
  }
  // The right password was no guess: forget the pair's count, take this attempt back from the others; with the entry.
  const hashedEmail = user.adminRole ? "" : await emailHash(env, email);
  await db.batch([
    rateLimitReset(db, LOGIN_RULES.pair, pairKey),
    rateLimitUncount(db, LOGIN_RULES.address, address, now),
    rateLimitUncount(db, LOGIN_RULES.email, email, now),
    user.adminRole
      ? auditEntry(db, {
          action: AUDIT_ACTIONS.signinSuccess,
          actor: { id: user.id, email: user.email },
          address: address === "unknown" ? null : address,
          resource: "users",
          recordId: user.id,
        })
      : failureEntry(db, { hashedEmail, address, reason: "not-admin", userId: user.id }),
  ]);
  if (!user.adminRole) throw new LoginError(403, LOGIN_MESSAGES.notAdmin);
  return { id: user.id, email: user.email };
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
