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
import { arg, freshDatabase, measure, printTable, requireBuild, serve, sqlText } from "./bench-lib.mjs";

const ROWS = arg("rows", 10_000);
const REQUESTS = arg("requests", 200);
const PORT = arg("port", 8831);
const STATE = ".tmp/bench-qa-state";
requireBuild();

// --- Seed ------------------------------------------------------------------------------------
const CATEGORIES = ["app-approval", "gtm-strategy", "growth-marketing", "churn-retention", "technical", "general"];
const SUBJECTS = ["onboarding", "pricing", "billing", "App Store review", "churn", "cold email", "agency partners", "reviews", "webhooks", "annual plans", "free trials", "Shopify Plus merchants", "listing screenshots", "uninstalls", "upsells", "rate limits", "support tickets", "retention emails", "ads", "SEO"];
const VERBS = ["improve", "measure", "fix", "price", "test", "automate", "explain", "speed up", "scale", "plan"];
const CONTEXT = ["for a new app", "after launch", "with a small team", "for fashion stores", "before the holidays", "on a tight budget", "for B2B merchants", "in Europe", "for our second app", "without a sales team"];
const pick = (list, n) => list[n % list.length];

function question(i) {
  const subject = pick(SUBJECTS, i);
  const verb = pick(VERBS, Math.floor(i / 20));
  const context = pick(CONTEXT, Math.floor(i / 200));
  const title = `How do we ${verb} ${subject} ${context}? (#${i})`;
  const body = `We run a Shopify app with about ${100 + (i % 900)} merchants. We want to ${verb} ${subject} ${context}, but our last two attempts did not move the numbers. What should we look at first, and what did other founders try?`;
  const answer =
    i % 10 === 9
      ? null
      : `Start by writing down what ${subject} should change for a merchant, then ${verb} one step at a time. Founders who ${verb} ${subject} ${context} usually look at activation first, talk to five merchants who churned, and ship the smallest change that shows up in the weekly numbers. Measure for two weeks before the next change.`;
  return { title, body, answer, category: pick(CATEGORIES, i * 7), status: i % 10 === 9 ? "pending" : "published" };
}

function seedSql() {
  const now = Date.now();
  const lines = [];
  for (let i = 0; i < ROWS; i++) {
    const q = question(i);
    const at = now - i * 600_000;
    lines.push(
      `INSERT INTO qa_submissions (id, title, question, answer, category, slug, status, is_featured, view_count, created_at, updated_at) VALUES (${sqlText(`bench-${i}`)}, ${sqlText(q.title)}, ${sqlText(q.body)}, ${q.answer ? sqlText(q.answer) : "NULL"}, ${sqlText(q.category)}, ${sqlText(`bench-question-${i}`)}, ${sqlText(q.status)}, ${i % 50 === 0 ? 1 : 0}, ${(i * 37) % 5000}, ${at}, ${at});`,
    );
  }
  return lines.join("\n");
}

console.log(`Seeding a fresh local D1 with ${ROWS.toLocaleString("en-US")} questions…`);
freshDatabase(STATE, seedSql());
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
