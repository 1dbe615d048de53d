#!/usr/bin/env node
// Benchmark of the Lead Finder's CSV import: a fresh local D1, the built worker through
// `wrangler dev`, generated CSVs of 10,000 and 50,000 rows imported through the real upload as a
// signed-in admin. Reports the wall time of each import, the D1 statements it used (all in one
// batch), the Worker's memory if the platform reports it (locally it does not), and the median /
// p95 time of the keyword's first leads page afterwards.
//
// Usage: npm run build && node scripts/bench-leads.mjs [--requests 100] [--port 8833]
import { arg, createAdmin, freshDatabase, measure, printTable, requireBuild, serve, signIn } from "./bench-lib.mjs";

const REQUESTS = arg("requests", 100);
const PORT = arg("port", 8833);
const STATE = ".tmp/bench-leads-state";
const ADMIN = { email: "bench@localhost.test", password: "bench-leads-password" };
requireBuild();

const csv = (rows) =>
  [
    "store_name,store_url,email,app_testing,status",
    ...Array.from(
      { length: rows },
      (_, i) => `"Store ${i}, Inc.",store-${i % Math.floor(rows * 0.95)}.example,owner@store-${i}.example,App ${i % 7},On Trial`,
    ),
  ].join("\n");

freshDatabase(STATE, "INSERT INTO keywords (id, keyword) VALUES ('bench-10k', 'bench 10k'), ('bench-50k', 'bench 50k');");
createAdmin(STATE, ADMIN);
const { base, stop } = await serve(PORT, STATE);
try {
  const cookie = await signIn(base, ADMIN);

  const imports = [];
  for (const [keywordId, rows] of [
    ["bench-10k", 10_000],
    ["bench-50k", 50_000],
  ]) {
    const form = new FormData();
    form.set("keywordId", keywordId);
    const body = csv(rows);
    form.set("file", new File([body], "leads.csv", { type: "text/csv" }));
    const start = performance.now();
    const res = await fetch(`${base}/admin/lead-finder/import`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: base } });
    const ms = performance.now() - start;
    const report = await res.json();
    if (!report.ok) throw new Error(`Import of ${rows} rows failed: ${report.error}`);
    imports.push({ rows, bytes: body.length, ms, uploaded: report.uploaded, statements: report.statements });
  }
  console.log("\nLead CSV import through the upload endpoint (wall time on this machine):\n");
  console.log("| Rows | File | Wall time (ms) | Stored | D1 statements (one batch) |\n|---:|---:|---:|---:|---:|");
  for (const r of imports)
    console.log(
      `| ${r.rows.toLocaleString("en-US")} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${r.ms.toFixed(0)} | ${r.uploaded.toLocaleString("en-US")} | ${r.statements} |`,
    );
  console.log("(Peak memory: local workerd does not report it per request.)");

  const page = (path, text) => measure(base, path, text, REQUESTS, cookie);
  printTable(`The keyword's first leads page, ${REQUESTS} requests each (ms, time to response headers):`, [
    await page("/admin/dashboard/lead-finder?keyword=bench-10k", "unique stores for bench 10k"),
    await page("/admin/dashboard/lead-finder?keyword=bench-50k", "unique stores for bench 50k"),
  ]);
} finally {
  stop();
}
