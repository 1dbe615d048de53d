#!/usr/bin/env node
// CPU time per request, to choose the Workers plan: the free plan allows 10 ms of CPU per request,
// the paid plan 30 s by default (`[limits] cpu_ms`), and local workerd enforces neither, so only a
// measurement tells.
//
// How: the built worker runs under `wrangler dev` on a fresh local D1 (as in the other benchmarks).
// Each case is sent `--runs` times, one request at a time, each answer read to its last byte; the
// CPU time the Worker's workerd process used meanwhile is read from /proc before and after (the sum
// of every thread's `schedstat`, in nanoseconds; `stat`'s utime + stime, in 10 ms ticks, as a
// cross-check), and the median is reported. `wrangler dev` starts two workerd processes: the app
// (the Worker, local D1 as SQLite, KV, assets) and a proxy on the port that forwards each request;
// the proxy does not exist on Cloudflare, so it is reported apart.
//
// What the app figure includes besides the Worker: local D1's SQLite work, which on Cloudflare runs
// in the database, not in the Worker, and is not counted toward the Worker's CPU limit. So it is an
// upper bound. For the Worker's own share, the script runs the app's pure work from the same source
// files in Node (through tsx) on the same data: PBKDF2 (`verifyPassword`), decoding and parsing the
// CSV and serialising its rows (`decodeCsv`, `parseLeadsCsv`, `JSON.stringify`) and writing the
// export (`exportRow`, `csvStream`). That leaves out Remix, drizzle and moving rows in and out of
// D1, and Node's V8 is not workerd's: an estimate, not a bound. The `Server-Timing: db` column is
// how long D1 calls were in flight before the headers (wall time; locally, mostly SQLite's work).
//
// Usage: npm run build && node scripts/bench-cpu.mjs [--runs 9] [--port 8835]
import { tsImport } from "tsx/esm/api";
import { arg, cpuOf, createAdmin, freshDatabase, median, pause, requireBuild, serve, signIn, workerdPids } from "./bench-lib.mjs";

const RUNS = arg("runs", 9);
const RUNS_50K = Math.max(3, Math.ceil(RUNS / 3));
const PORT = arg("port", 8835);
const STATE = ".tmp/bench-cpu-state";
const ADMIN = { email: "bench@localhost.test", password: "bench-cpu-password" };
const EXPORT_ROWS = 50_000;
requireBuild();

/** The D1 time a response's `Server-Timing: db;dur=…` reports (ms): D1 calls in flight before the headers. */
const dbMs = (headers) => Number(/db;dur=([\d.]+)/.exec(headers.get("Server-Timing") ?? "")?.[1] ?? NaN);

/**
 * Sends `send()` `runs` times, one at a time, after `warmUp` unmeasured ones; each answer is read to
 * its last byte and checked by `check`. Returns the medians of the app's and the proxy's CPU, wall time, D1 time.
 */
async function measureCpu(pids, label, runs, send, check, warmUp = 1) {
  for (let i = 0; i < warmUp; i++) {
    const res = await send();
    check({ status: res.status, headers: res.headers, body: await res.text() });
  }
  const app = [];
  const ticks = [];
  const proxy = [];
  const wall = [];
  const db = [];
  for (let i = 0; i < runs; i++) {
    await pause(100);
    const before = { app: cpuOf(pids.app), proxy: cpuOf(pids.proxy) };
    const start = performance.now();
    const res = await send();
    const body = await res.text();
    wall.push(performance.now() - start);
    // Work the Worker does after the response (waitUntil) counts too.
    await pause(100);
    const after = { app: cpuOf(pids.app), proxy: cpuOf(pids.proxy) };
    check({ status: res.status, headers: res.headers, body });
    app.push(after.app.ms - before.app.ms);
    ticks.push(after.app.tickMs - before.app.tickMs);
    proxy.push(after.proxy.ms - before.proxy.ms);
    db.push(dbMs(res.headers));
  }
  const row = {
    label,
    runs,
    app: median(app),
    min: Math.min(...app),
    max: Math.max(...app),
    ticks: median(ticks),
    proxy: median(proxy),
    wall: median(wall),
    db: median(db),
  };
  console.log(
    `  ${label}: ${row.app.toFixed(1)} ms CPU (${row.min.toFixed(1)}–${row.max.toFixed(1)}), proxy ${row.proxy.toFixed(1)} ms, wall ${row.wall.toFixed(0)} ms`,
  );
  return row;
}

const expectStatus = (status, text) => (res) => {
  if (res.status !== status || (text && !res.body.includes(text)))
    throw new Error(`Expected ${status} with “${text ?? ""}”, got ${res.status}: ${res.body.slice(0, 200)}`);
};

// ---------------------------------------------------------------- data

/** The CSV of `rows` leads the import uploads (as in bench-leads: quoted names, 5% repeated stores). */
const importCsv = (rows) =>
  [
    "store_name,store_url,email,app_testing,status",
    ...Array.from(
      { length: rows },
      (_, i) => `"Store ${i}, Inc.",store-${i % Math.floor(rows * 0.95)}.example,owner@store-${i}.example,App ${i % 7},On Trial`,
    ),
  ].join("\n");

const IMPORTS = 1 + RUNS + 1 + RUNS_50K;
/** A fresh keyword for every import, and 50,000 leads, each its own store, under the keyword "cpu export". */
const seedSql = `
INSERT INTO keywords (id, keyword)
WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < ${IMPORTS})
SELECT 'import-' || value, 'cpu import ' || printf('%03d', value) FROM n;
INSERT INTO keywords (id, keyword) VALUES ('export', 'cpu export');
INSERT INTO leads (id, keyword_id, store_name, store_url, email, app_testing, status, created_at)
WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < ${EXPORT_ROWS})
SELECT 'lead-' || value, 'export', 'Store ' || value, 'https://store-' || value || '.example',
       CASE WHEN value % 10 = 0 THEN NULL ELSE 'owner' || value || '@store.example' END, 'App ' || (value % 7), 'On Trial', 1700000000000 + value * 1000
FROM n;
`;

// ---------------------------------------------------------------- the app's pure work in Node

async function nodeCpu(runs, work) {
  await work(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

async function nodeFigures() {
  const password = await tsImport("../app/features/auth/password.server.ts", import.meta.url);
  const csvImport = await tsImport("../app/features/lead-finder/csv-import.server.ts", import.meta.url);
  const csv = await tsImport("../app/lib/csv.ts", import.meta.url);
  const warm = await tsImport("../app/features/warm-leads/warm-leads.server.ts", import.meta.url);
  const options = await tsImport("../app/features/warm-leads/warm-leads.options.ts", import.meta.url);

  // Peppered, as the Worker stores it (ADR 0017): one HMAC more than PBKDF2 alone.
  const pepper = "bench-password-pepper";
  const stored = await password.hashPassword(ADMIN.password, pepper);
  const parse = (rows) => {
    const bytes = new TextEncoder().encode(importCsv(rows));
    return async () => {
      const result = csvImport.parseLeadsCsv(csvImport.decodeCsv(bytes));
      if (!result.ok || result.rows.length !== rows) throw new Error("parseLeadsCsv did not read every row");
      // The import sends the rows to D1 as JSON chunks: the serialising is the Worker's work too.
      JSON.stringify(result.rows);
    };
  };
  const leads = Array.from({ length: EXPORT_ROWS }, (_, i) => ({
    id: `lead-${i}`,
    storeName: `Store ${i}`,
    storeUrl: `https://store-${i}.example`,
    email: i % 10 ? `owner${i}@store.example` : null,
    appTesting: `App ${i % 7}`,
    status: "On Trial",
    keyword: "cpu export",
    createdAt: 1700000000000 + i * 1000,
  }));
  const write = async () => {
    // The export reads D1 in pages of 5,000 (warm-leads.server.ts).
    async function* pages() {
      for (let i = 0; i < leads.length; i += 5000) yield leads.slice(i, i + 5000).map(warm.exportRow);
    }
    const reader = csv.csvStream(options.EXPORT_FIELDS, pages()).getReader();
    let bytes = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
    // A figure of nothing written is no figure (an export once measured 0.1 ms here).
    if (bytes < leads.length * 40) throw new Error(`The export wrote ${bytes} bytes for ${leads.length} leads`);
  };
  return {
    signIn: await nodeCpu(RUNS, async () => {
      if (!(await password.verifyPassword(ADMIN.password, stored, pepper))) throw new Error("verifyPassword failed");
    }),
    import10k: await nodeCpu(RUNS, parse(10_000)),
    import50k: await nodeCpu(RUNS_50K, parse(50_000)),
    export50k: await nodeCpu(RUNS, write),
  };
}

// ---------------------------------------------------------------- run

freshDatabase(STATE, seedSql);
createAdmin(STATE, ADMIN);
const { base, stop, group } = await serve(PORT, STATE);
const rows = {};
let idle = 0;
let exportBytes = 0;
try {
  const pids = workerdPids(group, PORT);
  const cookie = await signIn(base, ADMIN);
  console.log(`workerd: app ${pids.app}, proxy ${pids.proxy}; ${RUNS} runs per case (${RUNS_50K} for the 50,000-row import)`);

  const idleBefore = cpuOf(pids.app);
  await pause(3000);
  idle = (cpuOf(pids.app).ms - idleBefore.ms) / 3;

  rows.page = await measureCpu(
    pids,
    "A small page (GET /admin/login)",
    RUNS,
    () => fetch(`${base}/admin/login`),
    expectStatus(200, "Admin sign-in"),
    3,
  );
  rows.signIn = await measureCpu(
    pids,
    "Sign-in (POST /admin/login: PBKDF2, 100,000 iterations)",
    RUNS,
    () =>
      fetch(`${base}/admin/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(ADMIN),
      }),
    expectStatus(302),
    2,
  );

  let keyword = 0;
  const upload = (csv) => () => {
    keyword += 1;
    const form = new FormData();
    form.set("keywordId", `import-${keyword}`);
    form.set("file", new File([csv], "leads.csv", { type: "text/csv" }));
    return fetch(`${base}/admin/lead-finder/import`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: base } });
  };
  const imported = (res) => {
    expectStatus(200)(res);
    if (!JSON.parse(res.body).ok) throw new Error(`Import failed: ${res.body.slice(0, 200)}`);
  };
  rows.import10k = await measureCpu(pids, "CSV import, 10,000 rows (the real upload)", RUNS, upload(importCsv(10_000)), imported);
  rows.import50k = await measureCpu(pids, "CSV import, 50,000 rows (the real upload)", RUNS_50K, upload(importCsv(50_000)), imported);

  rows.export50k = await measureCpu(
    pids,
    "Warm-leads CSV export, 50,000 rows (GET /warm-leads.csv, streamed)",
    RUNS,
    () => fetch(`${base}/warm-leads.csv?keyword=${encodeURIComponent("cpu export")}`, { headers: { Cookie: cookie } }),
    (res) => {
      expectStatus(200)(res);
      const lines = res.body.split("\r\n").length;
      if (lines !== EXPORT_ROWS + 1) throw new Error(`The export had ${lines} lines, expected ${EXPORT_ROWS + 1}`);
      exportBytes = res.body.length;
    },
  );
} finally {
  stop();
}

console.log("\nThe app's own work from the same source files, in Node…");
const node = await nodeFigures();

const ms = (n) => (Number.isNaN(n) ? "–" : `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`);
console.log(
  `\nCPU time per request on this machine (median of ${RUNS} runs, ${RUNS_50K} for the 50,000-row import; one request at a time):\n`,
);
console.log(
  "| Request | workerd (Worker + local D1), median | min–max | utime+stime | The app's own work in Node | Proxy (local only) | Wall time | D1 in flight before headers |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const [key, r] of Object.entries(rows)) {
  const own = node[key] === undefined ? "–" : ms(node[key]);
  console.log(
    `| ${r.label} | **${ms(r.app)}** | ${ms(r.min)}–${ms(r.max)} | ${ms(r.ticks)} | ${own} | ${ms(r.proxy)} | ${ms(r.wall)} | ${ms(r.db)} |`,
  );
}
console.log(
  `\nworkerd at rest: ${idle.toFixed(2)} ms CPU per second (the 200 ms of pauses around each request add at most ${(idle * 0.2).toFixed(2)} ms).`,
);
console.log(
  `Export: ${(exportBytes / 1024 / 1024).toFixed(1)} MB. Node ${process.version}. The free plan allows 10 ms of CPU per request.`,
);
