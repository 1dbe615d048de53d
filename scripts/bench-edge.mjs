#!/usr/bin/env node
// Benchmark of public pages from the edge cache (ADR 0020), through `wrangler dev` on the built worker and a
// fresh local D1 (60 posts, 60 questions). Locally the Cache API is Miniflare's, on the same machine.
//
// - Time to response headers of 10 public pages on a hit and on a miss (median and p95 over `--requests` each).
//   A miss is forced with `X-Edge-Cache: miss` (honoured only with the var EDGE_BENCH="allowed", which this script
//   passes, and never in production): the page is rendered and stored as on a real miss.
// - D1 statements of 1,000 anonymous page views over 40 pages, 80 % of them on 10 pages, from an empty cache,
//   against the statements of one render of each of the 40 pages (from each response's Server-Timing).
// - CPU time of a hit (nonce and stamp rewrite included): the app workerd's CPU over 200 hits of each of the 10
//   pages, against 200 hits of /robots.txt (a cached answer with no rewrite). Locally the figure includes
//   Miniflare's cache (a SQLite read); on Cloudflare the cache is not the Worker's CPU, so it is an upper bound.
//
// Targets: a hit makes 0 D1 statements; a hit's median TTFB is at most half a miss's; the 1,000 views render each
// page at most once, so their statements are at most those of 40 renders. Exit code 1 when one is missed.
//
// Usage: npm run build && node scripts/bench-edge.mjs [--requests 200] [--port 8836]
import { arg, cpuOf, freshDatabase, median, pause, requireBuild, serve, workerdPids } from "./bench-lib.mjs";
import { postsSql, questionsSql } from "./bench-seeds.mjs";

const REQUESTS = arg("requests", 200);
const PORT = arg("port", 8836);
const VIEWS = 1000;
const STATE = ".tmp/bench-edge-state";
requireBuild();

const HOT = [
  "/",
  "/blog",
  "/blog?category=marketing",
  "/blog/bench-post-0",
  "/blog/bench-post-1",
  "/questions-and-answers",
  "/questions-and-answers/bench-question-0",
  "/contact",
  "/playbooks",
  "/Shopify-App-Launch-and-Scaling-Playbook",
];
const COLD = [
  ...Array.from({ length: 15 }, (_, i) => `/blog/bench-post-${i + 2}`),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 10, 11].map((i) => `/questions-and-answers/bench-question-${i}`),
  "/newsletter",
  "/waitlist",
  "/book-a-call",
  "/saas-academy",
  "/questions-and-answers?category=technical",
];
const ALL = [...HOT, ...COLD];
const HEADERS = { "user-agent": "Mozilla/5.0 (bench)" };

/** The cache mode and D1 statements of a response (Server-Timing). */
function timing(res) {
  const header = res.headers.get("Server-Timing") ?? "";
  const mode = /cache;desc=(\w+)/.exec(header)?.[1];
  const statements = Number(/(\d+) statements?/.exec(header)?.[1]);
  if (!mode || !Number.isFinite(statements)) throw new Error(`No cache or db entry in Server-Timing: "${header}"`);
  return { mode, statements };
}

async function get(base, path, headers = {}) {
  const start = performance.now();
  const res = await fetch(base + path, { headers: { ...HEADERS, ...headers } });
  const ttfb = performance.now() - start;
  await res.text();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return { ttfb, ...timing(res) };
}

const purgeAll = (base) => fetch(`${base}/__edge/purge`, { method: "POST", body: "site" }).then((r) => r.text());
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** A fixed pseudo-random sequence (mulberry32), so every run sends the same views. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

console.log("Seeding a fresh local D1 with 60 posts and 60 questions…");
freshDatabase(STATE, `${postsSql(60)}\n${questionsSql(60)}`);
const { base, stop, group } = await serve(PORT, STATE, { EDGE_BENCH: "allowed" });
const failures = [];
try {
  // ---------------------------------------------------------------- TTFB, hit and miss
  const rows = [];
  for (const path of HOT) {
    for (let i = 0; i < 5; i++) await get(base, path, { "X-Edge-Cache": "miss" });
    const miss = [];
    const hit = [];
    let hitStatements = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const forced = await get(base, path, { "X-Edge-Cache": "miss" });
      if (forced.mode !== "miss") throw new Error(`${path}: a forced miss was a ${forced.mode}`);
      miss.push(forced.ttfb);
    }
    for (let i = 0; i < REQUESTS; i++) {
      const served = await get(base, path);
      if (served.mode !== "hit") throw new Error(`${path}: expected a hit, got ${served.mode}`);
      hit.push(served.ttfb);
      hitStatements += served.statements;
    }
    rows.push({ path, hit: stats(hit), miss: stats(miss), hitStatements });
  }
  console.log(`\nTime to response headers, ${REQUESTS} requests each (ms; loopback, this machine):\n`);
  console.log("| Page | Hit median | Hit p95 | Miss median | Miss p95 | D1 statements of the hits |\n|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| \`${r.path}\` | ${r.hit.median.toFixed(1)} | ${r.hit.p95.toFixed(1)} | ${r.miss.median.toFixed(1)} | ${r.miss.p95.toFixed(1)} | ${r.hitStatements} |`,
    );
    if (r.hitStatements > 0) failures.push(`${r.path}: hits made ${r.hitStatements} D1 statements`);
    if (r.hit.median > r.miss.median / 2) failures.push(`${r.path}: hit median ${r.hit.median.toFixed(1)} > half the miss's`);
  }

  // ---------------------------------------------------------------- 1,000 views over 40 pages
  let renderStatements = 0;
  for (const path of ALL) renderStatements += (await get(base, path, { "X-Edge-Cache": "miss" })).statements;
  await purgeAll(base);
  const next = random(33);
  const renders = new Map();
  let viewStatements = 0;
  for (let i = 0; i < VIEWS; i++) {
    const path = next() < 0.8 ? HOT[Math.floor(next() * HOT.length)] : COLD[Math.floor(next() * COLD.length)];
    const served = await get(base, path);
    viewStatements += served.statements;
    if (served.mode !== "hit") renders.set(path, (renders.get(path) ?? 0) + 1);
  }
  const rendered = [...renders.values()];
  console.log(
    `\n${VIEWS.toLocaleString("en-US")} views over ${ALL.length} pages (80 % on ${HOT.length}), from an empty cache: ` +
      `${rendered.length} pages rendered, at most ${Math.max(0, ...rendered)} time(s) each; ` +
      `${viewStatements} D1 statements, against ${renderStatements} for one render of each of the ${ALL.length} pages.`,
  );
  if (rendered.some((n) => n > 1)) failures.push("a page was rendered more than once during the 1,000 views");
  if (viewStatements > renderStatements) failures.push(`the views made ${viewStatements} statements, more than ${renderStatements}`);

  // ---------------------------------------------------------------- CPU of a hit
  const pids = workerdPids(group, PORT);
  async function cpuPerHit(path) {
    await get(base, path);
    await pause(100);
    const before = cpuOf(pids.app).ms;
    for (let i = 0; i < 200; i++) {
      const served = await get(base, path);
      if (served.mode !== "hit") throw new Error(`${path}: expected a hit, got ${served.mode}`);
    }
    await pause(100);
    return (cpuOf(pids.app).ms - before) / 200;
  }
  const robots = await cpuPerHit("/robots.txt");
  const pages = [];
  for (const path of HOT) pages.push({ path, ms: await cpuPerHit(path) });
  console.log(`\nCPU of the app's workerd per hit (ms, 200 hits each; /robots.txt, no rewrite: ${robots.toFixed(2)}):\n`);
  console.log("| Page | CPU per hit | Beyond /robots.txt |\n|---|---:|---:|");
  for (const p of pages) console.log(`| \`${p.path}\` | ${p.ms.toFixed(2)} | ${(p.ms - robots).toFixed(2)} |`);
  console.log(`| median | ${median(pages.map((p) => p.ms)).toFixed(2)} | ${(median(pages.map((p) => p.ms)) - robots).toFixed(2)} |`);
} finally {
  stop();
}
if (failures.length) {
  console.error(`\n✖ Targets missed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("\n✔ Every target met.");
