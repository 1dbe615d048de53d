/** The team's session limits: read for the settings page, saved with their audit entry (ADR 0010). */
import type { Actor } from "~/lib/audit.server";
import { readTeamSettings, saveTeamSettings, type SessionLimits } from "~/lib/team-settings.server";
import type { SessionSettingsInput } from "./session-settings";

export async function sessionSettingsOverview(env: Env): Promise<SessionLimits> {
  const { sessionIdleMinutes, sessionMaxMinutes } = await readTeamSettings(env.DB);
  return { sessionIdleMinutes, sessionMaxMinutes };
}

/** Saves the limits with their audit entry, in one batch. The guard applies them from the next request on. */
export function saveSessionSettings(env: Env, value: SessionSettingsInput, actor: Actor): Promise<void> {
  const { sessionIdleMinutes, sessionMaxMinutes } = value;
  return saveTeamSettings(env, { sessionIdleMinutes, sessionMaxMinutes }, actor, "settings.sessions-update");
}
