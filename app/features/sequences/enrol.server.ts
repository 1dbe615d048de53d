/**
 * Enrolment in the follow-up sequences, always inside the batch of what triggers it:
 * - a form (the one store-and-notify procedure): the submitter's person joins every enabled sequence of the form's
 *   trigger, only when the form's privacy notice names follow-up emails (FOLLOW_UP_FORMS);
 * - a cancelled call (the scheduler's event batch): the meeting's person joins the enabled `call-cancelled`
 *   sequences, only when they once gave their address on one of those forms (the scheduler's own page names no
 *   follow-up emails, so an address that came only from the scheduler is never enrolled).
 * Never an address that left the follow-up emails or was erased (a keyed hash of it stays: `blockedAddressStatement`),
 * and once per person and sequence.
 */
import type { SequenceTrigger } from "~/db/schema";
import { FOLLOW_UP_FORMS } from "~/features/privacy";
import { macsFor, signFor } from "~/lib/keys.server";
import type { PersonForm } from "~/lib/people";

const TRIGGER_OF_FORM: Partial<Record<PersonForm, SequenceTrigger>> = {
  onboarding: "onboarding",
  "lead-magnet": "lead-magnet",
  landing: "lead-magnet",
  checklist: "lead-magnet",
  premium: "premium",
};

export const HOUR_MS = 60 * 60 * 1000;

/** Why an address is never enrolled again. */
export type BlockReason = "unsubscribed" | "erased";

const normalised = (email: string) => email.trim().toLowerCase();

/**
 * Every keyed hash an address may be blocked under: HMAC-SHA256 under the `follow-up-block` purpose key of the
 * current root and of each earlier root kept for it (ADR 0017), hex. One per root, so a rotation keeps the blocks.
 */
export async function blockHashes(env: Env, emails: readonly string[]): Promise<string[]> {
  const unique = [...new Set(emails.map(normalised))];
  const macs = await Promise.all(unique.map((email) => macsFor(env, "follow-up-block", email, "hex")));
  return [...new Set(macs.flat())];
}

/**
 * The statement that blocks an address from every later enrolment, for the batch of the unsubscribe or the
 * erasure: its keyed hash (not the address, which the erasure removes; see ADR 0024 and personal-data.server.ts).
 * Written once (the first reason stays).
 */
export async function blockedAddressStatement(env: Env, email: string, reason: BlockReason, at: number): Promise<D1PreparedStatement> {
  const hash = await signFor(env, "follow-up-block", normalised(email), "hex");
  return env.DB.prepare("INSERT INTO sequence_address_blocks (hash, reason, created_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING").bind(
    hash,
    reason,
    at,
  );
}

/**
 * The one enrolment statement. Parameters: ?1 the id key, ?2 the time, ?3 the trigger, ?4 the address's block
 * hashes (JSON); `person` is SQL giving the person's id and `condition` a further condition on `p`, both with their
 * parameters from ?5 on (`binds`).
 */
function enrolInto(
  d1: D1Database,
  trigger: SequenceTrigger,
  at: number,
  key: string,
  blocked: readonly string[],
  person: string,
  condition: string,
  binds: unknown[],
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO sequence_enrolments (id, sequence_id, person_id, next_step, due_at, state, enrolled_at)
       SELECT ?1 || ':' || s.id, s.id, p.id, 0, ?2 + CAST(json_extract(s.steps, '$[0].delayHours') AS INTEGER) * ${HOUR_MS}, 'active', ?2
       FROM sequences s JOIN people p ON p.id = (${person})
       WHERE s.enabled = 1 AND s.trigger = ?3 AND json_array_length(s.steps) > 0
         AND NOT EXISTS (SELECT 1 FROM sequence_unsubscribes u WHERE u.email = p.email)
         AND NOT EXISTS (SELECT 1 FROM sequence_address_blocks b WHERE b.hash IN (SELECT value FROM json_each(?4)))
         AND ${condition}
       ON CONFLICT (sequence_id, person_id) DO NOTHING`,
    )
    .bind(key, at, trigger, JSON.stringify(blocked), ...binds);
}

/**
 * The enrolment statement for a form's batch (after the person's upsert), or none for a form that enrols nobody.
 * `guard` (an outbox id, as the person link's): written only if that row was written in this batch. The ids are made
 * from `key` (once per write), so a retried batch enrols once.
 */
export async function enrolmentStatement(
  env: Env,
  form: PersonForm,
  email: string,
  at: number,
  guard: string | null,
  key: string,
): Promise<D1PreparedStatement | null> {
  const trigger = TRIGGER_OF_FORM[form];
  if (!trigger || !(FOLLOW_UP_FORMS as readonly string[]).includes(form)) return null;
  return enrolInto(
    env.DB,
    trigger,
    at,
    key,
    await blockHashes(env, [email]),
    "SELECT id FROM people WHERE email = lower(trim(?5))",
    "(?6 IS NULL OR EXISTS (SELECT 1 FROM email_outbox WHERE id = ?6))",
    [email, guard],
  );
}

/** The forms whose notice names follow-up emails, as an SQL list (constants, never user input). */
const FOLLOW_UP_FORMS_SQL = FOLLOW_UP_FORMS.map((form) => `'${form}'`).join(", ");

/**
 * The enrolment statement for a cancelled call, in the scheduler event's batch: `personSql` gives the meeting's
 * person (reading the event's claim, so it runs once per event), with its parameters `binds` numbered from ?5 on.
 * Consent: the person gave their address on a form whose notice names follow-up emails. `emails`: the addresses the
 * person may have (the invitee's, and the referenced person's), for the block check.
 */
export async function cancelledCallEnrolmentStatement(
  env: Env,
  emails: readonly string[],
  at: number,
  key: string,
  personSql: string,
  binds: unknown[],
): Promise<D1PreparedStatement> {
  return enrolInto(
    env.DB,
    "call-cancelled",
    at,
    key,
    await blockHashes(env, emails),
    personSql,
    `EXISTS (SELECT 1 FROM person_submissions ps WHERE ps.person_id = p.id AND ps.form IN (${FOLLOW_UP_FORMS_SQL}))`,
    binds,
  );
}
