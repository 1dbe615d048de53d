// Demo calls booked on the scheduler (ADR 0024), on the demo people (scripts/seed-people.mjs): one today, one later
// this week, one held last week and one cancelled, each with its timeline entry, so a fresh `npm start` shows the
// dashboard's calls and a person's timeline with a meeting. Ids are fixed (INSERT OR IGNORE).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const calls = [
  // Sam Okafor (Contacted): a call in two hours.
  { person: 3, name: "Sam Okafor", status: "booked", in: 2 * HOUR, bookedAgo: 2 * DAY },
  // Lena Fischer (Qualified): a call in two days, moved once.
  { person: 4, name: "Lena Fischer", status: "rescheduled", in: 2 * DAY, bookedAgo: 3 * DAY },
  // Jon Park (Customer): the call that won him, held last week.
  { person: 5, name: "Jon Park", status: "held", in: -7 * DAY, bookedAgo: 9 * DAY },
  // Aiko Tanaka (Lost): booked, then cancelled.
  { person: 6, name: "Aiko Tanaka", status: "cancelled", in: 4 * DAY, bookedAgo: 5 * DAY },
];

/** The SQL of the demo meetings; `q` quotes a value. */
export function seedMeetings(q, now = Date.now()) {
  return calls.flatMap((c, i) => {
    const personId = `seed-person-${c.person}`;
    const start = now + c.in;
    const booked = now - c.bookedAgo;
    const answers = JSON.stringify([
      { question: "What should we talk about?", answer: "Our ideal customer profile and the first 50 merchants." },
    ]);
    return [
      `INSERT OR IGNORE INTO meetings (id, provider, booking_id, current_booking_id, person_id, status, start_at, end_at, invitee_name, invitee_email, answers, version, created_at, updated_at) SELECT ${q(`seed-meeting-${i}`)}, 'cal-com', ${q(`seed-booking-${i}`)}, ${q(`seed-booking-${i}`)}, id, ${q(c.status)}, ${start}, ${start + HOUR / 2}, ${q(c.name)}, email, ${q(answers)}, ${booked}, ${booked}, ${booked} FROM people WHERE id = ${q(personId)};`,
      `INSERT OR IGNORE INTO person_events (id, person_id, kind, from_value, to_value, detail, actor, created_at) VALUES (${q(`seed-meeting-event-${i}`)}, ${q(personId)}, 'meeting', ${q(String(start))}, ${q(c.status)}, NULL, 'Cal.com', ${booked});`,
    ];
  });
}
