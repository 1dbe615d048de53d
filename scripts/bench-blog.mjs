#!/usr/bin/env node
// Benchmark of the blog with 1,000 posts in a fresh local D1: the list, a category, a post page
// and the feed, through `wrangler dev` on the built worker. Median and p95 of the time to the
// response headers (loopback, same machine), after a warm-up.
//
// Usage: npm run build && node scripts/bench-blog.mjs [--rows 1000] [--requests 200] [--port 8832]
import { arg, freshDatabase, measure, printTable, requireBuild, serve } from "./bench-lib.mjs";
import { postsSql } from "./bench-seeds.mjs";

const ROWS = arg("rows", 1000);
const REQUESTS = arg("requests", 200);
const PORT = arg("port", 8832);
requireBuild();

console.log(`Seeding a fresh local D1 with ${ROWS.toLocaleString("en-US")} blog posts…`);
freshDatabase(".tmp/bench-blog-state", postsSql(ROWS));
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
