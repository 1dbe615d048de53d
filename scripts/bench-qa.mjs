#!/usr/bin/env node
// Benchmark of the public Q&A list with 10,000 questions in the local D1.
//
// Seeds a fresh local D1 (its own state directory, the dev database is not touched) with the
// migrations, the demo content and 10,000 generated questions (9,000 published), starts the
// built worker with `wrangler dev`, and requests the list page without and with a search term.
// Reports the median and 95th percentile of the server time: the time to the response headers,
// measured on the same machine (loopback), after a warm-up.
//
// Usage: npm run build && node scripts/bench-qa.mjs [--rows 10000] [--requests 200] [--port 8831]
import { arg, freshDatabase, measure, printTable, requireBuild, serve } from "./bench-lib.mjs";
import { questionsSql } from "./bench-seeds.mjs";

const ROWS = arg("rows", 10_000);
const REQUESTS = arg("requests", 200);
const PORT = arg("port", 8831);
const STATE = ".tmp/bench-qa-state";
requireBuild();

console.log(`Seeding a fresh local D1 with ${ROWS.toLocaleString("en-US")} questions…`);
freshDatabase(STATE, questionsSql(ROWS));
const { base, stop } = await serve(PORT, STATE);
try {
  const cases = [
    ["/questions-and-answers", "questions"],
    ["/questions-and-answers?page=200", "questions"],
    ["/questions-and-answers?q=onboarding", "questions"],
    ["/questions-and-answers?q=pric&category=growth-marketing&sort=popular", "questions"],
    ["/questions-and-answers?q=nothing%20matches%20this", "No questions found"],
  ];
  const results = [];
  for (const [path, text] of cases) results.push(await measure(base, path, text, REQUESTS));
  printTable(`Q&A list, ${ROWS.toLocaleString("en-US")} questions, ${REQUESTS} requests each (ms, time to response headers):`, results);
} finally {
  stop();
}
