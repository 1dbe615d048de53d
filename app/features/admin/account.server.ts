/** The signed-in admin's own account: sessions, password, two-factor sign-in. */
import { auditEntry, type Actor } from "~/lib/audit.server";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { BodyTooLargeError, readFormData } from "~/lib/request.server";
import { ACCOUNT_MESSAGES } from "./account.messages";
import type { SessionAdmin } from "./auth.server";
import { hashPassword, passwordPepper, verifyPassword } from "./password.server";
import { isWeakPassword } from "./password-strength.server";
import { endOtherSessions, listSessions } from "./sessions.server";
import { disableTwoFactorStatements, recoveryCodesLeft, totpStep } from "./two-factor.server";

/** A refusal to show under one field of the form. */
export interface FieldRefusal {
  field: string;
  message: string;
}

export async function accountOverview(env: Env, admin: SessionAdmin) {
  const [sessions, codesLeft] = await Promise.all([listSessions(env, admin.id), admin.twoFactor ? recoveryCodesLeft(env, admin.id) : 0]);
  return {
    email: admin.email,
    twoFactor: admin.twoFactor,
    recoveryCodesLeft: codesLeft,
    sessions: sessions.map((s) => ({ ...s, current: s.id === admin.sessionId })),
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
  admin: SessionAdmin,
  input: { currentPassword: string; newPassword: string },
  actor: Actor,
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

/** Turns two-factor sign-in off: the password and a current code (or a recovery code is not enough: the app's code). */
export async function disableTwoFactor(
  env: Env,
  admin: SessionAdmin,
  input: { password: string; code: string },
  actor: Actor,
): Promise<FieldRefusal | null> {
  const db = getDb(env);
  const row = await db.select({ hash: users.passwordHash, secret: users.totpSecret }).from(users).where(eq(users.id, admin.id)).get();
  if (!row || !(await verifyPassword(input.password, row.hash, passwordPepper(env))))
    return { field: "password", message: ACCOUNT_MESSAGES.currentPasswordWrong };
  if (!row.secret || (await totpStep(env, row.secret, input.code.replace(/\s/g, ""))) === null) {
    return { field: "code", message: ACCOUNT_MESSAGES.codeInvalid };
  }
  await db.batch([
    ...disableTwoFactorStatements(db, admin.id),
    auditEntry(db, { action: "account.2fa-disable", actor, resource: "users", recordId: admin.id }),
  ]);
  return null;
}

/** A small form (the account, sign-in and team forms): over 16 KB is refused with 413, never a 500. */
export async function readSmallForm(request: Request): Promise<FormData> {
  try {
    return await readFormData(request, 16 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Response("Payload too large", { status: 413 });
    throw error;
  }
}

/** A form whose `intent` no page sends: 400. */
export const unknownIntent = () => new Response("Unknown form", { status: 400 });
