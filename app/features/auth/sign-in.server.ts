/**
 * Admin sign-in, step by step (remix-auth + remix-auth-form): the login throttle, the password, the
 * second factor and the new session. The guard every admin loader and action calls is guard.server.ts.
 * Every sign-in is in the audit log (ADR 0011): a success (after the code,
 * with two-factor on), and a failure (wrong password or code, unknown email,
 * no admin role, the first refusal of a throttle window) with the typed email
 * only as a keyed hash. Wrong two-factor codes are also counted per admin,
 * whatever the address (two-factor.server.ts, `CODE_RULE`): the 5th in 15
 * minutes locks the second step, and the admin is emailed.
 */
import { redirect, type TypedResponse } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { userRoles, users } from "~/db/schema";
import { AUDIT_ACTIONS, auditEntry, emailHash, type AuditInput } from "~/lib/audit.server";
import { siteCookie, SITE_COOKIES } from "~/lib/cookies.server";
import { getDb, type Db } from "~/lib/db.server";
import {
  rateLimitAddress,
  rateLimitHit,
  rateLimitReset,
  rateLimitResult,
  rateLimitUncount,
  type RateLimitRule,
} from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { loginSchema } from "./login.schema";
import { codeLockedMessage, LOGIN_MESSAGES } from "./auth.messages";
import { DUMMY_HASH, passwordPepper, upgradePasswordHash, verifyPassword } from "./password.server";
import { adminSessionStorage, SESSION_MAX_AGE_SECONDS } from "./session.server";
import { describeDevice } from "./device";
import { keptFormTarget, keptIdOf } from "./kept-form.server";
import { endSession, insertSessionRow, sessionRowId } from "./sessions.server";
import {
  codeAttempt,
  countCodeAttempt,
  lockEndsAt,
  looksLikeTotp,
  notifyCodeLock,
  recoveryCodeForms,
  totpStep,
  uncountCodeAttempt,
  useRecoveryCode,
  useTotpStep,
} from "./two-factor.server";

import { DASHBOARD_PATH, TWO_FACTOR_PATH } from "./paths";

export interface AdminUser {
  id: string;
  email: string;
  /** Two-factor sign-in is on: the password alone does not sign in. */
  twoFactor: boolean;
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

/** Why a sign-in failed, as the audit log says it (admins may know whether an email is an admin's). */
type FailureReason = "password" | "code" | "unknown-email" | "not-admin" | "throttled";

/** Who is signing in, for the audit log's entries. */
interface Attempt {
  env: Env;
  db: Db;
  email: string;
  address: string;
  userId?: string;
}

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

/** Records a failure in a write of its own: only a failure pays this round trip. */
async function recordFailure(attempt: Attempt, reason: FailureReason) {
  const { env, db, email, address, userId } = attempt;
  await failureEntry(db, { hashedEmail: await emailHash(env, email), address, reason, userId });
}

/** A success's entry, for the batch that forgives the attempt. */
function successEntry(db: Db, user: { id: string; email: string }, address: string, detail?: Record<string, unknown>) {
  return auditEntry(db, {
    action: AUDIT_ACTIONS.signinSuccess,
    actor: { id: user.id, email: user.email },
    address: address === "unknown" ? null : address,
    resource: "users",
    recordId: user.id,
    detail: detail ?? null,
  });
}

/**
 * Counted before anything is checked; refuses (429) past the pair's or the
 * address's limit, and slows down past the email's.
 */
async function throttle(
  attempt: Attempt,
  rows: { pair: { count: number }[]; address: { count: number }[]; email: { count: number }[] },
  now: number,
) {
  const { email } = attempt;
  const refused = [
    { ...rateLimitResult(LOGIN_RULES.pair, rows.pair, now), limit: LOGIN_RULES.pair.limit },
    { ...rateLimitResult(LOGIN_RULES.address, rows.address, now), limit: LOGIN_RULES.address.limit },
  ].filter((r) => !r.allowed);
  if (refused.length > 0) {
    // The first refusal of a window is recorded; the ones after it would only repeat it (the counters keep the number).
    if (refused.some((r) => r.count === r.limit + 1)) await recordFailure(attempt, "throttled");
    throw new LoginError(429, LOGIN_MESSAGES.throttled, Math.max(...refused.map((r) => r.retryAfterSeconds)));
  }
  const byEmail = rateLimitResult(LOGIN_RULES.email, rows.email, now);
  if (!byEmail.allowed) {
    if (byEmail.count === LOGIN_RULES.email.limit + 1) {
      // The typed email only as the audit log's keyed hash: a log line never holds what someone typed.
      console.warn(
        `Sign-in attempts for one email (${await emailHash(attempt.env, email)}) passed ${LOGIN_RULES.email.limit} in 15 minutes: slowing them down`,
      );
    }
    // Wall time, not CPU time: a waiting request costs the Worker nothing.
    await new Promise((resolve) => setTimeout(resolve, LOGIN_RULES.email.slowDownMs));
  }
}

/** The statements that count one sign-in attempt (password or code) on the three keys. */
function countAttempt(db: Db, email: string, address: string, now: number) {
  const pairKey = `${email} ${address}`;
  return [
    rateLimitHit(db, LOGIN_RULES.pair, pairKey, now),
    rateLimitHit(db, LOGIN_RULES.address, address, now),
    rateLimitHit(db, LOGIN_RULES.email, email, now),
  ] as const;
}

/**
 * A right answer was no guess: forget the pair's count, take this attempt back from the others; with its audit
 * entry, and after a right code, its attempt taken back from the admin's count of codes (`codeOf`). A right
 * password never touches that count: only a right code takes back its own attempt.
 */
async function forgiveAttempt(
  db: Db,
  email: string,
  address: string,
  now: number,
  entry: ReturnType<typeof auditEntry> | null,
  codeOf?: string,
) {
  await db.batch([
    rateLimitReset(db, LOGIN_RULES.pair, `${email} ${address}`),
    rateLimitUncount(db, LOGIN_RULES.address, address, now),
    rateLimitUncount(db, LOGIN_RULES.email, email, now),
    ...(codeOf ? [uncountCodeAttempt(db, codeOf, now)] : []),
    ...(entry ? [entry] : []),
  ]);
}

async function verifyLogin(env: Env, form: FormData, ip: string): Promise<AdminUser> {
  const { email, password } = loginSchema.parse(Object.fromEntries(form));
  const address = rateLimitAddress(ip);
  const now = Date.now();
  const db = getDb(env);
  // Count first, in one round trip with the user's row: twenty attempts at once get twenty counts.
  const [pairRows, addressRows, emailRows, [user]] = await db.batch([
    ...countAttempt(db, email, address, now),
    db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        totpSecret: users.totpSecret,
        adminRole: userRoles.role,
      })
      .from(users)
      .leftJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
      .where(eq(users.email, email))
      .limit(1),
  ]);
  const attempt: Attempt = { env, db, email, address, userId: user?.id };
  await throttle(attempt, { pair: pairRows, address: addressRows, email: emailRows }, now);

  // Verify against a dummy hash when there is no such user, so timing does not tell.
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH, passwordPepper(env));
  if (!user || !ok) {
    await recordFailure(attempt, user ? "password" : "unknown-email");
    throw new LoginError(401, LOGIN_MESSAGES.failed);
  }
  // A hash from before the pepper (or another iteration count) becomes a current one (ADR 0017).
  await upgradePasswordHash(env, user, password);
  // With two-factor on, the success is recorded after the code (verifySecondFactor).
  const entry = !user.adminRole
    ? failureEntry(db, { hashedEmail: await emailHash(env, email), address, reason: "not-admin", userId: user.id })
    : user.totpSecret === null
      ? successEntry(db, user, address)
      : null;
  await forgiveAttempt(db, email, address, now, entry);
  if (!user.adminRole) throw new LoginError(403, LOGIN_MESSAGES.notAdmin);
  return { id: user.id, email: user.email, twoFactor: user.totpSecret !== null };
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

interface PendingSignIn {
  userId: string;
  email: string;
  /** Epoch ms. */
  expiresAt: number;
  /** The id of a form kept when a session ended (kept-form.server.ts), carried to after the code. */
  kept?: string | null;
}

const pendingCookie = (env: Env) => siteCookie(env, "adminPending");
const PENDING_MS = SITE_COOKIES.adminPending.maxAge * 1000;

/**
 * After a right password: with two-factor on, only the short-lived signed
 * pending state (5 minutes, no session) and the code page; otherwise a session.
 * `kept`: the id of a form kept when the admin's session ended (the sign-in
 * form sends it back); after sign-in the admin is taken back to that form.
 */
export async function beginSignIn(
  env: Env,
  request: Request,
  admin: AdminUser,
  country: string | null,
  kept: string | null = null,
): Promise<TypedResponse<never>> {
  if (!admin.twoFactor) return startAdminSession(env, request, admin, country, kept);
  const pending: PendingSignIn = { userId: admin.id, email: admin.email, expiresAt: Date.now() + PENDING_MS, kept: keptIdOf(kept) };
  return redirect(TWO_FACTOR_PATH, { headers: { "Set-Cookie": await (await pendingCookie(env)).serialize(pending) } });
}

/** The pending sign-in of this browser, if it has one that has not expired. */
export async function readPendingSignIn(env: Env, request: Request): Promise<PendingSignIn | null> {
  const value = (await (await pendingCookie(env)).parse(request.headers.get("Cookie"))) as Partial<PendingSignIn> | null;
  if (!value || typeof value.userId !== "string" || typeof value.email !== "string" || typeof value.expiresAt !== "number") return null;
  return value.expiresAt > Date.now() ? (value as PendingSignIn) : null;
}

export const clearPendingSignIn = async (env: Env) => (await pendingCookie(env)).serialize("", { maxAge: 0, expires: new Date(0) });

/**
 * The second step: a TOTP code or a recovery code for the pending sign-in.
 * Each try counts toward the same sign-in limits as a password, and toward
 * the admin's own count of codes, whatever the address (`CODE_RULE`): past 5
 * wrong codes in the window, every try is refused (429) until it ends, and
 * the wrong code that locks emails the admin. A recovery code is deleted as it
 * is checked, and an app's code is accepted once (its time step must be later
 * than the last one used), so each works once.
 */
export async function verifySecondFactor(env: Env, request: Request, code: string, ip: string): Promise<AdminUser> {
  const pending = await readPendingSignIn(env, request);
  if (!pending) throw new LoginError(401, LOGIN_MESSAGES.pendingExpired);
  const address = rateLimitAddress(ip);
  const now = Date.now();
  const db = getDb(env);
  // Every count first, in one round trip with the user's row: twenty codes at once get twenty counts.
  const [pairRows, addressRows, emailRows, codeRows, [user]] = await db.batch([
    ...countAttempt(db, pending.email, address, now),
    countCodeAttempt(db, pending.userId, now),
    db
      .select({ id: users.id, email: users.email, totpSecret: users.totpSecret })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
      .where(eq(users.id, pending.userId))
      .limit(1),
  ]);
  const codes = codeAttempt(codeRows, now);
  if (!codes.allowed) throw new LoginError(429, codeLockedMessage(lockEndsAt(codes, now)), codes.retryAfterSeconds);
  const attempt: Attempt = { env, db, email: pending.email, address, userId: pending.userId };
  try {
    await throttle(attempt, { pair: pairRows, address: addressRows, email: emailRows }, now);
  } catch (error) {
    // Refused before its code was checked: not a wrong code.
    await uncountCodeAttempt(db, pending.userId, now);
    throw error;
  }
  if (!user?.totpSecret) throw new LoginError(401, LOGIN_MESSAGES.pendingExpired);
  const method = looksLikeTotp(code) ? "totp" : "recovery-code";
  const step = method === "totp" ? await totpStep(env, user.totpSecret, code.replace(/\s/g, "")) : null;
  const ok =
    method === "totp"
      ? step !== null && (await useTotpStep(db, user.id, step)).length === 1
      : (await useRecoveryCode(db, user.id, await recoveryCodeForms(env, user.id, code))).length === 1;
  if (!ok) {
    await recordFailure(attempt, "code");
    if (codes.locksIfWrong) {
      const until = lockEndsAt(codes, now);
      await notifyCodeLock(env, user, { failures: codes.count, address: address === "unknown" ? null : address, until, now });
      throw new LoginError(401, `${LOGIN_MESSAGES.codeInvalid}. ${codeLockedMessage(until)}`);
    }
    throw new LoginError(401, LOGIN_MESSAGES.codeInvalid);
  }
  await forgiveAttempt(db, pending.email, address, now, successEntry(db, user, address, { method }), user.id);
  return { id: user.id, email: user.email, twoFactor: true };
}

/** The KV session id inside a `Set-Cookie` the session storage wrote. */
async function kvSessionId(env: Env, setCookie: string): Promise<string> {
  const id: unknown = await (await siteCookie(env, "adminSession")).parse(setCookie.split(";")[0]!);
  if (typeof id !== "string" || !id) throw new Error("The new admin session has no id");
  return id;
}

/**
 * Starts a fresh session (a new id at every sign-in): the KV entry, then its
 * row in `admin_sessions` (browser and system, country) with the admin's
 * last sign-in, in one batch; then the dashboard, or with `kept` (a form kept
 * when their session ended), that form's page with what they typed.
 */
export async function startAdminSession(
  env: Env,
  request: Request,
  admin: AdminUser,
  country: string | null,
  kept: string | null = null,
): Promise<TypedResponse<never>> {
  const storage = await adminSessionStorage(env);
  const db = getDb(env);
  const previous = await storage.getSession(request.headers.get("Cookie"));
  // Delete the old KV entry (and its row); the new cookie below replaces the old one.
  if (previous.id) {
    const previousUser = previous.get("userId");
    if (previousUser) await endSession(db, previousUser, await sessionRowId(previous.id));
    await storage.destroySession(previous);
  }
  const now = Date.now();
  const expiresAt = now + SESSION_MAX_AGE_SECONDS * 1000;
  const session = await storage.getSession();
  session.set("userId", admin.id);
  session.set("expiresAt", expiresAt);
  const setCookie = await storage.commitSession(session);
  const id = await sessionRowId(await kvSessionId(env, setCookie));
  await db.batch([
    insertSessionRow(db, { id, userId: admin.id, device: describeDevice(request.headers.get("User-Agent")), country, now, expiresAt }),
    db
      .update(users)
      .set({ lastSignInAt: new Date(now) })
      .where(eq(users.id, admin.id)),
  ]);
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  if (request.headers.get("Cookie")?.includes(SITE_COOKIES.adminPending.name)) headers.append("Set-Cookie", await clearPendingSignIn(env));
  const back = await keptFormTarget(env, keptIdOf(kept), admin.id);
  if (back) return redirectWithToast(env, back, { type: "success", title: LOGIN_MESSAGES.keptRestored }, { headers });
  return redirectWithToast(env, DASHBOARD_PATH, { type: "success", title: LOGIN_MESSAGES.success }, { headers });
}
