/**
 * The team's settings row (`team_settings`, id 'team'): its time zone, the
 * digest's hour and whether it is on, and how long admin sessions last. A
 * missing row reads as the defaults. Read here (lib) because the digest and
 * the pipeline's "due today" both need the zone; written by the digest
 * settings page (app/features/alerts) and the sessions settings page
 * (app/features/auth). The admin guard reads the session limits in the
 * statement that reads the session (sessions.server.ts).
 */
import { teamSettings } from "~/db/schema";
import { auditEntry, type Actor, type AuditAction } from "./audit.server";
import { getDb } from "./db.server";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "./time-zone";

export const TEAM_SETTINGS_ID = "team";

export interface SessionLimits {
  /** An admin session ends after this many minutes without a request. */
  sessionIdleMinutes: number;
  /** An admin session ends this many minutes after its sign-in, however busy. */
  sessionMaxMinutes: number;
}

export interface TeamSettings extends SessionLimits {
  timeZone: string;
  digestHour: number;
  digestEnabled: boolean;
}

/** 12 hours without use, 7 days at most (the session cookie's own life: the longest a session can be). */
export const DEFAULT_SESSION_LIMITS: SessionLimits = { sessionIdleMinutes: 12 * 60, sessionMaxMinutes: 7 * 24 * 60 };

export const DEFAULT_TEAM_SETTINGS: TeamSettings = {
  timeZone: DEFAULT_TIME_ZONE,
  digestHour: 8,
  digestEnabled: true,
  ...DEFAULT_SESSION_LIMITS,
};

export const TEAM_SETTINGS_SQL =
  "SELECT time_zone, digest_hour, digest_enabled, session_idle_minutes, session_max_minutes FROM team_settings WHERE id = 'team'";

type Row = { time_zone: string; digest_hour: number; digest_enabled: number; session_idle_minutes: number; session_max_minutes: number };

/** Stored limits as minutes the guard can use: a missing or broken value is the default, and none is longer than the cookie lives. */
export function sessionLimitsFrom(
  row: { idle: number | null | undefined; max: number | null | undefined } | null | undefined,
): SessionLimits {
  const minutes = (value: number | null | undefined, fallback: number) => {
    const n = Math.trunc(Number(value));
    return Number.isFinite(n) && n >= 1 ? Math.min(n, DEFAULT_SESSION_LIMITS.sessionMaxMinutes) : fallback;
  };
  return {
    sessionIdleMinutes: minutes(row?.idle, DEFAULT_SESSION_LIMITS.sessionIdleMinutes),
    sessionMaxMinutes: minutes(row?.max, DEFAULT_SESSION_LIMITS.sessionMaxMinutes),
  };
}

/** A row as settings; a zone this runtime does not know (data from elsewhere) falls back to UTC. */
export function teamSettingsFrom(row: Row | null | undefined): TeamSettings {
  if (!row) return DEFAULT_TEAM_SETTINGS;
  return {
    timeZone: canonicalTimeZone(row.time_zone) ?? DEFAULT_TIME_ZONE,
    digestHour: Math.min(23, Math.max(0, Math.trunc(Number(row.digest_hour)) || 0)),
    digestEnabled: Boolean(row.digest_enabled),
    ...sessionLimitsFrom({ idle: row.session_idle_minutes, max: row.session_max_minutes }),
  };
}

export async function readTeamSettings(db: D1Database): Promise<TeamSettings> {
  return teamSettingsFrom(await db.prepare(TEAM_SETTINGS_SQL).first<Row>());
}

/** Settings a page saves: some of the row's own columns. */
export type TeamSettingsValues = Partial<Omit<typeof teamSettings.$inferInsert, "id" | "updatedAt" | "updatedBy">>;

/**
 * Saves some of the team's settings (the row is made when missing; the other columns keep their values)
 * with the audit entry (`action`, the values as its detail), in one batch.
 */
export async function saveTeamSettings(env: Pick<Env, "DB">, values: TeamSettingsValues, actor: Actor, action: AuditAction): Promise<void> {
  const db = getDb(env);
  const row = { ...values, updatedAt: new Date(), updatedBy: actor.email };
  await db.batch([
    db
      .insert(teamSettings)
      .values({ id: TEAM_SETTINGS_ID, ...row })
      .onConflictDoUpdate({ target: teamSettings.id, set: row }),
    auditEntry(db, { action, actor, resource: "team_settings", recordId: TEAM_SETTINGS_ID, detail: values }),
  ]);
}
