#!/usr/bin/env node
// Benchmark of the pipeline on big data: a fresh local D1 with 30,000 people and
// 100,000 submissions linked to them (30,000 lead-magnet requests and 70,000 contact messages,
// each with its row in person_submissions), the built worker through `wrangler dev`, signed in as
// an admin. Reports the median / p95 of the Leads list (unfiltered, filtered by status, searched),
// the person page, the CSV export of all 30,000 people (time to the last byte), and the D1 steps
// and statements each page made (from its Server-Timing header).
//
// Usage: npm run build && node scripts/bench-people.mjs [--requests 100] [--port 8834]
import { arg, createAdmin, freshDatabase, measure, requireBuild, serve, signIn, sqlText } from "./bench-lib.mjs";

const REQUESTS = arg("requests", 100);
const EXPORTS = arg("exports", 10);
const PORT = arg("port", 8834);
const PEOPLE = 30_000;
const SUBMISSIONS = 100_000;
const STATE = ".tmp/bench-people-state";
const ADMIN = { email: "bench@localhost.test", password: "bench-people-password" };
requireBuild();

const STATUSES = ["new", "new", "new", "new", "new", "contacted", "contacted", "qualified", "customer", "lost"];
const HOUR = 3_600_000;

/** Multi-row INSERTs of `rows` rows each (a statement stays well under D1's 100 KB). */
function inserts(head, values, rows = 200) {
  const out = [];
  for (let i = 0; i < values.length; i += rows) out.push(`${head} VALUES ${values.slice(i, i + rows).join(",\n")};`);
  return out;
}

function seedSql() {
  const now = Date.now();
  const people = [];
  for (let i = 0; i < PEOPLE; i++) {
    const status = STATUSES[i % 10];
    const due = status === "new" && i % 3 === 0 ? now + ((i % 97) - 48) * HOUR : null;
    const seen = now - i * 60_000;
    people.push(
      `(${sqlText(`p-${i}`)}, ${sqlText(`founder${i}@store-${i % 5000}.example`)}, ${sqlText(`Founder ${i}`)}, ${sqlText(`Company ${i % 10_000}`)}, ${sqlText(`App ${i % 300}`)}, '${status}', ${status === "lost" ? "'Chose another provider'" : "NULL"}, ${due ?? "NULL"}, 'lead-magnet', 'contact', ${seen - 30 * 86_400_000}, ${seen}, ${seen})`,
    );
  }
  const magnets = [];
  const contacts = [];
  const links = [];
  for (let j = 0; j < SUBMISSIONS; j++) {
    const i = j % PEOPLE;
    const at = now - j * 60_000;
    const email = sqlText(`founder${i}@store-${i % 5000}.example`);
    if (j < PEOPLE) {
      magnets.push(
        `('s-${j}', ${sqlText(`Founder ${i}`)}, ${email}, 'https://apps.shopify.com/app-${i % 300}', 'leadmagnet-popup', ${at})`,
      );
      links.push(`('lead-magnet', 's-${j}', 'p-${i}', ${at})`);
    } else {
      contacts.push(`('s-${j}', ${sqlText(`Founder ${i}`)}, ${email}, 'We would like to know more about the first leads.', ${at})`);
      links.push(`('contact', 's-${j}', 'p-${i}', ${at})`);
    }
  }
  return [
    ...inserts(
      "INSERT INTO people (id, email, name, company, app, status, lost_reason, due_at, first_form, last_form, created_at, last_seen_at, updated_at)",
      people,
    ),
    ...inserts("INSERT INTO lead_magnet_submissions (id, first_name, email, app_url, source, created_at)", magnets),
    ...inserts("INSERT INTO contact_messages (id, name, email, message, created_at)", contacts),
    ...inserts("INSERT INTO person_submissions (form, record_id, person_id, created_at)", links),
  ].join("\n");
}

const started = performance.now();
freshDatabase(STATE, seedSql());
console.log(
  `Seeded ${PEOPLE.toLocaleString("en-US")} people and ${SUBMISSIONS.toLocaleString("en-US")} submissions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
createAdmin(STATE, ADMIN);
const { base, stop } = await serve(PORT, STATE);
try {
  const cookie = await signIn(base, ADMIN);
  const headers = { Cookie: cookie, "user-agent": "Mozilla/5.0 (bench)" };
  /** D1 steps and statements of one request, from its Server-Timing header. */
  const timing = async (path) => {
    const res = await fetch(base + path, { headers });
    await res.text();
    const m = /db;dur=[\d.]+;desc="(\d+) steps?, (\d+) statements?"/.exec(res.headers.get("Server-Timing") ?? "");
    return m ? `${m[1]} / ${m[2]}` : "n/a";
  };
  const page = async (label, path, text) => ({ label, ...(await measure(base, path, text, REQUESTS, cookie)), d1: await timing(path) });

  const rows = [
    // The same machine's noise floor: a dashboard tab that reads next to nothing.
    await page("Baseline: the Outbox tab (empty)", "/admin/dashboard/outbox", "Dashboard"),
    await page("Leads, unfiltered", "/admin/dashboard/leads", "30000 people"),
    await page("Leads, status Qualified", "/admin/dashboard/leads?status=qualified", "3000 people"),
    await page("Leads, searched", "/admin/dashboard/leads?q=founder1234%40", "1 person"),
    await page("Leads, searched (many: a company)", "/admin/dashboard/leads?q=company%20777", "people"),
    await page("Dashboard home (the funnel and outcomes over 30 days)", "/admin/dashboard", "Onboarding funnel"),
    await page("Dashboard home over 90 days", "/admin/dashboard?days=90", "Onboarding funnel"),
    await page("Person page (4 submissions)", "/admin/dashboard/leads/p-1234", "founder1234@store-1234.example"),
  ];

  // The export: time to the last byte of all 30,000 people.
  const times = [];
  let lines = 0;
  for (let k = 0; k < EXPORTS + 2; k++) {
    const start = performance.now();
    const res = await fetch(`${base}/admin/leads.csv`, { headers });
    const body = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`The export answered ${res.status}`);
    lines = body.trimEnd().split("\n").length - 1;
    if (k >= 2) times.push(ms);
  }
  if (lines !== PEOPLE) throw new Error(`The export had ${lines} rows, not ${PEOPLE}`);
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  rows.push({
    label: `CSV export, ${lines.toLocaleString("en-US")} people (to the last byte)`,
    path: "/admin/leads.csv",
    median: pct(50),
    p95: pct(95),
    d1: await timing("/admin/leads.csv"),
  });

  console.log(
    `\nThe pipeline with ${PEOPLE.toLocaleString("en-US")} people and ${SUBMISSIONS.toLocaleString("en-US")} submissions, ${REQUESTS} requests a page, ${EXPORTS} exports (ms; pages to response headers):\n`,
  );
  console.log("| Request | Median | p95 | D1 steps / statements |\n|---|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.label} (\`${r.path}\`) | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.d1} |`);
} finally {
  stop();
}
