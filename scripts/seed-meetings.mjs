// Demo calls booked on the scheduler (ADR 0024), on the demo people (scripts/seed-people.mjs): one today, one later
// this week, one held last week and one cancelled, each with its timeline entry, so a fresh `npm start` shows the
// dashboard's calls and a person's timeline with a meeting. Ids are fixed (INSERT OR IGNORE).
// As the webhook does (app/features/meetings/meetings.server.ts), a booked or moved call sets the person's due date to a
// day after the call ("send the follow-up") and a cancellation to a day after it arrived; a held call was dealt with.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** FOLLOW_UP_AFTER_CALL_MS and DUE_AFTER_CANCELLATION_MS (app/features/meetings/meetings.server.ts). */
const FOLLOW_UP_AFTER = DAY;

const calls = [
  // Sam Okafor (Contacted): a call in two hours.
  { person: 3, name: "Sam Okafor", status: "booked", in: 2 * HOUR, bookedAgo: 2 * DAY },
  // Lena Fischer (Qualified): a call in two days, moved once.
  { person: 4, name: "Lena Fischer", status: "rescheduled", in: 2 * DAY, bookedAgo: 3 * DAY },
  // Jon Park (Customer): the call that won him, held last week.
  { person: 5, name: "Jon Park", status: "held", in: -7 * DAY, bookedAgo: 9 * DAY },
  // Aiko Tanaka (Lost): booked, then cancelled 20 hours ago.
  { person: 6, name: "Aiko Tanaka", status: "cancelled", in: 4 * DAY, bookedAgo: 5 * DAY, cancelledAgo: 20 * HOUR },
  // Noor Haddad (Contacted): booked after onboarding, so her onboarding reminder was skipped (scripts/seed-sequences.mjs).
  { person: 8, name: "Noor Haddad", status: "booked", in: 3 * DAY, bookedAgo: 20 * HOUR },
];

/** The SQL of the demo meetings; `q` quotes a value. */
export function seedMeetings(q, now = Date.now()) {
  return calls.flatMap((c, i) => {
    const personId = `seed-person-${c.person}`;
    const start = now + c.in;
    const booked = now - c.bookedAgo;
    const cancelled = c.cancelledAgo === undefined ? null : now - c.cancelledAgo;
    const due =
      c.status === "booked" || c.status === "rescheduled"
        ? { at: start + HOUR / 2 + FOLLOW_UP_AFTER, set: booked, detail: "send the follow-up" }
        : cancelled !== null
          ? { at: cancelled + FOLLOW_UP_AFTER, set: cancelled, detail: "call cancelled: get back in touch" }
          : null;
    const answers = JSON.stringify([
      { question: "What should we talk about?", answer: "Our ideal customer profile and the first 50 merchants." },
    ]);
    return [
      `INSERT OR IGNORE INTO meetings (id, provider, booking_id, current_booking_id, person_id, status, start_at, end_at, invitee_name, invitee_email, answers, version, created_at, updated_at) SELECT ${q(`seed-meeting-${i}`)}, 'cal-com', ${q(`seed-booking-${i}`)}, ${q(`seed-booking-${i}`)}, id, ${q(c.status)}, ${start}, ${start + HOUR / 2}, ${q(c.name)}, email, ${q(answers)}, ${cancelled ?? booked}, ${booked}, ${cancelled ?? booked} FROM people WHERE id = ${q(personId)};`,
      `INSERT OR IGNORE INTO person_events (id, person_id, kind, from_value, to_value, detail, actor, created_at) VALUES (${q(`seed-meeting-event-${i}`)}, ${q(personId)}, 'meeting', ${q(String(start))}, ${q(c.status)}, NULL, 'Cal.com', ${cancelled ?? booked});`,
      ...(due
        ? [
            `INSERT OR IGNORE INTO person_events (id, person_id, kind, from_value, to_value, detail, actor, created_at) SELECT ${q(`seed-meeting-due-${i}`)}, id, 'due', CAST(due_at AS TEXT), ${q(String(due.at))}, ${q(due.detail)}, 'Cal.com', ${due.set} FROM people WHERE id = ${q(personId)} AND due_at IS NULL;`,
            `UPDATE people SET due_at = ${due.at} WHERE id = ${q(personId)} AND due_at IS NULL;`,
          ]
        : []),
    ];
  });
}
