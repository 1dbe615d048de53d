#!/usr/bin/env node
// Benchmark of the warm-leads tool: for 10,000 and then 50,000 leads across 20 keywords, each in a
// fresh local D1, the built worker through `wrangler dev` and a signed-in admin. Reports the median /
// p95 time of a results page (a search matching one keyword, and one matching all 20) and the full
// time of the CSV export of every matching store (read from D1 in pages and streamed).
//
// Usage: npm run build && node scripts/bench-warm-leads.mjs [--requests 100] [--port 8834]
import { arg, createAdmin, freshDatabase, measure, printTable, requireBuild, serve, signIn } from "./bench-lib.mjs";

const REQUESTS = arg("requests", 100);
const PORT = arg("port", 8834);
const STATE = ".tmp/bench-warm-leads-state";
const ADMIN = { email: "bench@localhost.test", password: "bench-warm-leads-password" };
const KEYWORDS = 20;
requireBuild();

/** 20 keywords ("bench topic 01" …) and `leads` leads spread over them; 5% of stores appear under two keywords. */
const seedSql = (leads) => `
INSERT INTO keywords (id, keyword)
WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < ${KEYWORDS})
SELECT 'kw-' || value, 'bench topic ' || printf('%02d', value) FROM n;
INSERT INTO leads (id, keyword_id, store_name, store_url, email, app_testing, status, created_at)
WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < ${leads})
SELECT 'lead-' || value, 'kw-' || (1 + value % ${KEYWORDS}), 'Store ' || value, 'https://store-' || (value % ${Math.floor(leads * 0.95)}) || '.example',
       CASE WHEN value % 10 = 0 THEN NULL ELSE 'owner' || value || '@store.example' END, 'App ' || (value % 7), 'On Trial', 1700000000000 + value * 1000
FROM n;
`;

const results = [];
const exports = [];
for (const leads of [10_000, 50_000]) {
  freshDatabase(STATE, seedSql(leads));
  createAdmin(STATE, ADMIN);
  const { base, stop } = await serve(PORT, STATE);
  try {
    const cookie = await signIn(base, ADMIN);
    for (const [label, keyword] of [
      ["one keyword", "bench topic 07"],
      ["all 20 keywords", "BENCH TOPIC"],
    ]) {
      const r = await measure(base, `/warm-leads?keyword=${encodeURIComponent(keyword)}`, "stores match", REQUESTS, cookie);
      results.push({ ...r, path: `${leads.toLocaleString("en-US")} leads, ${label}: ${r.path}` });
    }
    for (const [label, keyword] of [
      ["one keyword", "bench topic 07"],
      ["all 20 keywords", "bench topic"],
    ]) {
      const times = [];
      let rows = 0;
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        const res = await fetch(`${base}/warm-leads.csv?keyword=${encodeURIComponent(keyword)}`, { headers: { Cookie: cookie } });
        const body = await res.text();
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`Export answered ${res.status}`);
        rows = body.split("\r\n").length - 1;
        bytes = body.length;
      }
      times.sort((a, b) => a - b);
      exports.push({ leads, label, rows, bytes, median: times[2], worst: times[4] });
    }
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 500));
  }
}

printTable(`A warm-leads results page (50 stores and the count), ${REQUESTS} requests each (ms, time to response headers):`, results);
console.log("\nThe CSV export of every matching store, 5 downloads each (ms, until the last byte):\n");
console.log("| Leads stored | Search | Rows exported | Size | Median | Slowest |\n|---:|---|---:|---:|---:|---:|");
for (const e of exports) {
  console.log(
    `| ${e.leads.toLocaleString("en-US")} | ${e.label} | ${e.rows.toLocaleString("en-US")} | ${(e.bytes / 1024 / 1024).toFixed(1)} MB | ${e.median.toFixed(0)} | ${e.worst.toFixed(0)} |`,
  );
}
