/**
 * Enrolment in the follow-up sequences, in a form's own batch (the one store-and-notify procedure): the submitter's
 * person joins every enabled sequence of the form's trigger, only when the form's privacy notice names follow-up
 * emails (FOLLOW_UP_FORMS), never when the address left the follow-up emails, and once per person and sequence.
 */
import type { SequenceTrigger } from "~/db/schema";
import { FOLLOW_UP_FORMS } from "~/features/privacy";
import type { PersonForm } from "~/lib/people";

const TRIGGER_OF_FORM: Partial<Record<PersonForm, SequenceTrigger>> = {
  onboarding: "onboarding",
  "lead-magnet": "lead-magnet",
  landing: "lead-magnet",
  checklist: "lead-magnet",
  premium: "premium",
};

export const HOUR_MS = 60 * 60 * 1000;

/**
 * The enrolment statement for a form's batch (after the person's upsert), or none for a form that enrols nobody.
 * `guard` (an outbox id, as the person link's): written only if that row was written in this batch. The ids are made
 * from `key` (once per write), so a retried batch enrols once.
 */
export function enrolmentStatement(
  d1: D1Database,
  form: PersonForm,
  email: string,
  at: number,
  guard: string | null,
  key: string,
): D1PreparedStatement | null {
  const trigger = TRIGGER_OF_FORM[form];
  if (!trigger || !(FOLLOW_UP_FORMS as readonly string[]).includes(form)) return null;
  return d1
    .prepare(
      `INSERT INTO sequence_enrolments (id, sequence_id, person_id, next_step, due_at, state, enrolled_at)
       SELECT ?1 || ':' || s.id, s.id, p.id, 0, ?3 + CAST(json_extract(s.steps, '$[0].delayHours') AS INTEGER) * ${HOUR_MS}, 'active', ?3
       FROM sequences s JOIN people p ON p.email = lower(trim(?2))
       WHERE s.enabled = 1 AND s.trigger = ?4 AND json_array_length(s.steps) > 0
         AND NOT EXISTS (SELECT 1 FROM sequence_unsubscribes u WHERE u.email = p.email)
         AND (?5 IS NULL OR EXISTS (SELECT 1 FROM email_outbox WHERE id = ?5))
       ON CONFLICT (sequence_id, person_id) DO NOTHING`,
    )
    .bind(key, email, at, trigger, guard);
}
