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
import type { SequenceTrigger } from "~/db/schema";
import { suppressedAmong, suppressedAmongStatement } from "~/features/broadcasts/index.server";

/** Steps per run: 4 statements each in the run's one batch (see docs/speed.md). */
export const SEQUENCE_BATCH = 100;
/** Follow-up emails per address per 24 hours; a step over it is sent on a later run. */
export const SEQUENCE_DAILY_CAP = 1;
/** How long a capped step waits before it is tried again. */
const CAP_RETRY_MS = HOUR_MS;
const DAY_MS = 24 * HOUR_MS;

export type ExitReason = "call booked" | "contacted or later" | "lost" | "unsubscribed" | "erased" | "suppressed";
export type Block = ExitReason | "daily cap" | null;

interface DueStep {
  id: string;
  person_id: string;
  next_step: number;
  due_at: number;
  steps: string;
  trigger: SequenceTrigger;
  email: string | null;
  name: string | null;
  app: string | null;
}

/** What the send-time check knows of a person (`marketingBlocks`); `blockFor` turns it into a step's block. */
export interface Standing {
  erased: boolean;
  unsubscribed: boolean;
  /** On the broadcasts' suppression list (a hard bounce or a complaint): no marketing email goes to the address. */
  suppressed: boolean;
  booked: boolean;
  status: string | null;
  sentToday: number;
}

/**
 * The statuses a sequence's people may have and still get its emails. A booking makes a New person Contacted, so
 * the people of a cancelled call are Contacted already: that sequence stops at Qualified or later (or Lost).
 */
const OPEN_STATUSES: Record<SequenceTrigger, readonly string[]> = {
  onboarding: ["new"],
  "lead-magnet": ["new"],
  premium: ["new"],
  "call-cancelled": ["new", "contacted"],
};

const ERASED: Standing = { erased: true, unsubscribed: false, suppressed: false, booked: false, status: null, sentToday: 0 };

/** A step's block for a person in a sequence of this trigger: an exit reason, "daily cap" (try later), or null. */
export function blockFor(standing: Standing | undefined, trigger: SequenceTrigger): Block {
  const s = standing ?? ERASED;
  if (s.erased) return "erased";
  if (s.unsubscribed) return "unsubscribed";
  if (s.suppressed) return "suppressed";
  if (s.booked) return "call booked";
  if (s.status === "lost") return "lost";
  if (!OPEN_STATUSES[trigger].includes(s.status ?? "")) return "contacted or later";
  return s.sentToday >= SEQUENCE_DAILY_CAP ? "daily cap" : null;
}

/**
 * The send-time check, the one place that says whether a person may get a follow-up email now: erased,
 * unsubscribed, suppressed (the broadcasts' suppression list, through its batch form), a call booked, the status,
 * the daily cap. One D1 round trip for all the people of a run (two reads side by side).
 */
export async function marketingBlocks(
  d1: D1Database,
  people: readonly { id: string; email: string | null }[],
  at: number,
): Promise<Map<string, Standing>> {
  // Side by side (not a batch: a read needs no transaction, and the run's one batch is its write).
  const [standing, suppressed] = await Promise.all([
    d1
      .prepare(
        `SELECT j.value AS id, p.id IS NULL AS erased, p.status,
         EXISTS (SELECT 1 FROM meetings m WHERE m.person_id = j.value AND m.status <> 'cancelled') AS booked,
         EXISTS (SELECT 1 FROM sequence_unsubscribes u WHERE u.email = p.email) AS unsubscribed,
         (SELECT count(*) FROM sequence_step_records r JOIN sequence_enrolments e ON e.id = r.enrolment_id
           WHERE e.person_id = j.value AND r.outcome = 'sent' AND r.at > ?2) AS sent_today
       FROM json_each(?1) j LEFT JOIN people p ON p.id = j.value`,
      )
      .bind(JSON.stringify([...new Set(people.map((p) => p.id))]), at - DAY_MS)
      .all(),
    suppressedAmongStatement(
      d1,
      people.flatMap((p) => (p.email ? [p.email] : [])),
    ).all(),
  ]);
  const suppressedEmails = suppressedAmong(suppressed);
  const emailOf = new Map(people.map((p) => [p.id, p.email?.trim().toLowerCase() ?? null]));
  type Row = { id: string; erased: number; status: string | null; booked: number; unsubscribed: number; sent_today: number };
  return new Map(
    (standing.results as Row[]).map((r) => {
      const email = emailOf.get(r.id);
      return [
        r.id,
        {
          erased: r.erased === 1,
          unsubscribed: r.unsubscribed === 1,
          suppressed: email ? suppressedEmails.has(email) : false,
          booked: r.booked === 1,
          status: r.status,
          sentToday: r.sent_today,
        },
      ];
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
      `SELECT e.id, e.person_id, e.next_step, e.due_at, s.steps, s.trigger, p.email, p.name, p.app
       FROM sequence_enrolments e JOIN sequences s ON s.id = e.sequence_id LEFT JOIN people p ON p.id = e.person_id
       WHERE e.state = 'active' AND e.due_at <= ?1 AND s.enabled = 1 ORDER BY e.due_at LIMIT ?2`,
    )
    .bind(at, limit)
    .all<DueStep>();
  const run: SequenceRun = { sent: 0, skipped: 0, deferred: 0 };
  if (due.length === 0) return run;
  const standings = await marketingBlocks(
    d1,
    due.map((d) => ({ id: d.person_id, email: d.email })),
    at,
  );
  const sentTo = new Set<string>();
  const statements: D1PreparedStatement[] = [];
  const checks: { index: number; outboxId: string }[] = [];
  const guard = "WHERE id = ?1 AND next_step = ?2 AND due_at = ?3 AND state = 'active'";
  for (const d of due) {
    const steps = JSON.parse(d.steps) as { subject: string; body: string; delayHours: number }[];
    const step = steps[d.next_step];
    let block = blockFor(standings.get(d.person_id), d.trigger);
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
