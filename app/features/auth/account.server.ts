/** The signed-in admin's own account: sessions, password, two-factor sign-in and its recovery codes. */
import { auditEntry } from "~/lib/audit.server";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { getDb, type Db } from "~/lib/db.server";
import { readTeamSettings, type SessionLimits } from "~/lib/team-settings.server";
import { ACCOUNT_MESSAGES } from "./account.messages";
import { codeLockedMessage } from "./auth.messages";
import type { AdminActor, SessionAdmin } from "./guard.server";
import { hashPassword, passwordPepper, verifyPassword } from "./password.server";
import { isWeakPassword } from "./password-strength.server";
import { endOtherSessions, endSession, listSessions } from "./sessions.server";
import {
  codeAttempt,
  countCodeAttempt,
  disableTwoFactorStatements,
  lockEndsAt,
  newRecoveryCodes,
  notifyCodeLock,
  recoveryCodesLeft,
  totpStep,
  uncountCodeAttempt,
} from "./two-factor.server";

/** A refusal to show under one field of the form: 400, or 429 (with Retry-After) while the admin's codes are locked. */
export interface FieldRefusal {
  field: string;
  message: string;
  status?: 400 | 429;
  retryAfterSeconds?: number;
}

export async function accountOverview(env: Env, admin: SessionAdmin) {
  const [sessions, codesLeft, settings] = await Promise.all([
    listSessions(env, admin.id),
    admin.twoFactor ? recoveryCodesLeft(env, admin.id) : 0,
    readTeamSettings(env.DB),
  ]);
  const limits: SessionLimits = { sessionIdleMinutes: settings.sessionIdleMinutes, sessionMaxMinutes: settings.sessionMaxMinutes };
  return {
    email: admin.email,
    twoFactor: admin.twoFactor,
    recoveryCodesLeft: codesLeft,
    sessions: sessions.map((s) => ({ ...s, current: s.id === admin.sessionId })),
    limits,
  };
}

async function passwordHashOf(env: Env, userId: string): Promise<string | undefined> {
  const row = await getDb(env).select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return row?.hash;
}

/** The new password's own refusal (common or guessable), if any. */
export function newPasswordRefusal(password: string, email: string, field = "password"): FieldRefusal | null {
  return isWeakPassword(password, [email]) ? { field, message: ACCOUNT_MESSAGES.passwordCommon } : null;
}

/**
 * Changes the password: the current one must be right, the new one not
 * common. Every other session of this admin ends, in the same batch.
 */
export async function changePassword(
  env: Env,
  input: { currentPassword: string; newPassword: string },
  { admin, actor }: AdminActor,
): Promise<FieldRefusal | null> {
  const hash = await passwordHashOf(env, admin.id);
  if (!hash || !(await verifyPassword(input.currentPassword, hash, passwordPepper(env)))) {
    return { field: "currentPassword", message: ACCOUNT_MESSAGES.currentPasswordWrong };
  }
  const weak = newPasswordRefusal(input.newPassword, admin.email, "newPassword");
  if (weak) return weak;
  const db = getDb(env);
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword, passwordPepper(env)) })
      .where(eq(users.id, admin.id)),
    endOtherSessions(db, admin.id, admin.sessionId),
    auditEntry(db, { action: "account.password-change", actor, resource: "users", recordId: admin.id }),
  ]);
  return null;
}

/**
 * The password, then a current code from the app, for a change to two-factor sign-in. The code counts toward
 * the admin's wrong codes like a sign-in's second step (`CODE_RULE`): while they are locked it is refused with
 * 429, and the wrong code that locks emails the admin. Returns the refusal, or the statement that takes the
 * right code's attempt back (for the change's own batch).
 */
async function checkPasswordAndCode(
  env: Env,
  db: Db,
  admin: SessionAdmin,
  input: { password: string; code: string },
  address: string | null,
): Promise<{ refusal: FieldRefusal } | { forgive: ReturnType<typeof uncountCodeAttempt> }> {
  const row = await db.select({ hash: users.passwordHash, secret: users.totpSecret }).from(users).where(eq(users.id, admin.id)).get();
  if (!row || !(await verifyPassword(input.password, row.hash, passwordPepper(env)))) {
    return { refusal: { field: "password", message: ACCOUNT_MESSAGES.currentPasswordWrong } };
  }
  const now = Date.now();
  const attempt = codeAttempt(await countCodeAttempt(db, admin.id, now), now);
  if (!attempt.allowed) {
    const message = codeLockedMessage(lockEndsAt(attempt, now));
    return { refusal: { field: "code", message, status: 429, retryAfterSeconds: attempt.retryAfterSeconds } };
  }
  if (!row.secret || (await totpStep(env, row.secret, input.code.replace(/\s/g, ""))) === null) {
    if (!attempt.locksIfWrong) return { refusal: { field: "code", message: ACCOUNT_MESSAGES.codeInvalid } };
    const until = lockEndsAt(attempt, now);
    await notifyCodeLock(env, admin, { failures: attempt.count, address, until, now });
    return { refusal: { field: "code", message: `${ACCOUNT_MESSAGES.codeInvalid}. ${codeLockedMessage(until)}` } };
  }
  return { forgive: uncountCodeAttempt(db, admin.id, now) };
}

/**
 * Turns two-factor sign-in off: the password and a current code from the app (a recovery code is not
 * enough). Every other session of this admin ends in the same batch; this one stays.
 */
export async function disableTwoFactor(
  env: Env,
  input: { password: string; code: string },
  { admin, actor }: AdminActor,
): Promise<FieldRefusal | null> {
  const db = getDb(env);
  const checked = await checkPasswordAndCode(env, db, admin, input, actor.address ?? null);
  if ("refusal" in checked) return checked.refusal;
  await db.batch([
    ...disableTwoFactorStatements(db, admin.id),
    endOtherSessions(db, admin.id, admin.sessionId),
    checked.forgive,
    auditEntry(db, { action: "account.2fa-disable", actor, resource: "users", recordId: admin.id }),
  ]);
  return null;
}

/**
 * Makes new recovery codes: the password and a current code from the app; the ten new codes replace the
 * old ones in one batch (with the audit entry), so an old code stops working at once. Returns the new
 * codes (to show once) or the refusal.
 */
export async function makeNewRecoveryCodes(
  env: Env,
  input: { password: string; code: string },
  { admin, actor }: AdminActor,
): Promise<{ codes: string[] } | FieldRefusal> {
  const db = getDb(env);
  const checked = await checkPasswordAndCode(env, db, admin, input, actor.address ?? null);
  if ("refusal" in checked) return checked.refusal;
  const { codes, statements } = await newRecoveryCodes(env, db, admin.id);
  await db.batch([
    ...statements,
    checked.forgive,
    auditEntry(db, { action: "account.recovery-codes", actor, resource: "users", recordId: admin.id }),
  ]);
  return { codes };
}

/** Ends one of this admin's other sessions (the account page's list), with its audit entry, in one batch. */
export async function endAdminSession(env: Env, sessionId: string, { admin, actor }: AdminActor): Promise<void> {
  const db = getDb(env);
  await db.batch([
    endSession(db, admin.id, sessionId),
    auditEntry(db, { action: "sessions.end", actor, resource: "admin_sessions", recordId: sessionId }),
  ]);
}

/** Ends every session of this admin but the current one, with its audit entry, in one batch. */
export async function endOtherAdminSessions(env: Env, { admin, actor }: AdminActor): Promise<void> {
  const db = getDb(env);
  await db.batch([
    endOtherSessions(db, admin.id, admin.sessionId),
    auditEntry(db, { action: "sessions.end-others", actor, resource: "users", recordId: admin.id }),
  ]);
}

/** A form whose `intent` no page sends: 400. */
export const unknownIntent = () => new Response("Unknown form", { status: 400 });
