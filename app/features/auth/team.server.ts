/**
 * The team: admins and pending invitations, inviting, withdrawing an
 * invitation, accepting one, and removing an admin (never the last).
 */
import { auditEntry, auditStatement, type Actor } from "~/lib/audit.server";
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accountTokens, userRoles, users } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { getDb } from "~/lib/db.server";
import { invitationEmail } from "./account.emails";
import { INVITATION_PATH } from "./paths";
import { TEAM_MESSAGES } from "./account.messages";
import type { AdminActor } from "./guard.server";
import { hashPassword, passwordPepper } from "./password.server";
import { claimTokenStatement, newAccountToken, tokenLink, type AccountToken } from "./tokens.server";

export async function teamOverview(env: Env, now = Date.now()) {
  const db = getDb(env);
  const inviter = alias(users, "inviter");
  const [admins, invitations] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        joinedAt: userRoles.createdAt,
        lastSignInAt: users.lastSignInAt,
        totpEnabledAt: users.totpEnabledAt,
      })
      .from(users)
      .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
      .orderBy(asc(userRoles.createdAt))
      .all(),
    db
      .select({
        id: accountTokens.id,
        email: accountTokens.email,
        createdAt: accountTokens.createdAt,
        expiresAt: accountTokens.expiresAt,
        invitedBy: inviter.email,
      })
      .from(accountTokens)
      .leftJoin(inviter, eq(inviter.id, accountTokens.invitedBy))
      .where(
        and(
          eq(accountTokens.kind, "invitation"),
          isNull(accountTokens.usedAt),
          isNull(accountTokens.revokedAt),
          gt(accountTokens.expiresAt, new Date(now)),
        ),
      )
      .orderBy(desc(accountTokens.createdAt))
      .all(),
  ]);
  return {
    admins: admins.map(({ totpEnabledAt, ...a }) => ({ ...a, twoFactor: totpEnabledAt !== null })),
    invitations,
  };
}

const revokePendingInvitations = (db: ReturnType<typeof getDb>, email: string, now: number) =>
  db
    .update(accountTokens)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(accountTokens.kind, "invitation"),
        eq(accountTokens.email, email),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
      ),
    );

/**
 * Invites an address: a single-use 72-hour link by email (through the
 * outbox). An earlier pending invitation for the same address is withdrawn in
 * the same batch. Returns a message for the email field when it is refused.
 */
export async function inviteAdmin(env: Env, email: string, { admin, actor }: AdminActor): Promise<string | null> {
  const db = getDb(env);
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .where(eq(users.email, email))
    .get();
  if (existing) return TEAM_MESSAGES.alreadyAdmin;
  const now = Date.now();
  const { token, row } = await newAccountToken("invitation", { email, invitedBy: admin.id }, now);
  await storeAndNotify(env, {
    label: "admin invitation",
    records: (d) => [
      revokePendingInvitations(d, email, now),
      d.insert(accountTokens).values(row),
      auditEntry(d, { action: "team.invite", actor, resource: "invitations", recordId: row.id, detail: { email } }),
    ],
    drafts: [outboxDraft(invitationEmail, email, { link: tokenLink(env, INVITATION_PATH, token), invitedBy: admin.email })],
  });
  return null;
}

/** Withdraws a pending invitation (a used one stays used). */
export async function revokeInvitation(env: Env, id: string, actor: Actor): Promise<void> {
  const db = getDb(env);
  const pending = and(
    eq(accountTokens.id, id),
    eq(accountTokens.kind, "invitation"),
    isNull(accountTokens.usedAt),
    isNull(accountTokens.revokedAt),
  );
  // The entry first, on the update's own condition: a link already used or withdrawn records nothing.
  await db.batch([
    auditEntry(
      db,
      { action: "team.invite-revoke", actor, resource: "invitations", recordId: id },
      sql`EXISTS (SELECT 1 FROM ${accountTokens} WHERE ${pending})`,
    ),
    db.update(accountTokens).set({ revokedAt: new Date() }).where(pending),
  ]);
}

/**
 * Accepts an invitation: the invitee's account with the chosen password and
 * the admin role, in one batch, only if the link is still usable at that
 * moment (claimed first). Returns false when it was used or withdrawn meanwhile.
 */
export async function acceptInvitation(env: Env, token: AccountToken, password: string, address: string | null): Promise<boolean> {
  const hash = await hashPassword(password, passwordPepper(env));
  const now = Date.now();
  const [, created] = await env.DB.batch([
    claimTokenStatement(env.DB, token.id, now),
    env.DB.prepare(
      `INSERT INTO users (id, email, password_hash) SELECT ?1, ?2, ?3 WHERE changes() = 1
       ON CONFLICT(email) DO UPDATE SET password_hash = excluded.password_hash`,
    ).bind(crypto.randomUUID(), token.email, hash),
    env.DB.prepare(
      "INSERT OR IGNORE INTO user_roles (user_id, role, created_at) SELECT id, 'admin', ?2 FROM users WHERE email = ?1 AND changes() = 1",
    ).bind(token.email, now),
    // Recorded when the link was claimed by this request (it is used now, by this batch's first statement).
    auditStatement(
      env.DB,
      { action: "team.invite-accept", actor: { email: token.email }, address, resource: "invitations", recordId: token.id },
      sql`EXISTS (SELECT 1 FROM account_tokens WHERE id = ${token.id} AND used_at = ${now})`,
    ),
  ]);
  return created?.meta.changes === 1;
}

export async function findAdmin(env: Env, userId: string) {
  return getDb(env)
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .where(eq(users.id, userId))
    .get();
}

/**
 * Removes an admin: their account goes, and with it (cascade) their role,
 * sessions (refused at once), recovery codes and reset links. One guarded
 * statement: never the last admin, even when two admins remove each other at
 * once. Returns the refusal to show, or null when done.
 */
export async function removeAdmin(env: Env, userId: string, { admin, actor }: AdminActor): Promise<string | null> {
  if (userId === admin.id) return TEAM_MESSAGES.notYourself;
  const guard = sql`EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${userId} AND role = 'admin') AND (SELECT count(*) FROM user_roles WHERE role = 'admin') > 1`;
  // The entry first, on the delete's own condition; RETURNING, not meta.changes: D1 counts the cascade's rows too.
  const [, removed] = await env.DB.batch([
    auditStatement(
      env.DB,
      {
        action: "team.remove",
        actor,
        resource: "users",
        recordId: userId,
        detail: sql`json_object('email', (SELECT email FROM users WHERE id = ${userId}))`,
      },
      guard,
    ),
    env.DB.prepare(
      `DELETE FROM users WHERE id = ?1
         AND EXISTS (SELECT 1 FROM user_roles WHERE user_id = ?1 AND role = 'admin')
         AND (SELECT count(*) FROM user_roles WHERE role = 'admin') > 1
       RETURNING id`,
    ).bind(userId),
  ]);
  if (removed?.results.length === 1) return null;
  return (await findAdmin(env, userId)) ? TEAM_MESSAGES.lastAdmin : TEAM_MESSAGES.notFound;
}
