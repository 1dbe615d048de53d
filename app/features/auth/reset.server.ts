/**
 * Forgotten password. The answer is always the same, and comes after the same
 * work (one D1 step: the two counters and the lookup); the link and its email
 * are written after the response (`later`), so a known address does not
 * answer slower than an unknown one. Limits, counted in D1 like sign-in:
 * 10 requests an hour per address (IPv6 by /64), then 429; 3 an hour per
 * email, past which nothing more is sent (the answer does not change).
 */
import { sql } from "drizzle-orm";
import { auditStatement } from "~/lib/audit.server";
import { and, eq } from "drizzle-orm";
import { accountTokens, userRoles, users } from "~/db/schema";
import { storeAndNotify } from "~/features/submissions/index.server";
import { outboxDraft } from "~/email/outbox.server";
import { getDb } from "~/lib/db.server";
import { rateLimitAddress, rateLimitHit, rateLimitResult } from "~/lib/rate-limit.server";
import { passwordResetEmail } from "./account.emails";
import { RESET_PATH } from "./paths";
import { hashPassword, passwordPepper } from "./password.server";
import { claimTokenStatement, newAccountToken, tokenLink, type AccountToken } from "./tokens.server";
import { loggable } from "~/lib/log.server";

const RESET_RULES = {
  address: { name: "reset-address", limit: 10, windowSeconds: 60 * 60 },
  email: { name: "reset-email", limit: 3, windowSeconds: 60 * 60 },
};

type Later = (task: (env: Env) => Promise<unknown>) => void;

/** Returns the seconds to wait when this address asked too often; otherwise null (and a link may be on its way). */
export async function requestPasswordReset(env: Env, email: string, ip: string, later: Later): Promise<number | null> {
  const db = getDb(env);
  const now = Date.now();
  const address = rateLimitAddress(ip);
  const [addressRows, emailRows, [admin]] = await db.batch([
    rateLimitHit(db, RESET_RULES.address, address, now),
    rateLimitHit(db, RESET_RULES.email, email, now),
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
      .where(eq(users.email, email))
      .limit(1),
  ]);
  const byAddress = rateLimitResult(RESET_RULES.address, addressRows, now);
  if (!byAddress.allowed) return byAddress.retryAfterSeconds;
  if (admin && rateLimitResult(RESET_RULES.email, emailRows, now).allowed) later((bg) => sendResetLink(bg, admin));
  return null;
}

/** Passes on a failure to the logs: the visitor has had their answer already. */
async function sendResetLink(env: Env, admin: { id: string; email: string }): Promise<void> {
  try {
    const { token, row } = await newAccountToken("password-reset", { email: admin.email, userId: admin.id });
    await storeAndNotify(env, {
      label: "password reset link",
      records: (db) => [db.insert(accountTokens).values(row)],
      drafts: [outboxDraft(passwordResetEmail, admin.email, { link: tokenLink(env, RESET_PATH, token) })],
    });
  } catch (error) {
    console.error("Could not store a password reset link", loggable(error));
  }
}

/**
 * Sets the new password and ends every session of the admin, in one batch,
 * only if the token is still usable at that moment (claimed first). Two-factor
 * sign-in stays as it was. Returns false when the token was used meanwhile.
 */
export async function resetPassword(env: Env, token: AccountToken, password: string, address: string | null): Promise<boolean> {
  if (!token.userId) return false;
  const hash = await hashPassword(password, passwordPepper(env));
  const now = Date.now();
  const [, updated] = await env.DB.batch([
    claimTokenStatement(env.DB, token.id, now),
    env.DB.prepare("UPDATE users SET password_hash = ?1 WHERE id = ?2 AND changes() = 1").bind(hash, token.userId),
    env.DB.prepare("DELETE FROM admin_sessions WHERE user_id = ?1 AND changes() = 1").bind(token.userId),
    // Recorded when the link was claimed by this request (the batch's first statement set used_at to now).
    auditStatement(
      env.DB,
      {
        action: "account.password-reset",
        actor: { id: token.userId, email: token.email },
        address,
        resource: "users",
        recordId: token.userId,
      },
      sql`EXISTS (SELECT 1 FROM account_tokens WHERE id = ${token.id} AND used_at = ${now})`,
    ),
  ]);
  return updated?.meta.changes === 1;
}
