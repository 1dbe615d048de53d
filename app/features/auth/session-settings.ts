/**
 * How long admin sessions last, a team setting (ADR 0010): the choices, the
 * form's schema and messages, shared by the browser and the server. The guard
 * enforces them on every admin request (sessions.server.ts).
 */
import { z } from "zod";

export const SESSION_SETTINGS_PATH = "/admin/settings/sessions";

/** The limits, in minutes (as `SessionLimits` in app/lib/team-settings.server.ts). */
export interface SessionLimitValues {
  sessionIdleMinutes: number;
  sessionMaxMinutes: number;
}

const HOUR = 60;
const DAY = 24 * HOUR;

/** "30 minutes", "12 hours", "7 days". */
export function durationLabel(minutes: number): string {
  const [n, unit] = minutes % DAY === 0 ? [minutes / DAY, "day"] : minutes % HOUR === 0 ? [minutes / HOUR, "hour"] : [minutes, "minute"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

const options = (minutes: number[]) => minutes.map((m) => ({ value: String(m), label: durationLabel(m) }));

/** Without a request for this long, a session ends. */
export const IDLE_OPTIONS = options([15, 30, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR, 12 * HOUR, DAY, 3 * DAY, 7 * DAY]);
/** This long after its sign-in, a session ends however busy (at most 7 days: the session cookie's own life). */
export const LIFETIME_OPTIONS = options([8 * HOUR, 12 * HOUR, DAY, 3 * DAY, 7 * DAY]);

export const SESSION_SETTINGS_MESSAGES = {
  title: "Sessions",
  formTitle: "How long sessions last",
  intro:
    "For every admin. A session that ends is refused on its next request, and its browser is sent to sign in; a save typed before it ended is kept and comes back after sign-in.",
  idleLabel: "Sign out after this long without use",
  idleHint: "Counted from the last page or save of that browser.",
  lifetimeLabel: "Sign out this long after signing in, however busy",
  idleRequired: "Choose how long a session may sit unused",
  lifetimeRequired: "Choose how long a session may last",
  idleLonger: "Sessions cannot sit unused longer than they last",
  save: "Save",
  saving: "Saving...",
  saved: "Session settings saved. They apply to every session at once.",
  saveFailed: "The settings could not be saved. Please try again.",
} as const;

const M = SESSION_SETTINGS_MESSAGES;

const choice = (allowed: { value: string }[], message: string) =>
  z
    .string({ error: message })
    .refine((v) => allowed.some((o) => o.value === v), message)
    .transform(Number);

export const sessionSettingsSchema = z
  .object({ sessionIdleMinutes: choice(IDLE_OPTIONS, M.idleRequired), sessionMaxMinutes: choice(LIFETIME_OPTIONS, M.lifetimeRequired) })
  .refine((v) => v.sessionIdleMinutes <= v.sessionMaxMinutes, { message: M.idleLonger, path: ["sessionIdleMinutes"] });

export type SessionSettingsInput = z.output<typeof sessionSettingsSchema>;
