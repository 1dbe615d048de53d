/**
 * The team's settings row (`team_settings`, id 'team'): its time zone, the
 * digest's hour and whether it is on. A missing row reads as the defaults.
 * Read here (lib) because the digest and the pipeline's "due today" both need
 * the zone; written by the digest settings page (app/features/alerts).
 */
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "./time-zone";

export const TEAM_SETTINGS_ID = "team";

export interface TeamSettings {
  timeZone: string;
  digestHour: number;
  digestEnabled: boolean;
}

export const DEFAULT_TEAM_SETTINGS: TeamSettings = { timeZone: DEFAULT_TIME_ZONE, digestHour: 8, digestEnabled: true };

export const TEAM_SETTINGS_SQL = "SELECT time_zone, digest_hour, digest_enabled FROM team_settings WHERE id = 'team'";

type Row = { time_zone: string; digest_hour: number; digest_enabled: number };

/** A row as settings; a zone this runtime does not know (data from elsewhere) falls back to UTC. */
export function teamSettingsFrom(row: Row | null | undefined): TeamSettings {
  if (!row) return DEFAULT_TEAM_SETTINGS;
  return {
    timeZone: canonicalTimeZone(row.time_zone) ?? DEFAULT_TIME_ZONE,
    digestHour: Math.min(23, Math.max(0, Math.trunc(Number(row.digest_hour)) || 0)),
    digestEnabled: Boolean(row.digest_enabled),
  };
}

export async function readTeamSettings(db: D1Database): Promise<TeamSettings> {
  return teamSettingsFrom(await db.prepare(TEAM_SETTINGS_SQL).first<Row>());
}
