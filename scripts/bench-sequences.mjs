#!/usr/bin/env node
// Benchmark of the follow-up engine (ADR 0024), on a fresh local D1 of its own:
// - 30,000 people enrolled in the onboarding sequence (switched on), 10,000 of them with their first step due at once
//   (one in ten of those booked a call: their step is skipped, "call booked"), the others due days later;
// - the cron fired (Miniflare's scheduled handler) until no step is due: how many runs drain them;
// - the D1 statements per step, counted from what each run did (the due read, the exit rules' two reads side by side,
//   then the one batch: 4 statements per sent step, 2 per skipped one, 1 per deferred one);
// - the CPU of each run in the app's workerd, from /proc: the run itself (until the scheduled request answers, every
//   cron job included), and with the delivery of its emails by the queue consumer (until the process is idle again).
//   Goal: well under the paid plan's 30 s of CPU per invocation (and, for a margin, under the free plan's 10 ms per
//   request is not the bar: the cron's limit is the invocation's).
// The worker runs in Miniflare (bench-lib's miniflareSite): the bench reads the counts through it while the worker runs.
//
// Usage: npm run build && node scripts/bench-sequences.mjs [--people 30000] [--due 10000] [--port 8838]
import { arg, cpuOf, freshDatabase, median, miniflareSite, pause, requireBuild } from "./bench-lib.mjs";

const PEOPLE = arg("people", 30_000);
const DUE = arg("due", 10_000);
const PORT = arg("port", 8838);
const STATE = ".tmp/bench-sequences-state";
const HOUR = 3_600_000;
const SEQUENCE = "onboarding-no-booking";
requireBuild();

function inserts(head, values, rows = 200) {
  const out = [];
  for (let i = 0; i < values.length; i += rows) out.push(`${head} VALUES ${values.slice(i, i + rows).join(",\n")};`);
  return out;
}

function seedSql() {
  const now = Date.now();
  const people = [];
  const enrolments = [];
  const meetings = [];
  for (let i = 0; i < PEOPLE; i++) {
    const id = `bench-person-${i}`;
    people.push(
      `('${id}', 'founder-${i}@bench.example', 'Founder ${i}', 'App ${i}', 'new', 'onboarding', 'onboarding', ${now - 2 * 24 * HOUR}, ${now - 2 * 24 * HOUR}, ${now})`,
    );
    const due = i < DUE ? now - 1000 - (i % 3600) * 1000 : now + (2 + (i % 20)) * 24 * HOUR;
    enrolments.push(`('bench-enrolment-${i}', '${SEQUENCE}', '${id}', 0, ${due}, 'active', ${due - 24 * HOUR})`);
    if (i < DUE && i % 10 === 0)
      meetings.push(
        `('bench-meeting-${i}', 'cal-com', 'bench-booking-${i}', 'bench-booking-${i}', '${id}', 'booked', ${now + 48 * HOUR}, ${now + 48 * HOUR + HOUR / 2}, 'Founder ${i}', 'founder-${i}@bench.example', '[]', ${now}, ${now}, ${now})`,
      );
  }
  return [
    `UPDATE sequences SET enabled = 1 WHERE id = '${SEQUENCE}';`,
    ...inserts("INSERT INTO people (id, email, name, app, status, first_form, last_form, created_at, last_seen_at, updated_at)", people),
    ...inserts("INSERT INTO sequence_enrolments (id, sequence_id, person_id, next_step, due_at, state, enrolled_at)", enrolments),
    ...inserts(
      "INSERT INTO meetings (id, provider, booking_id, current_booking_id, person_id, status, start_at, end_at, invitee_name, invitee_email, answers, version, created_at, updated_at)",
      meetings,
    ),
  ].join("\n");
}

const counts = (db) =>
  db
    .prepare(
      `SELECT (SELECT count(*) FROM sequence_enrolments WHERE state = 'active' AND due_at <= ?1) AS due,
              (SELECT count(*) FROM sequence_step_records WHERE outcome = 'sent') AS sent,
              (SELECT count(*) FROM sequence_step_records WHERE outcome = 'skipped') AS skipped,
              (SELECT count(*) FROM email_outbox WHERE kind = 'sequence-step') AS emails`,
    )
    .bind(Date.now())
    .first();

/** Waits until the app's workerd has used no CPU for 300 ms (the queue consumer has delivered the run's emails). */
async function settle(pid) {
  let last = cpuOf(pid).ms;
  for (let i = 0; i < 100; i++) {
    await pause(300);
    const now = cpuOf(pid).ms;
    if (now - last < 3) return;
    last = now;
  }
}

console.log(`Seeding ${PEOPLE.toLocaleString("en")} enrolled people, ${DUE.toLocaleString("en")} due at once…`);
freshDatabase(STATE, seedSql());
const { db, pid, cron, dispose } = await miniflareSite({ state: STATE, port: PORT });
try {
  const load = (await import("node:os")).loadavg()[0];
  const start = await counts(db);
  const runs = [];
  let previous = start;
  while (runs.length < Math.ceil(DUE / 100) + 10) {
    await settle(pid);
    const before = cpuOf(pid).ms;
    const t0 = performance.now();
    await cron();
    const runMs = cpuOf(pid).ms - before;
    const wall = performance.now() - t0;
    await settle(pid);
    const now = await counts(db);
    runs.push({ runMs, totalMs: cpuOf(pid).ms - before, wall, sent: now.sent - previous.sent, skipped: now.skipped - previous.skipped });
    previous = now;
    if (runs.length % 10 === 0 || now.due === 0)
      process.stdout.write(
        `  ${runs.length} runs: ${now.due} due, ${now.sent} sent, ${now.skipped} skipped; CPU of the last run ${runMs.toFixed(0)} ms\n`,
      );
    if (now.due === 0) break;
  }
  const end = await counts(db);
  const steps = end.sent - start.sent + end.skipped - start.skipped;
  const working = runs.filter((r) => r.sent + r.skipped > 0);
  const statements = 3 * working.length + 4 * (end.sent - start.sent) + 2 * (end.skipped - start.skipped);
  const cpu = (list, key) => ({ median: median(list.map((r) => r[key])), max: Math.max(...list.map((r) => r[key])) });
  const run = cpu(working, "runMs");
  const total = cpu(working, "totalMs");
  console.log(
    `\nFollow-up engine: ${PEOPLE.toLocaleString("en")} enrolled, ${DUE.toLocaleString("en")} due at once (load ${load.toFixed(2)})`,
  );
  console.log(
    `  steps done: ${steps} (${end.sent - start.sent} sent, ${end.skipped - start.skipped} skipped), emails in the outbox: ${end.emails}`,
  );
  console.log(
    `  cron runs to drain them: ${working.length} (most steps in one run: ${Math.max(...working.map((r) => r.sent + r.skipped))}; ${runs.length} fired)`,
  );
  console.log(`  D1 statements per step: ${(statements / steps).toFixed(2)} (${statements} in ${working.length} runs; 3 reads a run)`);
  console.log(`  CPU per run (app workerd): median ${run.median.toFixed(1)} ms, max ${run.max.toFixed(1)} ms`);
  console.log(`  CPU per run with its emails' delivery: median ${total.median.toFixed(1)} ms, max ${total.max.toFixed(1)} ms`);
  console.log(`  wall time per run: median ${median(working.map((r) => r.wall)).toFixed(0)} ms`);
  if (end.due !== 0) {
    console.error(`✖ ${end.due} steps still due`);
    process.exitCode = 1;
  }
} finally {
  await dispose();
}
