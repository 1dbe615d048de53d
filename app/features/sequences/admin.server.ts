/**
 * The follow-up sequences in the dashboard: the list, a sequence's page (its counts, the editor of its trigger and
 * steps, a step's preview for a real person and a test sent to the signed-in admin through the outbox), and the
 * person page's block (each sequence the person is in, step by step, with stop and restart). Every write adds its
 * audit row in its own batch.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import type { SequenceTrigger } from "~/db/schema";
import { enqueueOutbox } from "~/email/outbox.server";
import { emailContext, renderEmail } from "~/email/render.server";
import { auditStatement, type Actor } from "~/lib/audit.server";
import { loggable } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { personMergeValues, stepEmailPayload, type SequenceStep } from "./merge";
import { sequenceStepEmail, SEQUENCE_STEP_KIND } from "./sequence.emails";
import {
  followUpActionSchema,
  sequencePreviewSchema,
  sequenceSaveSchema,
  sequenceSwitchSchema,
  sequenceTestSchema,
} from "./sequence.schema";
import { SEQUENCES_MESSAGES as M, sequencePath, STOPPED_BY_ADMIN } from "./sequences.messages";

const HOUR_MS = 60 * 60 * 1000;

export interface SequenceListRow {
  id: string;
  name: string;
  trigger: SequenceTrigger;
  enabled: boolean;
  steps: number;
  enrolled: number;
  active: number;
}

/** The list: every sequence with its step count, people enrolled and still running (one statement). */
export async function loadSequenceList(db: D1Database): Promise<SequenceListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.name, s.trigger, s.enabled, json_array_length(s.steps) AS steps,
         (SELECT count(*) FROM sequence_enrolments e WHERE e.sequence_id = s.id) AS enrolled,
         (SELECT count(*) FROM sequence_enrolments e WHERE e.sequence_id = s.id AND e.state = 'active') AS active
       FROM sequences s ORDER BY s.name, s.id`,
    )
    .all<Omit<SequenceListRow, "enabled"> & { enabled: number }>();
  return results.map((r) => ({ ...r, enabled: r.enabled === 1 }));
}

export interface SequenceCounts {
  enrolled: number;
  active: number;
  sent: number;
  /** People who booked a call (any booking the site learned of) after they were enrolled. */
  booked: number;
  exits: { reason: string; count: number }[];
}

export interface StepPreview {
  step: number;
  email: string;
  /** Whose values filled it: a person's email, or null for the signed-in admin's own (no person picked). */
  person: string | null;
  subject: string;
  /** The email's body as rendered for sending (React's escaped markup, never stored text), without its document's head. */
  bodyHtml: string;
  text: string;
}

export interface SequencePageData {
  email: string;
  sequence: { id: string; name: string; trigger: SequenceTrigger; enabled: boolean; steps: SequenceStep[]; updatedAt: number };
  counts: SequenceCounts;
  /** People enrolled lately: the preview's suggestions. */
  enrolledEmails: string[];
  preview: StepPreview | null;
  /** The preview form's values and errors (a GET form: the values stay in the address). */
  previewForm: { step: string; email: string; errors: { step?: string[]; email?: string[] } } | null;
}

type SequenceRow = { id: string; name: string; trigger: SequenceTrigger; enabled: number; steps: string; updated_at: number };

const sequenceSql = "SELECT id, name, trigger, enabled, steps, updated_at FROM sequences WHERE id = ?1";

async function personByEmail(db: D1Database, email: string) {
  return db
    .prepare("SELECT id, email, name, app FROM people WHERE email = lower(trim(?1))")
    .bind(email)
    .first<{ id: string; email: string; name: string | null; app: string | null }>();
}

/** A step as its email: filled for the person (or with the defaults, for the admin), rendered as the consumer renders it. */
async function renderStep(
  env: Env,
  seq: { id: string },
  steps: SequenceStep[],
  index: number,
  recipient: string,
  person: { name: string | null; app: string | null },
) {
  const payload = stepEmailPayload(steps[index]!, personMergeValues(person, env.SITE_URL), `preview:${seq.id}`, index);
  return renderEmail(sequenceStepEmail, payload, await emailContext(env, sequenceStepEmail, recipient));
}

/** A sequence's page in one D1 batch (4 statements), and a step's preview when the address asks for one. */
export async function loadSequencePage(
  env: Env,
  id: string,
  admin: { email: string },
  query: URLSearchParams,
): Promise<SequencePageData | null> {
  const db = env.DB;
  const [seqRows, countRows, exitRows, enrolledRows] = await db.batch([
    db.prepare(sequenceSql).bind(id),
    db
      .prepare(
        `SELECT (SELECT count(*) FROM sequence_enrolments WHERE sequence_id = ?1) AS enrolled,
           (SELECT count(*) FROM sequence_enrolments WHERE sequence_id = ?1 AND state = 'active') AS active,
           (SELECT count(*) FROM sequence_step_records r JOIN sequence_enrolments e ON e.id = r.enrolment_id
             WHERE e.sequence_id = ?1 AND r.outcome = 'sent') AS sent,
           (SELECT count(*) FROM sequence_enrolments e WHERE e.sequence_id = ?1
             AND EXISTS (SELECT 1 FROM meetings m WHERE m.person_id = e.person_id AND m.created_at >= e.enrolled_at)) AS booked`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT coalesce(stopped_reason, 'no reason given') AS reason, count(*) AS count FROM sequence_enrolments
          WHERE sequence_id = ?1 AND state IN ('exited', 'stopped') GROUP BY 1 ORDER BY count DESC, reason`,
      )
      .bind(id),
    db
      .prepare(
        `SELECT p.email FROM sequence_enrolments e JOIN people p ON p.id = e.person_id WHERE e.sequence_id = ?1
          ORDER BY e.enrolled_at DESC LIMIT 20`,
      )
      .bind(id),
  ]);
  const row = seqRows!.results[0] as SequenceRow | undefined;
  if (!row) return null;
  const steps = JSON.parse(row.steps) as SequenceStep[];
  const counts = countRows!.results[0] as Omit<SequenceCounts, "exits">;
  const page: SequencePageData = {
    email: admin.email,
    sequence: { id: row.id, name: row.name, trigger: row.trigger, enabled: row.enabled === 1, steps, updatedAt: row.updated_at },
    counts: { ...counts, exits: exitRows!.results as SequenceCounts["exits"] },
    enrolledEmails: (enrolledRows!.results as { email: string }[]).map((r) => r.email),
    preview: null,
    previewForm: null,
  };
  if (!query.has("step")) return page;

  const typed = { step: query.get("step") ?? "", email: query.get("email") ?? "" };
  const parsed = sequencePreviewSchema.safeParse({ step: typed.step, email: typed.email.trim() || undefined });
  const errors: { step?: string[]; email?: string[] } = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) (errors[issue.path[0] as "step" | "email"] ??= []).push(issue.message);
  } else if (!steps[parsed.data.step]) {
    errors.step = [M.stepNotFound];
  } else {
    const person = parsed.data.email ? await personByEmail(db, parsed.data.email) : null;
    if (parsed.data.email && !person) errors.email = [M.personNotFound];
    else {
      const recipient = person?.email ?? admin.email;
      const rendered = await renderStep(env, row, steps, parsed.data.step, recipient, person ?? { name: null, app: null });
      page.preview = {
        step: parsed.data.step,
        email: recipient,
        person: person?.email ?? null,
        subject: rendered.subject,
        bodyHtml: rendered.html.slice(rendered.html.indexOf(">", rendered.html.indexOf("<body")) + 1, rendered.html.lastIndexOf("</body>")),
        text: rendered.text,
      };
    }
  }
  page.previewForm = { ...typed, errors };
  return page;
}

export type SequenceActionData = { intent: string; result: SubmissionResult<string[]> } | undefined;

const unknownForm = () => new Response("Unknown form", { status: 400 });

/** One of the sequence page's forms (`intent`): save, switch on or off, send a test; done as `actor`. */
export async function sequenceAction(env: Env, id: string, form: FormData, { admin, actor }: { admin: { email: string }; actor: Actor }) {
  const db = env.DB;
  const intent = String(form.get("intent") ?? "");
  const path = sequencePath(id);
  const done = (title: string, to = path) => redirectWithToast(env, to, { type: "success", title });
  const refuse = (result: SubmissionResult<string[]>, status = 400) => data<SequenceActionData>({ intent, result }, { status });
  const exists = (updatedAt?: number) =>
    updatedAt === undefined
      ? sql`EXISTS (SELECT 1 FROM sequences WHERE id = ${id})`
      : sql`EXISTS (SELECT 1 FROM sequences WHERE id = ${id} AND updated_at = ${updatedAt})`;
  const audit = (action: "sequences.update" | "sequences.test", detail: Record<string, unknown>, onlyIf = exists()) =>
    auditStatement(db, { action, actor, resource: "sequences", recordId: id, detail }, onlyIf);

  switch (intent) {
    case "save": {
      const submission = parseWithZod(form, { schema: sequenceSaveSchema });
      // A list change (add, remove, move a step) without JavaScript: the form comes back changed, nothing saved.
      if (submission.status === undefined) return data<SequenceActionData>({ intent, result: submission.reply() });
      if (submission.status !== "success") return refuse(submission.reply());
      const { name, trigger, steps, updatedAt } = submission.value;
      const now = Math.max(Date.now(), updatedAt + 1);
      try {
        const [entry] = await db.batch([
          // The stale-save check, in the write itself: recorded and written only over the version the form was opened on.
          audit("sequences.update", { trigger, steps: steps.length }, exists(updatedAt)),
          db
            .prepare("UPDATE sequences SET name = ?2, trigger = ?3, steps = ?4, updated_at = ?5 WHERE id = ?1 AND updated_at = ?6")
            .bind(id, name, trigger, JSON.stringify(steps), now, updatedAt),
        ]);
        if ((entry!.meta.changes ?? 0) === 0) {
          const still = await db.prepare("SELECT 1 FROM sequences WHERE id = ?1").bind(id).first();
          return refuse(submission.reply({ formErrors: [still ? M.stale : M.notFound] }), still ? 409 : 404);
        }
      } catch (error) {
        console.error(`Sequence ${id}: save failed`, loggable(error));
        return refuse(submission.reply({ formErrors: [M.saveFailed] }), 503);
      }
      return done(M.saved);
    }
    case "turn-on":
    case "turn-off": {
      const submission = parseWithZod(form, { schema: sequenceSwitchSchema });
      if (submission.status !== "success") throw unknownForm();
      const enabled = intent === "turn-on";
      const [entry] = await db.batch([
        audit("sequences.update", { enabled }),
        db
          .prepare("UPDATE sequences SET enabled = ?2, updated_at = max(updated_at + 1, ?3) WHERE id = ?1")
          .bind(id, enabled ? 1 : 0, Date.now()),
      ]);
      if ((entry!.meta.changes ?? 0) === 0) throw new Response(M.notFound, { status: 404 });
      return done(enabled ? M.turnedOn : M.turnedOff);
    }
    case "test": {
      const submission = parseWithZod(form, { schema: sequenceTestSchema });
      if (submission.status !== "success") return refuse(submission.reply());
      const row = await db.prepare(sequenceSql).bind(id).first<SequenceRow>();
      if (!row) throw new Response(M.notFound, { status: 404 });
      const steps = JSON.parse(row.steps) as SequenceStep[];
      const step = steps[submission.value.step];
      if (!step) return refuse(submission.reply({ fieldErrors: { step: [M.stepNotFound] } }));
      const person = submission.value.email ? await personByEmail(db, submission.value.email) : null;
      if (submission.value.email && !person) return refuse(submission.reply({ fieldErrors: { email: [M.personNotFound] } }));
      const payload = stepEmailPayload(
        step,
        personMergeValues(person ?? { name: null, app: null }, env.SITE_URL),
        `test:${id}`,
        submission.value.step,
      );
      payload.subject = `[Test] ${payload.subject}`;
      const outboxId = crypto.randomUUID();
      const now = Date.now();
      await db.batch([
        audit("sequences.test", { step: submission.value.step, outboxId }),
        // The one delivery pipeline: an outbox row to the signed-in admin, queued like any other.
        db
          .prepare(
            `INSERT INTO email_outbox (id, kind, recipient, subject, payload, status, attempts, next_attempt_at, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, 'queued', 0, ?6, ?6)`,
          )
          .bind(outboxId, SEQUENCE_STEP_KIND, admin.email, payload.subject, JSON.stringify(payload), now),
      ]);
      await enqueueOutbox(env, [outboxId]);
      // Back to the same step's preview.
      const query = new URLSearchParams({
        step: String(submission.value.step),
        ...(submission.value.email ? { email: submission.value.email } : {}),
      });
      return done(M.testQueued, `${path}?${query}`);
    }
    default:
      throw unknownForm();
  }
}

// ------------------------------------------------------------------------------------------------ the person page

export type FollowUpStepState = "sent" | "skipped" | "due" | "waiting" | "not sent";

export interface FollowUpStep {
  index: number;
  subject: string;
  state: FollowUpStepState;
  /** When it was sent or skipped, or when it is due. */
  at: number | null;
  reason: string | null;
  /** The sent email's delivery status in the outbox. */
  delivery: string | null;
}

export interface FollowUp {
  enrolmentId: string;
  sequenceId: string;
  sequenceName: string;
  sequenceEnabled: boolean;
  state: "active" | "done" | "exited" | "stopped";
  stoppedReason: string | null;
  enrolledAt: number;
  steps: FollowUpStep[];
}

/** Each sequence the person is in, every step sent, due or skipped and why (one D1 batch, 2 statements). */
export async function loadFollowUps(db: D1Database, personId: string): Promise<FollowUp[]> {
  const [enrolments, records] = await db.batch([
    db
      .prepare(
        `SELECT e.id, e.sequence_id, s.name, s.enabled, s.steps, e.next_step, e.due_at, e.state, e.stopped_reason, e.enrolled_at
           FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id WHERE e.person_id = ?1 ORDER BY e.enrolled_at, e.id`,
      )
      .bind(personId),
    db
      .prepare(
        `SELECT r.enrolment_id, r.step, r.outcome, r.reason, r.at, o.status AS delivery, o.subject
           FROM sequence_step_records r JOIN sequence_enrolments e ON e.id = r.enrolment_id
           LEFT JOIN email_outbox o ON o.id = r.outbox_id WHERE e.person_id = ?1 ORDER BY r.step`,
      )
      .bind(personId),
  ]);
  type Rec = {
    enrolment_id: string;
    step: number;
    outcome: "sent" | "skipped";
    reason: string | null;
    at: number;
    delivery: string | null;
    subject: string | null;
  };
  const byEnrolment = new Map<string, Map<number, Rec>>();
  for (const r of records!.results as Rec[]) {
    const map = byEnrolment.get(r.enrolment_id) ?? new Map<number, Rec>();
    map.set(r.step, r);
    byEnrolment.set(r.enrolment_id, map);
  }
  return (
    enrolments!.results as {
      id: string;
      sequence_id: string;
      name: string;
      enabled: number;
      steps: string;
      next_step: number;
      due_at: number;
      state: FollowUp["state"];
      stopped_reason: string | null;
      enrolled_at: number;
    }[]
  ).map((e) => {
    const steps = JSON.parse(e.steps) as SequenceStep[];
    const recs = byEnrolment.get(e.id) ?? new Map<number, Rec>();
    const count = Math.max(steps.length, ...[...recs.keys()].map((k) => k + 1));
    return {
      enrolmentId: e.id,
      sequenceId: e.sequence_id,
      sequenceName: e.name,
      sequenceEnabled: e.enabled === 1,
      state: e.state,
      stoppedReason: e.stopped_reason,
      enrolledAt: e.enrolled_at,
      steps: Array.from({ length: count }, (_, index): FollowUpStep => {
        const rec = recs.get(index);
        // The subject as sent, else as the step reads now.
        const subject = rec?.subject ?? steps[index]?.subject ?? "(step removed)";
        if (rec) return { index, subject, state: rec.outcome, at: rec.at, reason: rec.reason, delivery: rec.delivery };
        if (e.state === "active" && index === e.next_step)
          return { index, subject, state: "due", at: e.due_at, reason: null, delivery: null };
        if (e.state === "active" && index > e.next_step)
          return { index, subject, state: "waiting", at: null, reason: null, delivery: null };
        return { index, subject, state: "not sent", at: null, reason: null, delivery: null };
      }),
    };
  });
}

export type FollowUpActionData = { intent: "follow-up"; enrolmentId: string; error: string };

/** Whether a person page's form is one of the follow-up block's (the route sends it here, else to the pipeline's). */
export const isFollowUpForm = (form: FormData) => String(form.get("intent") ?? "").startsWith("follow-up-");

/**
 * Stop or restart one of the person's sequences. Stop: a running enrolment ends, "stopped by an admin". Restart: a
 * stopped or ended one runs again from the step where it stopped, due that step's delay from now (its skip record, if
 * it had one, is replaced by what happens next); the exit rules still apply when it comes due.
 */
export async function followUpAction(
  env: Env,
  { personId, personPath, form }: { personId: string; personPath: string; form: FormData },
  actor: Actor,
) {
  const db = env.DB;
  const submission = parseWithZod(form, { schema: followUpActionSchema });
  if (submission.status !== "success") throw unknownForm();
  const { intent, enrolmentId } = submission.value;
  const refuse = (error: string, status: number) => data<FollowUpActionData>({ intent: "follow-up", enrolmentId, error }, { status });
  const enrolment = await db
    .prepare(
      `SELECT e.state, e.next_step, e.stopped_reason, s.steps FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id
        WHERE e.id = ?1 AND e.person_id = ?2`,
    )
    .bind(enrolmentId, personId)
    .first<{ state: string; next_step: number; stopped_reason: string | null; steps: string }>();
  if (!enrolment) return refuse(M.enrolmentNotFound, 404);
  const now = Date.now();
  const entry = (action: "sequences.stop" | "sequences.restart", detail: Record<string, unknown>) =>
    auditStatement(db, { action, actor, resource: "sequence_enrolments", recordId: enrolmentId, detail }, sql`changes() = 1`);

  if (intent === "follow-up-stop") {
    if (enrolment.state !== "active") return refuse(M.notRunning, 409);
    const [update] = await db.batch([
      // Only while it runs (the cron may have just sent its last step): the engine's advance checks the same state.
      db
        .prepare(
          "UPDATE sequence_enrolments SET state = 'stopped', stopped_reason = ?3 WHERE id = ?1 AND person_id = ?2 AND state = 'active'",
        )
        .bind(enrolmentId, personId, STOPPED_BY_ADMIN),
      entry("sequences.stop", { personId, step: enrolment.next_step }),
    ]);
    if ((update!.meta.changes ?? 0) === 0) return refuse(M.notRunning, 409);
    return redirectWithToast(env, personPath, { type: "success", title: M.stopped });
  }

  const steps = JSON.parse(enrolment.steps) as SequenceStep[];
  const step = steps[enrolment.next_step];
  if ((enrolment.state !== "stopped" && enrolment.state !== "exited") || !step) return refuse(M.notStopped, 409);
  const [, update] = await db.batch([
    db
      .prepare(
        `DELETE FROM sequence_step_records WHERE enrolment_id = ?1 AND step >= ?2 AND outcome = 'skipped'
           AND EXISTS (SELECT 1 FROM sequence_enrolments WHERE id = ?1 AND state = ?3)`,
      )
      .bind(enrolmentId, enrolment.next_step, enrolment.state),
    db
      .prepare(
        `UPDATE sequence_enrolments SET state = 'active', stopped_reason = NULL, due_at = ?4
          WHERE id = ?1 AND person_id = ?2 AND state = ?3`,
      )
      .bind(enrolmentId, personId, enrolment.state, now + step.delayHours * HOUR_MS),
    entry("sequences.restart", { personId, step: enrolment.next_step, previousReason: enrolment.stopped_reason }),
  ]);
  if ((update!.meta.changes ?? 0) === 0) return refuse(M.notStopped, 409);
  return redirectWithToast(env, personPath, { type: "success", title: M.restarted });
}
