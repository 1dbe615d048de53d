/**
 * The daily digest (ADR 0013): its settings (the team's time zone,
 * the hour, on or off) and the cron's `sendDigestIfDue`.
 *
 * Once a day, the rule: at a cron run, with the settings in effect now, the
 * digest is due when it is on, the local hour is at or after the set hour,
 * and no digest was sent during today's local day (from its start to its end
 * in the zone in effect now, whatever zone that digest was sent in). The
 * claim row (`digest_runs`) is inserted only under that same condition, in
 * the batch that writes the outbox row, and the outbox row only if the claim
 * was written (`changes() = 1`): cron runs that overlap, repeat or are
 * retried send one digest. Comparing instants with the current zone's day
 * makes a zone change safe both ways (no second digest within the new zone's
 * day, no day skipped because another zone used the same date label), and a
 * DST day is only 23 or 25 hours long (an hour that does not exist is passed
 * by "at or after"; an hour that happens twice finds the first digest).
 */
import type { Actor } from "~/lib/audit.server";
import { callsBetween, type Call } from "~/features/meetings/index.server";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { readTeamSettings, saveTeamSettings, type TeamSettings } from "~/lib/team-settings.server";
import { endOfLocalDay, localTime, startOfLocalDay } from "~/lib/time-zone";
import { DIGEST_LIST_MAX, digestEmail, type DigestPayload, type DigestPerson } from "./digest.emails";
import type { DigestSettingsInput } from "./digest.schema";

// ------------------------------------------------------------ the settings

export interface DigestSettingsData {
  settings: TeamSettings;
  recipient: string;
  lastRun: { localDate: string; timeZone: string; sentAt: number } | null;
}

export async function digestSettingsOverview(env: Env): Promise<DigestSettingsData> {
  const [settings, last] = await Promise.all([
    readTeamSettings(env.DB),
    env.DB.prepare("SELECT local_date, time_zone, sent_at FROM digest_runs ORDER BY sent_at DESC LIMIT 1").first<{
      local_date: string;
      time_zone: string;
      sent_at: number;
    }>(),
  ]);
  return {
    settings,
    recipient: env.NOTIFY_TO,
    lastRun: last ? { localDate: last.local_date, timeZone: last.time_zone, sentAt: last.sent_at } : null,
  };
}

/** Saves the settings with their audit entry, in one batch. */
export function saveDigestSettings(env: Env, value: DigestSettingsInput, actor: Actor): Promise<void> {
  const { timeZone, digestHour, digestEnabled } = value;
  return saveTeamSettings(env, { timeZone, digestHour, digestEnabled }, actor, "settings.digest-update");
}

// ------------------------------------------------------------------ the cron

type PersonRow = { id: string; email: string; name: string | null; company: string | null; last_form: string; due_at: number };
const PEOPLE_COLUMNS = "id, email, name, company, last_form, due_at";
const toPerson = (r: PersonRow): DigestPerson => ({
  id: r.id,
  email: r.email,
  name: r.name,
  company: r.company,
  form: r.last_form,
  dueAt: r.due_at,
});

/**
 * Overdue (due before now) and due today (from now to the end of the local
 * day), soonest first, DIGEST_LIST_MAX each, with their totals: one batch.
 */
export async function digestPeople(db: D1Database, now: number, endOfDay: number): Promise<Pick<DigestPayload, "overdue" | "dueToday">> {
  const [overdue, overdueCount, today, todayCount] = await db.batch([
    db.prepare(`SELECT ${PEOPLE_COLUMNS} FROM people WHERE due_at < ?1 ORDER BY due_at, id LIMIT ?2`).bind(now, DIGEST_LIST_MAX),
    db.prepare("SELECT count(*) AS n FROM people WHERE due_at < ?1").bind(now),
    db
      .prepare(`SELECT ${PEOPLE_COLUMNS} FROM people WHERE due_at >= ?1 AND due_at < ?2 ORDER BY due_at, id LIMIT ?3`)
      .bind(now, endOfDay, DIGEST_LIST_MAX),
    db.prepare("SELECT count(*) AS n FROM people WHERE due_at >= ?1 AND due_at < ?2").bind(now, endOfDay),
  ]);
  const total = (r: D1Result | undefined) => (r!.results[0] as { n: number }).n;
  return {
    overdue: { total: total(overdueCount), people: (overdue!.results as PersonRow[]).map(toPerson) },
    dueToday: { total: total(todayCount), people: (today!.results as PersonRow[]).map(toPerson) },
  };
}

export type DigestOutcome =
  | { status: "off" }
  | { status: "not-yet"; localDate: string; hour: number }
  | { status: "already-sent"; localDate: string }
  | { status: "sent"; localDate: string; outboxId: string };

/** Sent during the local day [start, end) of the zone in effect, by any zone. */
const SENT_TODAY = "SELECT 1 FROM digest_runs WHERE sent_at >= ?1 AND sent_at < ?2 LIMIT 1";

/** The cron's step (every 5 minutes): writes today's digest to the outbox once, when it is due. See the header. */
export async function sendDigestIfDue(env: Env, now = Date.now(), settings?: TeamSettings): Promise<DigestOutcome> {
  const { timeZone, digestHour, digestEnabled } = settings ?? (await readTeamSettings(env.DB));
  if (!digestEnabled) return { status: "off" };
  const local = localTime(now, timeZone);
  if (local.hour < digestHour) return { status: "not-yet", localDate: local.date, hour: local.hour };
  const dayStart = startOfLocalDay(local.date, timeZone);
  const dayEnd = endOfLocalDay(now, timeZone);
  // Most runs stop here: one indexed read. The claim below checks again, atomically.
  if (await env.DB.prepare(SENT_TODAY).bind(dayStart, dayEnd).first()) return { status: "already-sent", localDate: local.date };

  const [people, calls] = await Promise.all([digestPeople(env.DB, now, dayEnd), callsBetween(env.DB, dayStart, dayEnd).all<Call>()]);
  const draft = outboxDraft(digestEmail, env.NOTIFY_TO, {
    localDate: local.date,
    timeZone,
    ...people,
    calls: calls.results.map((c) => ({ personId: c.personId, name: c.name, email: c.email, startAt: c.startAt })),
  });
  const payload = draft.payload as DigestPayload;
  const stored = await storeAndNotify(env, {
    label: `daily digest ${local.date} ${timeZone}`,
    records: (_db, d1) => [
      d1
        .prepare(
          `INSERT INTO digest_runs (local_date, time_zone, sent_at, outbox_id, overdue, due_today)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE NOT EXISTS (${SENT_TODAY.replace("?1", "?7").replace("?2", "?8")})
           ON CONFLICT DO NOTHING`,
        )
        .bind(local.date, timeZone, now, draft.id, payload.overdue.total, payload.dueToday.total, dayStart, dayEnd),
    ],
    drafts: [draft],
    // The outbox row only if the claim was written: a run that lost the race sends nothing.
    onlyIfChanged: true,
  });
  const claimed = stored.status === "found" || stored.results[0]?.meta.changes === 1;
  return claimed ? { status: "sent", localDate: local.date, outboxId: draft.id } : { status: "already-sent", localDate: local.date };
}
