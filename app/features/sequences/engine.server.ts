/**
 * The follow-up engine, run by the cron (server.ts lists it): each run takes the due steps of enabled sequences,
 * a bounded batch, checks every person's exit rules at send time (`marketingBlocks`), and writes everything in ONE
 * D1 batch. Per step, each write is guarded by the enrolment's conditional advance (`WHERE next_step = ? AND due_at = ?`):
 * the step's record (unique per enrolment and step) is written only if this advance changed the row, and the outbox
 * row only if the step's record names this run's outbox id. Two runs at once, or a batch retried after a lost answer,
 * write one record and one email per step; the email is queued when the record names it (the sweeper re-queues any
 * row left behind).
 */
import { enqueueOutbox } from "~/email/outbox.server";
import { withD1Retry } from "~/lib/d1-retry.server";
import { HOUR_MS } from "./enrol.server";
import { personMergeValues, stepEmailPayload } from "./merge";
import { SEQUENCE_STEP_KIND } from "./sequence.emails";

/** Steps per run: 4 statements each in the run's one batch (see docs/speed.md). */
export const SEQUENCE_BATCH = 100;
/** Follow-up emails per address per 24 hours; a step over it is sent on a later run. */
export const SEQUENCE_DAILY_CAP = 1;
/** How long a capped step waits before it is tried again. */
const CAP_RETRY_MS = HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

export type ExitReason = "call booked" | "contacted or later" | "lost" | "unsubscribed" | "erased";
type Block = ExitReason | "daily cap" | null;

interface DueStep {
  id: string;
  person_id: string;
  next_step: number;
  due_at: number;
  steps: string;
  email: string | null;
  name: string | null;
  app: string | null;
}

/**
 * The send-time check, the one place that says whether a person may get a follow-up email now (add a suppression
 * list here): an exit reason, "daily cap" (try later), or null. One query for all the people of a run.
 */
export async function marketingBlocks(d1: D1Database, personIds: string[], at: number): Promise<Map<string, Block>> {
  const { results } = await d1
    .prepare(
      `SELECT j.value AS id, p.id IS NULL AS erased, p.status,
         EXISTS (SELECT 1 FROM meetings m WHERE m.person_id = j.value AND m.status <> 'cancelled') AS booked,
         EXISTS (SELECT 1 FROM sequence_unsubscribes u WHERE u.email = p.email) AS unsubscribed,
         (SELECT count(*) FROM sequence_step_records r JOIN sequence_enrolments e ON e.id = r.enrolment_id
           WHERE e.person_id = j.value AND r.outcome = 'sent' AND r.at > ?2) AS sent_today
       FROM json_each(?1) j LEFT JOIN people p ON p.id = j.value`,
    )
    .bind(JSON.stringify([...new Set(personIds)]), at - DAY_MS)
    .all<{ id: string; erased: number; status: string | null; booked: number; unsubscribed: number; sent_today: number }>();
  return new Map(
    results.map((r) => {
      const block: Block = r.erased
        ? "erased"
        : r.unsubscribed
          ? "unsubscribed"
          : r.booked
            ? "call booked"
            : r.status === "lost"
              ? "lost"
              : r.status !== "new"
                ? "contacted or later"
                : r.sent_today >= SEQUENCE_DAILY_CAP
                  ? "daily cap"
                  : null;
      return [r.id, block];
    }),
  );
}

export interface SequenceRun {
  sent: number;
  skipped: number;
  deferred: number;
}

/** One run of the engine at `at` (the cron's scheduled time). */
export async function runSequences(env: Env, at: number, limit = SEQUENCE_BATCH): Promise<SequenceRun> {
  const d1 = env.DB;
  const { results: due } = await d1
    .prepare(
      `SELECT e.id, e.person_id, e.next_step, e.due_at, s.steps, p.email, p.name, p.app
       FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id LEFT JOIN people p ON p.id = e.person_id
       WHERE e.state = 'active' AND e.due_at <= ?1 AND s.enabled = 1 ORDER BY e.due_at LIMIT ?2`,
    )
    .bind(at, limit)
    .all<DueStep>();
  const run: SequenceRun = { sent: 0, skipped: 0, deferred: 0 };
  if (due.length === 0) return run;
  const blocks = await marketingBlocks(
    d1,
    due.map((d) => d.person_id),
    at,
  );
  const sentTo = new Set<string>();
  const statements: D1PreparedStatement[] = [];
  const checks: { index: number; outboxId: string }[] = [];
  const guard = "WHERE id = ?1 AND next_step = ?2 AND due_at = ?3 AND state = 'active'";
  for (const d of due) {
    const steps = JSON.parse(d.steps) as { subject: string; body: string; delayHours: number }[];
    const step = steps[d.next_step];
    let block = blocks.has(d.person_id) ? blocks.get(d.person_id)! : "erased";
    if (block === null && sentTo.has(d.person_id)) block = "daily cap";
    if (block === "daily cap") {
      statements.push(
        d1.prepare(`UPDATE sequence_enrolments SET due_at = ?4 ${guard}`).bind(d.id, d.next_step, d.due_at, at + CAP_RETRY_MS),
      );
      run.deferred++;
      continue;
    }
    if (block !== null || !step || !d.email) {
      const reason = block ?? (d.email ? "no such step" : "erased");
      statements.push(
        d1
          .prepare(`UPDATE sequence_enrolments SET state = 'exited', stopped_reason = ?4 ${guard}`)
          .bind(d.id, d.next_step, d.due_at, reason),
        d1
          .prepare(
            `INSERT INTO sequence_step_records (enrolment_id, step, outcome, reason, outbox_id, at)
             SELECT ?1, ?2, 'skipped', ?3, NULL, ?4 WHERE changes() = 1 ON CONFLICT DO NOTHING`,
          )
          .bind(d.id, d.next_step, reason, at),
      );
      run.skipped++;
      continue;
    }
    sentTo.add(d.person_id);
    const outboxId = crypto.randomUUID();
    const following = steps[d.next_step + 1];
    const payload = stepEmailPayload(step, personMergeValues(d, env.SITE_URL), d.id, d.next_step);
    statements.push(
      d1
        .prepare(`UPDATE sequence_enrolments SET next_step = ?2 + 1, due_at = ?4, state = ?5 ${guard}`)
        .bind(d.id, d.next_step, d.due_at, following ? at + following.delayHours * HOUR_MS : d.due_at, following ? "active" : "done"),
      d1
        .prepare(
          `INSERT INTO sequence_step_records (enrolment_id, step, outcome, reason, outbox_id, at)
           SELECT ?1, ?2, 'sent', NULL, ?3, ?4 WHERE changes() = 1 ON CONFLICT DO NOTHING`,
        )
        .bind(d.id, d.next_step, outboxId, at),
      d1
        .prepare(
          `INSERT INTO email_outbox (id, kind, recipient, subject, payload, status, attempts, next_attempt_at, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, 'queued', 0, ?6, ?6
           WHERE EXISTS (SELECT 1 FROM sequence_step_records WHERE enrolment_id = ?7 AND step = ?8 AND outbox_id = ?1)
           ON CONFLICT DO NOTHING`,
        )
        .bind(outboxId, SEQUENCE_STEP_KIND, d.email, payload.subject, JSON.stringify(payload), at, d.id, d.next_step),
      d1
        .prepare("SELECT outbox_id FROM sequence_step_records WHERE enrolment_id = ?1 AND step = ?2 AND outbox_id = ?3")
        .bind(d.id, d.next_step, outboxId),
    );
    checks.push({ index: statements.length - 1, outboxId });
  }
  const results = await withD1Retry("follow-up steps", () => d1.batch(statements));
  const ours = checks.filter((c) => (results[c.index]?.results.length ?? 0) > 0).map((c) => c.outboxId);
  run.sent = ours.length;
  await enqueueOutbox(env, ours);
  return run;
}
