#!/usr/bin/env node
// Benchmark of the blog with 1,000 posts in a fresh local D1: the list, a category, a post page
// and the feed, through `wrangler dev` on the built worker. Median and p95 of the time to the
// response headers (loopback, same machine), after a warm-up.
//
// Usage: npm run build && node scripts/bench-blog.mjs [--rows 1000] [--requests 200] [--port 8832]
import { arg, freshDatabase, measure, printTable, requireBuild, serve, sqlText } from "./bench-lib.mjs";

const ROWS = arg("rows", 1000);
const REQUESTS = arg("requests", 200);
const PORT = arg("port", 8832);
requireBuild();

const CATEGORIES = ["saas-development", "marketing", "product", "technical", "business", "other"];
const TOPICS = ["pricing", "onboarding", "churn", "App Store review", "webhooks", "cold email", "agency partners", "reviews"];

function seedSql() {
  const now = Date.now();
  const lines = [];
  for (let i = 0; i < ROWS; i++) {
    const topic = TOPICS[i % TOPICS.length];
    const at = now - i * 3_600_000;
    const content = JSON.stringify([
      { type: "introduction", heading: `Why ${topic} matters`, content: `Founders who get **${topic}** right grow faster.\n- measure it\n- change one thing at a time` },
      { type: "section", heading: "What to do", content: `A plan for ${topic} in four weeks, with [examples](/blog).`, subsections: [{ subheading: "Week one", content: "Talk to five merchants." }] },
      { type: "conclusion", content: "Start small and measure." },
    ]);
    lines.push(
      `INSERT INTO blogs (id, slug, title, excerpt, content, category, tags, author_name, is_published, published_at, created_at, updated_at) VALUES (${sqlText(`bench-${i}`)}, ${sqlText(`bench-post-${i}`)}, ${sqlText(`Getting ${topic} right, part ${i}`)}, ${sqlText(`How Shopify app founders handle ${topic}.`)}, ${sqlText(content)}, ${sqlText(CATEGORIES[i % 6])}, ${sqlText(JSON.stringify([topic, "growth"]))}, 'Maya Chen', ${i % 20 === 19 ? 0 : 1}, ${i % 20 === 19 ? "NULL" : at}, ${at}, ${at});`,
    );
  }
  return lines.join("\n");
}

console.log(`Seeding a fresh local D1 with ${ROWS.toLocaleString("en-US")} blog posts…`);
freshDatabase(".tmp/bench-blog-state", seedSql());
const { base, stop } = await serve(PORT, ".tmp/bench-blog-state");
try {
  const cases = [
    ["/blog", "Getting"],
    ["/blog?category=technical", "Getting"],
    ["/blog?page=40", "Getting"],
    ["/blog/bench-post-500", "Week one"],
    ["/blog/rss.xml", "<item>"],
  ];
  const results = [];
  for (const [path, text] of cases) results.push(await measure(base, path, text, REQUESTS));
  printTable(`Blog, ${ROWS.toLocaleString("en-US")} posts, ${REQUESTS} requests each (ms, time to response headers):`, results);
} finally {
  stop();
}
