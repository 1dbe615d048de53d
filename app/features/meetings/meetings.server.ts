/**
 * A scheduler's event applied to its meeting and its person, in one D1 batch (ADR 0024):
 *
 * 1. the person: the one a valid reference names, else the one of the invitee's normalised email, created when
 *    there is none (first form `scheduler`, first source a referral from the scheduler's host);
 * 2. the meeting, keyed by the scheduler and the booking's first id: written when the event is newer than the state
 *    held (its time, then booked < rescheduled < cancelled < an admin's held / no-show), so a repeated or late
 *    delivery changes nothing and a cancellation that arrives before its booking stays a cancellation. A reschedule
 *    names the booking it replaces: it finds that meeting (or leaves that id on the new one, for the old booking's
 *    late events), and when both bookings had made a meeting, it joins them into the first;
 * 3. the claim (`scheduler_events`, one row per event: its booking id, state and time): written only when the
 *    meeting now holds this event's state, with this request's run token; every effect below reads the claim, so
 *    it happens once per event, whatever is repeated:
 *    - the timeline entry ("Call booked / rescheduled / cancelled");
 *    - booked or rescheduled: a New person becomes Contacted ("call booked"), and the due date moves to a day after
 *      the call ("send the follow-up"); the `meeting.booked` alert goes to the subscribed destinations;
 *    - cancelled: the person is due again a day later ("call cancelled: get back in touch"), and joins the enabled
 *      sequences of the cancelled-call trigger when their consent allows (app/features/sequences: a new booking
 *      ends those emails at send time, as any booking does).
 *
 * Statement ids are made once per request, and every insert is ON CONFLICT DO NOTHING: a batch retried after a
 * transient error (its answer lost) writes nothing twice.
 */
import type { SchedulerProvider } from "~/db/schema";
import { alertDeliveriesStatement, returnedIds } from "~/email/events.server";
import { enqueueOutbox } from "~/email/outbox.server";
import { cancelledCallEnrolmentStatement } from "~/features/sequences/index.server";
import { withD1Retry } from "~/lib/d1-retry.server";
import { readPersonRef } from "./person-ref.server";
import type { SchedulerEvent } from "./scheduler.server";

const HOUR = 60 * 60 * 1000;
/** The follow-up after a call is due a day after its end. */
export const FOLLOW_UP_AFTER_CALL_MS = 24 * HOUR;
/** A cancelled call puts the person back on the team's list, due a day after the cancellation arrived. */
export const DUE_AFTER_CANCELLATION_MS = 24 * HOUR;

export const SCHEDULER_LABELS: Record<SchedulerProvider, string> = { "cal-com": "Cal.com", calendly: "Calendly" };
/** The host recorded as a scheduler-made person's first referrer (their first source). */
const SCHEDULER_HOSTS: Record<SchedulerProvider, string> = { "cal-com": "cal.com", calendly: "calendly.com" };

/** The order of a meeting's states at the same event time: a later one wins a tie. */
const rank = (column: string) => `(CASE ${column} WHEN 'booked' THEN 1 WHEN 'rescheduled' THEN 2 WHEN 'cancelled' THEN 3 ELSE 4 END)`;

export type ApplyOutcome = { status: "applied" | "unchanged"; meetingId: string | null };

export async function applySchedulerEvent(env: Env, event: SchedulerEvent, now = Date.now()): Promise<ApplyOutcome> {
  const db = env.DB;
  const refId = await readPersonRef(env, event.ref);
  // Two reads side by side (not a batch: only the write below is retried after a lost answer).
  const [found, ref] = await Promise.all([
    db
      .prepare(
        `SELECT id, booking_id FROM meetings WHERE provider = ?1 AND (booking_id IN (?2, ?3) OR current_booking_id IN (?2, ?3)
           OR previous_booking_id IN (?2, ?3)) ORDER BY created_at, id LIMIT 2`,
      )
      .bind(event.provider, event.bookingId, event.previousBookingId ?? event.bookingId)
      .all<{ id: string; booking_id: string }>(),
    refId ? db.prepare("SELECT id, email FROM people WHERE id = ?1").bind(refId).first<{ id: string; email: string }>() : null,
  ]);
  // A reschedule keeps the meeting of the booking it replaces. When its booking and an early event of the new
  // booking (a cancellation that came first) each made a meeting, this reschedule joins them: the first one keeps
  // the later state, takes the other's claims, and the other goes.
  const [keep, other] = found.results;
  const key = keep?.booking_id ?? event.previousBookingId ?? event.bookingId;
  const merge = keep && other ? mergeStatements(db, keep.id, other.id, now) : [];
  const run = crypto.randomUUID();
  // The event itself (its own booking id, not the meeting it lands on, which a merge may change), once.
  const claimId = `${event.provider}:${event.bookingId}:${event.status}:${event.at}`;
  const actor = SCHEDULER_LABELS[event.provider];
  const claimed = "(SELECT meeting_id FROM scheduler_events WHERE id = ?8 AND run = ?9)";
  const person = `(SELECT person_id FROM meetings WHERE id = ${claimed})`;
  const bound = (statement: D1PreparedStatement, ...values: unknown[]) => statement.bind(...values);
  const personEvent = (sql: string) =>
    `INSERT INTO person_events (id, person_id, kind, from_value, to_value, detail, actor, created_at) ${sql} ON CONFLICT (id) DO NOTHING`;
  const booked = event.status !== "cancelled";
  const due = booked ? event.endAt + FOLLOW_UP_AFTER_CALL_MS : now + DUE_AFTER_CANCELLATION_MS;
  const dueDetail = booked ? "send the follow-up" : "call cancelled: get back in touch";

  const statements: D1PreparedStatement[] = [
    ...merge,
    bound(
      db.prepare(
        `INSERT INTO people (id, email, name, first_form, last_form, created_at, last_seen_at, updated_at, first_channel, first_referrer_host)
         SELECT ?1, lower(trim(?2)), nullif(trim(?3), ''), 'scheduler', 'scheduler', ?4, ?4, ?4, 'referral', ?5 WHERE ?6 IS NULL
         ON CONFLICT (email) DO UPDATE SET name = coalesce(name, excluded.name), last_seen_at = max(last_seen_at, excluded.last_seen_at),
           updated_at = excluded.updated_at`,
      ),
      crypto.randomUUID(),
      event.email,
      event.name,
      now,
      SCHEDULER_HOSTS[event.provider],
      ref?.id ?? null,
    ),
    bound(
      db.prepare(
        `INSERT INTO meetings (id, provider, booking_id, current_booking_id, person_id, status, start_at, end_at, invitee_name,
           invitee_email, answers, version, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, coalesce(?5, (SELECT id FROM people WHERE email = lower(trim(?10)))), ?6, ?7, ?8, nullif(trim(?9), ''),
           lower(trim(?10)), ?11, ?12, ?13, ?13 WHERE true
         ON CONFLICT (provider, booking_id) DO UPDATE SET current_booking_id = excluded.current_booking_id, status = excluded.status,
           start_at = excluded.start_at, end_at = excluded.end_at, invitee_name = coalesce(excluded.invitee_name, invitee_name),
           invitee_email = excluded.invitee_email, answers = CASE WHEN excluded.answers = '[]' THEN answers ELSE excluded.answers END,
           version = excluded.version, updated_at = excluded.updated_at
         WHERE excluded.version > meetings.version
            OR (excluded.version = meetings.version AND ${rank("excluded.status")} > ${rank("meetings.status")})`,
      ),
      crypto.randomUUID(),
      event.provider,
      key,
      event.bookingId,
      ref?.id ?? null,
      event.status,
      event.startAt,
      event.endAt,
      event.name,
      event.email,
      JSON.stringify(event.answers),
      event.at,
      now,
    ),
    // Whatever its time, a reschedule leaves the id it replaced on the meeting, for that booking's late events.
    db
      .prepare(
        `UPDATE meetings SET previous_booking_id = ?3 WHERE provider = ?1 AND booking_id = ?2 AND previous_booking_id IS NULL
           AND ?3 IS NOT NULL AND ?3 <> booking_id`,
      )
      .bind(event.provider, key, event.previousBookingId),
    bound(
      db.prepare(
        `INSERT INTO scheduler_events (id, meeting_id, run, received_at)
         SELECT ?8, id, ?9, ?1 FROM meetings WHERE provider = ?2 AND booking_id = ?3 AND version = ?4 AND status = ?5
         ON CONFLICT (id) DO NOTHING`,
      ),
      ...numbered({ 1: now, 2: event.provider, 3: key, 4: event.at, 5: event.status, 8: claimId, 9: run }),
    ),
    bound(
      db.prepare(
        personEvent(
          `SELECT ?1, m.person_id, 'meeting', CAST(m.start_at AS TEXT), m.status, NULL, ?2, ?3 FROM meetings m WHERE m.id = ${claimed}`,
        ),
      ),
      ...numbered({ 1: crypto.randomUUID(), 2: actor, 3: now, 8: claimId, 9: run }),
    ),
    ...(booked
      ? [
          bound(
            db.prepare(
              personEvent(
                `SELECT ?1, p.id, 'status', p.status, 'contacted', 'call booked', ?2, ?3 FROM people p WHERE p.id = ${person} AND p.status = 'new'`,
              ),
            ),
            ...numbered({ 1: crypto.randomUUID(), 2: actor, 3: now, 8: claimId, 9: run }),
          ),
        ]
      : []),
    bound(
      db.prepare(
        personEvent(
          `SELECT ?1, p.id, 'due', CAST(p.due_at AS TEXT), CAST(?4 AS TEXT), ?5, ?2, ?3 FROM people p WHERE p.id = ${person} AND p.due_at IS NOT ?4`,
        ),
      ),
      ...numbered({ 1: crypto.randomUUID(), 2: actor, 3: now, 4: due, 5: dueDetail, 8: claimId, 9: run }),
    ),
    bound(
      db.prepare(
        `UPDATE people SET status = CASE WHEN status = 'new' AND ?1 = 1 THEN 'contacted' ELSE status END, due_at = ?2, updated_at = ?3
          WHERE id = ${person}`,
      ),
      ...numbered({ 1: booked ? 1 : 0, 2: due, 3: now, 8: claimId, 9: run }),
    ),
  ];
  // A cancellation (this event's claim, so once per event): the person's cancelled-call sequences.
  if (!booked)
    statements.push(
      await cancelledCallEnrolmentStatement(
        env,
        [event.email, ...(ref ? [ref.email] : [])],
        now,
        `${run}:cancelled`,
        "SELECT person_id FROM meetings WHERE id = (SELECT meeting_id FROM scheduler_events WHERE id = ?5 AND run = ?6)",
        [claimId, run],
      ),
    );
  const alerts = booked
    ? alertDeliveriesStatement(
        db,
        crypto.randomUUID(),
        [
          {
            type: "meeting.booked",
            summary: `Call ${event.status === "rescheduled" ? "rescheduled" : "booked"} by ${event.name ? `${event.name} (${event.email})` : event.email}: ${new Date(event.startAt).toISOString()}`,
            data: {
              email: ref?.email ?? event.email.trim().toLowerCase(),
              inviteeEmail: event.email.trim().toLowerCase(),
              name: event.name,
              status: event.status,
              scheduler: event.provider,
              startAt: new Date(event.startAt).toISOString(),
              endAt: new Date(event.endAt).toISOString(),
            },
          },
        ],
        now,
        null,
        { sql: "EXISTS (SELECT 1 FROM scheduler_events WHERE id = ?5 AND run = ?6)", binds: [claimId, run] },
      )
    : null;
  if (alerts) statements.push(alerts);

  const results = await withD1Retry(`scheduler event ${event.provider} ${event.status}`, () => db.batch(statements));
  const claim = await db
    .prepare("SELECT meeting_id, run FROM scheduler_events WHERE id = ?1")
    .bind(claimId)
    .first<{ meeting_id: string; run: string }>();
  if (alerts) await enqueueOutbox(env, returnedIds(results[results.length - 1]));
  return { status: claim?.run === run ? "applied" : "unchanged", meetingId: claim?.meeting_id ?? null };
}

/** Two meetings of one booking joined into `keep` (see above): three statements at the start of the batch. */
function mergeStatements(db: D1Database, keep: string, other: string, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE meetings AS m SET current_booking_id = o.current_booking_id, status = o.status, start_at = o.start_at, end_at = o.end_at,
           invitee_name = coalesce(o.invitee_name, m.invitee_name), invitee_email = o.invitee_email,
           answers = CASE WHEN o.answers = '[]' THEN m.answers ELSE o.answers END, version = o.version, updated_at = ?3
         FROM meetings AS o WHERE m.id = ?1 AND o.id = ?2
           AND (o.version > m.version OR (o.version = m.version AND ${rank("o.status")} > ${rank("m.status")}))`,
      )
      .bind(keep, other, now),
    db.prepare("UPDATE scheduler_events SET meeting_id = ?1 WHERE meeting_id = ?2").bind(keep, other),
    db.prepare("DELETE FROM meetings WHERE id = ?1").bind(other),
  ];
}

/**
 * Values for a statement's numbered parameters (`?1`, `?8`...): D1 binds them by position, so the gaps are
 * filled with null. The claim's two values sit at ?8 and ?9 in every statement that reads it.
 */
function numbered(values: Record<number, unknown>): unknown[] {
  const max = Math.max(...Object.keys(values).map(Number));
  return Array.from({ length: max }, (_, i) => values[i + 1] ?? null);
}
