/** The team's session limits: read for the settings page, saved with their audit entry (ADR 0010). */
import { teamSettings } from "~/db/schema";
import { auditEntry, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { readTeamSettings, TEAM_SETTINGS_ID, type SessionLimits } from "~/lib/team-settings.server";
import type { SessionSettingsInput } from "./session-settings";

export async function sessionSettingsOverview(env: Env): Promise<SessionLimits> {
  const { sessionIdleMinutes, sessionMaxMinutes } = await readTeamSettings(env.DB);
  return { sessionIdleMinutes, sessionMaxMinutes };
}

/** Saves the limits with their audit entry, in one batch. The guard applies them from the next request on. */
export async function saveSessionSettings(env: Env, value: SessionSettingsInput, actor: Actor): Promise<void> {
  const db = getDb(env);
  const row = {
    sessionIdleMinutes: value.sessionIdleMinutes,
    sessionMaxMinutes: value.sessionMaxMinutes,
    updatedAt: new Date(),
    updatedBy: actor.email,
  };
  await db.batch([
    db
      .insert(teamSettings)
      .values({ id: TEAM_SETTINGS_ID, ...row })
      .onConflictDoUpdate({ target: teamSettings.id, set: row }),
    auditEntry(db, {
      action: "settings.sessions-update",
      actor,
      resource: "team_settings",
      recordId: TEAM_SETTINGS_ID,
      detail: { sessionIdleMinutes: value.sessionIdleMinutes, sessionMaxMinutes: value.sessionMaxMinutes },
    }),
  ]);
}
