/**
 * The team's calls: today's and this week's (Monday to Sunday) in the team's time zone, for the dashboard's home,
 * and today's for the daily digest. Cancelled calls are left out. One batch, read through `meetings_start_idx`.
 */
import { readTeamSettings } from "~/lib/team-settings.server";
import { endOfLocalDay, localTime, localWeek, startOfLocalDay } from "~/lib/time-zone";
import type { MeetingStatus } from "~/db/schema";

export interface Call {
  id: string;
  personId: string;
  name: string | null;
  email: string;
  status: MeetingStatus;
  startAt: number;
  endAt: number;
}

/** Calls listed per day or week at most (a busy week has far fewer). */
export const CALLS_MAX = 50;

const CALLS_SQL = `SELECT m.id, m.person_id AS personId, coalesce(p.name, m.invitee_name) AS name, coalesce(p.email, m.invitee_email) AS email,
    m.status, m.start_at AS startAt, m.end_at AS endAt
  FROM meetings m LEFT JOIN people p ON p.id = m.person_id
  WHERE m.start_at >= ?1 AND m.start_at < ?2 AND m.status <> 'cancelled' ORDER BY m.start_at, m.id LIMIT ${CALLS_MAX}`;

export function callsBetween(db: D1Database, from: number, to: number): D1PreparedStatement {
  return db.prepare(CALLS_SQL).bind(from, to);
}

export interface CallsOverview {
  timeZone: string;
  today: Call[];
  week: Call[];
}

/** Today's calls and this week's, in the team's zone: two statements in one batch after the settings' read. */
export async function callsOverview(db: D1Database, now = Date.now()): Promise<CallsOverview> {
  const { timeZone } = await readTeamSettings(db);
  const dayStart = startOfLocalDay(localTime(now, timeZone).date, timeZone);
  const week = localWeek(now, timeZone);
  const [today, thisWeek] = await db.batch([
    callsBetween(db, dayStart, endOfLocalDay(now, timeZone)),
    callsBetween(db, week.start, week.end),
  ]);
  return { timeZone, today: today!.results as unknown as Call[], week: thisWeek!.results as unknown as Call[] };
}
