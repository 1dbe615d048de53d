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
 * - A session ends after the team's idle timeout without a request, and at the
 *   team's absolute lifetime after its sign-in (team settings, 12 hours and 7
 *   days by default). The guard reads both limits in the same statement as the
 *   row (a join on `team_settings`): no extra round trip.
 */
import { and, desc, eq, lt, ne, sql, type SQL } from "drizzle-orm";
import { adminSessions, teamSettings, userRoles, users } from "~/db/schema";
import { sha256Hex } from "~/lib/crypto.server";
import { getDb, type Db } from "~/lib/db.server";
import { DEFAULT_SESSION_LIMITS, sessionLimitsFrom, TEAM_SETTINGS_ID, type SessionLimits } from "~/lib/team-settings.server";

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

/** Why a session is over, or that it is not. */
export type SessionCheck =
  | { status: "valid"; admin: SessionAdmin; stale: boolean }
  /** Its row is there, but idle too long, or past its lifetime: the guard ends it. */
  | { status: "expired" }
  /** No row: ended (by the admin, a password change or reset), or the admin removed. */
  | { status: "missing" };

/** Whether a session is past the team's limits at `now`. */
export function sessionExpired(row: { createdAt: Date; lastUsedAt: Date; expiresAt: Date }, limits: SessionLimits, now: number): boolean {
  return (
    row.expiresAt.getTime() <= now ||
    now - row.lastUsedAt.getTime() >= limits.sessionIdleMinutes * 60_000 ||
    now - row.createdAt.getTime() >= limits.sessionMaxMinutes * 60_000
  );
}

/**
 * The admin behind a session row that belongs to `userId`, and whether the session is still within the
 * team's limits: one statement (the row, the user, the admin role and the team's session limits).
 */
export async function findSessionAdmin(env: Env, rowId: string, userId: string, now = Date.now()): Promise<SessionCheck> {
  const row = await getDb(env)
    .select({
      id: users.id,
      email: users.email,
      totpEnabledAt: users.totpEnabledAt,
      createdAt: adminSessions.createdAt,
      lastUsedAt: adminSessions.lastUsedAt,
      expiresAt: adminSessions.expiresAt,
      idle: teamSettings.sessionIdleMinutes,
      max: teamSettings.sessionMaxMinutes,
    })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "admin")))
    .leftJoin(teamSettings, eq(teamSettings.id, TEAM_SETTINGS_ID))
    .where(and(eq(adminSessions.id, rowId), eq(adminSessions.userId, userId)))
    .get();
  if (!row) return { status: "missing" };
  if (sessionExpired(row, sessionLimitsFrom(row), now)) return { status: "expired" };
  const admin: SessionAdmin = { id: row.id, email: row.email, twoFactor: row.totpEnabledAt !== null, sessionId: rowId };
  return { status: "valid", admin, stale: now - row.lastUsedAt.getTime() >= SESSION_TOUCH_MS };
}

/** The team's limit in minutes (its row, else the default), in SQL. */
const limitSql = (column: "session_idle_minutes" | "session_max_minutes", fallback: number) =>
  sql`coalesce((SELECT ${sql.raw(column)} FROM team_settings WHERE id = ${TEAM_SETTINGS_ID}), ${fallback})`;

/** A session row still within the team's limits at `now` (for lists and the cron; the guard checks the same in code). */
function liveSession(now: number): SQL {
  return sql`${adminSessions.expiresAt} > ${now}
    AND ${adminSessions.lastUsedAt} > ${now} - 60000 * ${limitSql("session_idle_minutes", DEFAULT_SESSION_LIMITS.sessionIdleMinutes)}
    AND ${adminSessions.createdAt} > ${now} - 60000 * ${limitSql("session_max_minutes", DEFAULT_SESSION_LIMITS.sessionMaxMinutes)}`;
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
    .where(and(eq(adminSessions.userId, userId), liveSession(now)))
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

/** Removes rows whose session has ended: past its expiry, idle too long or past the team's lifetime (run by the cron). */
export async function pruneSessions(db: D1Database, now = Date.now()): Promise<void> {
  await getDb({ DB: db })
    .delete(adminSessions)
    .where(sql`NOT (${liveSession(now)})`);
}
