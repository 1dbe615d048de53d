// A running follow-up sequence (ADR 0024), so a fresh `npm start` shows one: the shipped onboarding sequence
// ("After onboarding, no call booked", migration 0029) switched on, with the demo founders who finished onboarding
// (scripts/seed-people.mjs) enrolled as the onboarding form enrols them (its notice names follow-up emails):
// - Maya Chen: the first reminder sent a day after her onboarding (its email in the outbox), the second due later;
// - Noor Haddad: she booked a call (scripts/seed-meetings.mjs) before the reminder was due: skipped, "call booked";
// - Elif Demir: finished onboarding 10 hours ago, the first reminder due in 14 hours.
// Ids are fixed (INSERT OR IGNORE); seeding again changes nothing.

const HOUR = 3_600_000;
const SEQUENCE = "onboarding-no-booking";
/** The shipped steps' delays (migration 0029): 24 h after enrolment, then 72 h. */
const DELAYS = [24, 72];

const enrolments = [
  { person: 0, email: "maya@loopcart.example", name: "Maya", app: "Loopcart Upsell", enrolledAgo: 50 * HOUR, step: { outcome: "sent" } },
  { person: 8, email: "noor@stitchly.example", enrolledAgo: 30 * HOUR, step: { outcome: "skipped", reason: "call booked" } },
  { person: 9, email: "elif@wrapkit.example", enrolledAgo: 10 * HOUR },
];

/** The SQL of the demo sequence; `q` quotes a value, `siteUrl` the booking link's site. */
export function seedSequences(q, now = Date.now(), siteUrl = "http://localhost:8787") {
  return [
    `UPDATE sequences SET enabled = 1, updated_at = ${now} WHERE id = ${q(SEQUENCE)} AND enabled = 0;`,
    ...enrolments.flatMap((e) => {
      const id = `seed-enrolment-${e.person}`;
      const personId = `seed-person-${e.person}`;
      const enrolled = now - e.enrolledAgo;
      const firstDue = enrolled + DELAYS[0] * HOUR;
      const done = e.step !== undefined;
      const state = !done ? "active" : e.step.outcome === "sent" ? "active" : "exited";
      const nextStep = done && e.step.outcome === "sent" ? 1 : 0;
      const dueAt = done && e.step.outcome === "sent" ? firstDue + DELAYS[1] * HOUR : firstDue;
      const outboxId = `seed-sequence-email-${e.person}`;
      const statements = [
        `INSERT OR IGNORE INTO sequence_enrolments (id, sequence_id, person_id, next_step, due_at, state, stopped_reason, enrolled_at) VALUES (${q(id)}, ${q(SEQUENCE)}, ${q(personId)}, ${nextStep}, ${dueAt}, ${q(state)}, ${q(state === "exited" ? e.step.reason : null)}, ${enrolled});`,
      ];
      if (done)
        statements.push(
          `INSERT OR IGNORE INTO sequence_step_records (enrolment_id, step, outcome, reason, outbox_id, at) VALUES (${q(id)}, 0, ${q(e.step.outcome)}, ${q(e.step.reason)}, ${q(e.step.outcome === "sent" ? outboxId : null)}, ${firstDue});`,
        );
      if (done && e.step.outcome === "sent") {
        const subject = "Your free strategy call is waiting";
        const body = `Hi ${e.name},\n\nThanks for telling us about **${e.app}**. Your sample leads are on their way. The fastest way to get more is a free 30-minute strategy call: [pick a time](${siteUrl}/call-booking).\n\nNot interested? [Unsubscribe]({unsubscribe_link}).`;
        const payload = JSON.stringify({ subject, body, enrolmentId: id, step: 0 });
        statements.push(
          `INSERT OR IGNORE INTO email_outbox (id, kind, recipient, subject, payload, status, attempts, next_attempt_at, sent_at, created_at) VALUES (${q(outboxId)}, 'sequence-step', ${q(e.email)}, ${q(subject)}, ${q(payload)}, 'sent', 1, ${firstDue}, ${firstDue + 2000}, ${firstDue});`,
        );
      }
      return statements;
    }),
  ];
}
