#!/usr/bin/env node
// Benchmark of a newsletter broadcast (ADR 0025), on a fresh local D1 of its own:
// - 50,000 confirmed subscribers and one broadcast, left as Send leaves it (sending, its first fan-out step queued);
//   the real queue consumer fans it out and sends it; the cron (its sweeper) is fired every minute;
// - the provider is a local stand-in for MailChannels' send API (Miniflare's outbound service: every fetch of the
//   Worker comes here): it answers 202 after 50 ms, and fails one call in a hundred with a 500;
// - measured: the time until every email was handed to the provider; the D1 statements per recipient (each queue
//   delivery's statements, logged by the consumer with QUEUE_BENCH=log; goal: at most 2 on average); the CPU of the
//   Worker's workerd per queue delivery (its process CPU over the run, from /proc, divided by the deliveries: it
//   includes local D1's SQLite and the queue simulation, so it is an upper bound); and that every subscriber was
//   handed exactly one email.
// The Worker runs as `wrangler deploy` bundles it, in workerd through Miniflare (what `wrangler dev` runs underneath).
//
// Usage: npm run build && node scripts/bench-broadcast.mjs [--subscribers 50000] [--rate 1000] [--port 8837]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { arg, cpuOf, freshDatabase, miniflareSite, pause, requireBuild } from "./bench-lib.mjs";

const SUBSCRIBERS = arg("subscribers", 50_000);
const RATE = arg("rate", 1000);
const PORT = arg("port", 8837);
const ROOT = ".tmp/bench-broadcast";
const STATE = join(ROOT, "state");
const PROVIDER_MS = 50;
const FAIL_EVERY = 100;
/** The paid plan's default CPU limit per invocation (a queue delivery is one): 30 s. */
const CPU_LIMIT_MS = 30_000;
const BROADCAST = "bench-broadcast";
const SUBJECT = "Growth notes: the benchmark";
requireBuild();

const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(
  `Load average before the run (1, 5, 15 min): ${load} on ${readdirSync("/sys/devices/system/cpu").filter((d) => /^cpu\d+$/.test(d)).length} cores`,
);

// ---------------------------------------------------------------- the database and the bundle
const now = Date.now();
const sections = JSON.stringify([
  { type: "paragraph", text: "Three things that worked this month, and the [pricing guide](/blog/pricing)." },
  { type: "list", items: ["Ask for the review at the right moment", "Answer within the hour", "Show the price early"], ordered: false },
  { type: "paragraph", text: "More on the [app store](https://apps.shopify.com/founder-leads) and on **our blog**." },
]).replaceAll("'", "''");
freshDatabase(
  STATE,
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SUBSCRIBERS})
   INSERT INTO newsletter_subscribers (id, email, status, confirmed_at, created_at)
   SELECT printf('s%06d', i), printf('reader-%06d@example.com', i), 'confirmed', 0, 0 FROM n;
   INSERT INTO broadcasts (id, slug, subject, preheader, title, intro, sections, segment, web_version, status, started_at, created_by, created_at, updated_at)
   VALUES ('${BROADCAST}', 'bench-broadcast', '${SUBJECT}', 'Three things that worked', 'Three things that worked',
     'A short note from the team.', '${sections}', '{}', 1, 'sending', NULL, 'bench@localhost.test', ${now}, ${now});`,
);

// ---------------------------------------------------------------- the stand-in provider
const accepted = new Map();
/** The site's other emails during the run (the cron's digest to the team, say): counted apart, never failed. */
const others = [];
let calls = 0;
let failedCalls = 0;
let lastAcceptedAt = 0;
async function provider(request) {
  if (!request.url.startsWith("https://api.mailchannels.net/tx/v1/send")) return new Response("Not the provider", { status: 404 });
  const body = await request.json();
  await pause(PROVIDER_MS);
  if (body.subject !== SUBJECT) {
    others.push(body.subject);
    return new Response(null, { status: 202 });
  }
  if (++calls % FAIL_EVERY === 0) {
    failedCalls++;
    return new Response("Service unavailable", { status: 500 });
  }
  const to = body.personalizations[0].to[0].email;
  accepted.set(to, (accepted.get(to) ?? 0) + 1);
  lastAcceptedAt = performance.now();
  return new Response(null, { status: 202 });
}

// ---------------------------------------------------------------- the site
const deliveries = [];
const {
  mf,
  db,
  pid: workerd,
  cron,
} = await miniflareSite({
  state: STATE,
  port: PORT,
  bindings: {
    EMAIL_TRANSPORT: "mailchannels",
    MAILCHANNELS_API_KEY: "bench-key",
    BROADCAST_RATE_PER_SECOND: String(RATE),
    QUEUE_BENCH: "log",
  },
  outbound: provider,
  onLog: (level, message) => {
    const bench = /^queue-bench (.*)$/.exec(message);
    if (bench) deliveries.push(JSON.parse(bench[1]));
    else if (level === "error") process.stderr.write(`${message}\n`);
  },
});

const failures = [];
try {
  const cpuBefore = cpuOf(workerd).ms;
  const started = performance.now();
  // What Send does after its guarded update (draft to sending, as the seed left it): the fan-out's first step on the queue.
  await (await mf.getQueueProducer("EMAIL_QUEUE")).send({ task: "broadcast-fanout", broadcastId: BROADCAST });
  let lastCron = performance.now();
  let status = "";
  const deadline = started + 60 * 60 * 1000;
  while (performance.now() < deadline) {
    await pause(2000);
    const row = await db
      .prepare(
        `SELECT b.status, b.fanout_done_at AS done, (SELECT count(*) FROM email_outbox o WHERE o.broadcast_id = b.id AND o.status != 'sent') AS left
         FROM broadcasts b WHERE b.id = ?1`,
      )
      .bind(BROADCAST)
      .first();
    status = row?.status ?? "";
    if (row?.done && row.left === 0 && accepted.size >= SUBSCRIBERS) break;
    // The cron's sweeper, as every 5 minutes in production (every 60 s here): it sends again what failed three times.
    if (performance.now() - lastCron > 60_000) {
      await cron();
      lastCron = performance.now();
    }
    process.stdout.write(
      `\r${accepted.size.toLocaleString("en-US")} of ${SUBSCRIBERS.toLocaleString("en-US")} handed to the provider, ${deliveries.length} deliveries, broadcast ${status}, ${row?.left ?? "?"} outbox rows not sent, fan-out ${row?.done ? "done" : "going"}…`,
    );
  }
  process.stdout.write("\n");
  // Deliveries still running (a retry of a failed send) report their statements: none should be left after "sent".
  await pause(3000);
  const cpuMs = cpuOf(workerd).ms - cpuBefore;
  const seconds = (lastAcceptedAt - started) / 1000;
  const statements = deliveries.reduce((sum, d) => sum + d.statements, 0);
  const messages = deliveries.reduce((sum, d) => sum + d.messages, 0);
  const largest = Math.max(...deliveries.map((d) => d.messages));
  const counts = await db
    .prepare("SELECT status, count(*) AS n FROM email_outbox WHERE broadcast_id = ?1 GROUP BY status ORDER BY status")
    .bind(BROADCAST)
    .all();
  const twice = [...accepted.values()].filter((n) => n > 1).length;
  const strangers = [...accepted.keys()].filter((to) => !/^reader-\d{6}@example\.com$/.test(to)).length;

  const perRecipient = statements / SUBSCRIBERS;
  const cpuPerDelivery = cpuMs / deliveries.length;
  console.log(
    `\nBroadcast to ${SUBSCRIBERS.toLocaleString("en-US")} confirmed subscribers, send rate ${RATE}/s, provider ${PROVIDER_MS} ms, 1 call in ${FAIL_EVERY} failing:\n`,
  );
  console.log("| Measure | Value |\n|---|---:|");
  console.log(`| Time until every email was handed to the provider | ${seconds.toFixed(0)} s |`);
  console.log(`| Emails handed to the provider a second | ${(accepted.size / seconds).toFixed(0)} |`);
  console.log(`| Provider calls (failed with 500) | ${calls.toLocaleString("en-US")} (${failedCalls}) |`);
  console.log(
    `| The site's other emails meanwhile (not the broadcast's) | ${others.length}${others.length ? ` (${[...new Set(others)].join("; ")})` : ""} |`,
  );
  console.log(`| Queue deliveries (messages; largest delivery) | ${deliveries.length} (${messages}; ${largest} messages) |`);
  console.log(`| D1 statements, all deliveries | ${statements.toLocaleString("en-US")} |`);
  console.log(`| D1 statements per recipient | ${perRecipient.toFixed(3)} |`);
  console.log(`| Worker CPU per queue delivery (average, upper bound) | ${cpuPerDelivery.toFixed(0)} ms |`);
  console.log(
    `| Subscribers handed exactly one email | ${(accepted.size - twice).toLocaleString("en-US")} of ${SUBSCRIBERS.toLocaleString("en-US")} |`,
  );
  console.log(`| Outbox rows by status | ${counts.results.map((r) => `${r.status} ${r.n}`).join(", ")} |`);
  console.log(`\nLoad average after the run: ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);

  if (accepted.size !== SUBSCRIBERS) failures.push(`${accepted.size} of ${SUBSCRIBERS} subscribers were handed an email`);
  if (twice) failures.push(`${twice} subscribers were handed more than one email`);
  if (strangers) failures.push(`${strangers} emails went to addresses that are not subscribers`);
  if (perRecipient > 2) failures.push(`${perRecipient.toFixed(2)} D1 statements per recipient`);
  if (cpuPerDelivery > CPU_LIMIT_MS / 10)
    failures.push(`${cpuPerDelivery.toFixed(0)} ms of CPU per delivery: not well under ${CPU_LIMIT_MS} ms`);
  const unsent = counts.results.filter((r) => r.status !== "sent").reduce((sum, r) => sum + r.n, 0);
  if (unsent) failures.push(`${unsent} outbox rows are not sent`);
} finally {
  await mf.dispose();
}
if (failures.length) {
  console.error(`\n✖ ${failures.join("\n✖ ")}`);
  process.exit(1);
}
console.log("\n✔ Within the goals.");
