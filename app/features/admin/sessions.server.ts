/**
 * The sessions table (`admin_sessions`): one row per signed-in browser, beside
 * its KV session. See docs/decisions/0010-admin-sessions-and-2fa.md.
 *
 * - A KV session is valid only while its row exists: the guard reads the row
 *   together with the admin's role, in the one D1 step it already made, from
 *   the primary (admin pages read from the primary), so a row deleted in one
 *   place is refused at once everywhere, whatever KV still holds.
 * - The row's id is the SHA-256 of the KV session id.
 * - `last_used_at` is written at most once a minute per session.
 */
import { and, desc, eq, gt, lt, ne } from "drizzle-orm";
import { adminSessions, userRoles, users } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { getDb, type Db } from "~/lib/db.server";

/** How stale `last_used_at` may get before a request writes it again. */
export const SESSION_TOUCH_MS = 60_000;

export const sessionRowId = (kvSessionId: string) => sha256Hex(`admin-session:${kvSessionId}`);

export interface SessionRowInput {
  id: string;
  userId: string;
  device: string;
  country: string | null;
  now: number;
  expiresAt: number;
}

export function insertSessionRow(db: Db, row: SessionRowInput) {
  return db.insert(adminSessions).values({
    id: row.id,
    userId: row.userId,
    device: row.device,
    country: row.country,
    createdAt: new Date(row.now),
    lastUsedAt: new Date(row.now),
    expiresAt: new Date(row.expiresAt),
  });
}

export interface SessionAdmin {
  id: string;
  email: string;
  /** Two-factor sign-in is on. */
  twoFactor: boolean;
  /** The current session's row id. */
  sessionId: string;
}

/** The admin behind a session row that exists, has not expired and belongs to `userId` (one statement). */
export async function findSessionAdmin(env: Env, rowId: string, userId: string, now = Date.now()) {
  const row = await getDb(env)
    .select({ id: users.id, email: users.email, totpEnabledAt: users.totpEnabledAt, lastUsedAt: adminSessions.lastUsedAt })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .where(and(eq(adminSessions.id, rowId), eq(adminSessions.userId, userId), gt(adminSessions.expiresAt, new Date(now))))
    .get();
  if (!row) return undefined;
  const admin: SessionAdmin = { id: row.id, email: row.email, twoFactor: row.totpEnabledAt !== null, sessionId: rowId };
  return { admin, stale: now - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS };
}

/** Records a use; guarded so that concurrent requests write it once. */
export async function touchSession(env: Env, rowId: string, now = Date.now()): Promise<void> {
  await getDb(env)
    .update(adminSessions)
    .set({ lastUsedAt: new Date(now) })
    .where(and(eq(adminSessions.id, rowId), lt(adminSessions.lastUsedAt, new Date(now - SESSION_TOUCH_MS))));
}

export type SessionListRow = Awaited<ReturnType<typeof listSessions>>[number];

export function listSessions(env: Env, userId: string, now = Date.now()) {
  return getDb(env)
    .select({
      id: adminSessions.id,
      device: adminSessions.device,
      country: adminSessions.country,
      createdAt: adminSessions.createdAt,
      lastUsedAt: adminSessions.lastUsedAt,
    })
    .from(adminSessions)
    .where(and(eq(adminSessions.userId, userId), gt(adminSessions.expiresAt, new Date(now))))
    .orderBy(desc(adminSessions.lastUsedAt))
    .all();
}

/** Ends one session of this admin (never another admin's). */
export const endSession = (db: Db, userId: string, rowId: string) =>
  db.delete(adminSessions).where(and(eq(adminSessions.userId, userId), eq(adminSessions.id, rowId)));

/** Ends every session of this admin but `keepRowId`. */
export const endOtherSessions = (db: Db, userId: string, keepRowId: string) =>
  db.delete(adminSessions).where(and(eq(adminSessions.userId, userId), ne(adminSessions.id, keepRowId)));

/** Ends every session of this admin. */
export const endAllSessions = (db: Db, userId: string) => db.delete(adminSessions).where(eq(adminSessions.userId, userId));

/** Removes rows whose session has expired (run by the cron). */
export async function pruneSessions(db: D1Database, now = Date.now()): Promise<void> {
  await db.prepare("DELETE FROM admin_sessions WHERE expires_at < ?1").bind(now).run();
}
