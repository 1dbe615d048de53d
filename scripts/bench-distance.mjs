#!/usr/bin/env node
// What a visitor far from the database waits. On Cloudflare the Worker runs next to the visitor but
// D1's primary sits in one region: every sequential D1 step costs a round trip to it (50 ms nearby,
// 150-250 ms from the other side of the world), which a local benchmark never shows.
//
// This serves the built site through `wrangler dev` on a fresh local D1 with the demo content plus
// 10,000 questions and 1,000 posts, requests every public route 50 times (after a warm-up), and reads
// each response's Server-Timing: the server time (`render`) and the D1 steps (`db` … "N steps").
// It prints, per route, the median server time here, the steps, and the projected time to first byte
// with the database 50, 150 and 250 ms away: server time + steps × distance. Target: every route at
// most 1 step, so the projection at 250 ms stays under 400 ms.
//
// Usage: npm run build && node scripts/bench-distance.mjs [--requests 50] [--port 8835]
import { arg, freshDatabase, requireBuild, serve } from "./bench-lib.mjs";
import { postsSql, questionsSql } from "./bench-seeds.mjs";
import { run } from "./lib.mjs";

const REQUESTS = arg("requests", 50);
const PORT = arg("port", 8835);
const STATE = ".tmp/bench-distance-state";
const DISTANCES = [50, 150, 250];
const TARGET_MS = 400;
requireBuild();

const ROUTES = [
  "/",
  "/questions-and-answers",
  "/questions-and-answers?q=onboarding",
  "/questions-and-answers/bench-question-0",
  "/blog",
  "/blog/bench-post-0",
  "/blog/rss.xml",
  "/guides/validate-your-shopify-app-idea",
  "/about",
  "/playbooks",
  "/playbooks/premium",
  "/Shopify-App-Launch-and-Scaling-Playbook",
  "/playbook/Shopify-App-Launch-and-Scaling-Playbook/final-guide",
  "/shopify-app-marketing-checklist",
  "/saas-academy",
  "/onboarding",
  "/call-booking",
  "/book-a-call",
  "/contact",
  "/waitlist",
  "/newsletter",
  "/sitemap.xml",
];

console.log("Seeding a fresh local D1: demo content, 10,000 questions, 1,000 posts…");
freshDatabase(STATE, `${questionsSql(10_000)}\n${postsSql(1_000)}`);
run("node", ["scripts/seed.mjs", "--persist-to", STATE], { stdio: ["ignore", "ignore", "inherit"] });

const timing = (header) => {
  const db = /db;dur=([\d.]+);desc="(\d+) steps?/.exec(header ?? "");
  const render = /render;dur=([\d.]+)/.exec(header ?? "");
  if (!db || !render) throw new Error(`No Server-Timing on the response: ${header}`);
  return { steps: Number(db[2]), server: Number(render[1]) };
};
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

const rows = [];
const { base, stop } = await serve(PORT, STATE);
try {
  for (const path of ROUTES) {
    const headers = { "user-agent": "Mozilla/5.0 (bench-distance)" };
    for (let i = 0; i < 5; i++) await (await fetch(base + path, { headers })).arrayBuffer();
    const servers = [];
    let steps = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const res = await fetch(base + path, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      const t = timing(res.headers.get("Server-Timing"));
      servers.push(t.server);
      steps = Math.max(steps, t.steps);
    }
    const server = median(servers);
    rows.push({ path, server, steps, projected: DISTANCES.map((d) => server + steps * d) });
  }
} finally {
  stop();
}

console.log(`\nEvery public route, ${REQUESTS} requests each. Server time: the median of Server-Timing's render (ms).`);
console.log("Projected time to first byte: server time + D1 steps × the distance to the database (ms).\n");
console.log(`| Route | Server time | D1 steps | ${DISTANCES.map((d) => `At ${d} ms`).join(" | ")} |`);
console.log(`|---|---:|---:|${DISTANCES.map(() => "---:").join("|")}|`);
for (const r of rows) {
  console.log(`| \`${r.path}\` | ${r.server.toFixed(1)} | ${r.steps} | ${r.projected.map((p) => p.toFixed(0)).join(" | ")} |`);
}
const over = rows.filter((r) => r.steps > 1 || r.projected.at(-1) >= TARGET_MS);
if (over.length) {
  console.log(`\n✖ Over the target (1 step, under ${TARGET_MS} ms at 250 ms): ${over.map((r) => r.path).join(", ")}`);
  process.exitCode = 1;
} else {
  console.log(`\n✔ Every route makes at most 1 D1 step and stays under ${TARGET_MS} ms at 250 ms.`);
}
