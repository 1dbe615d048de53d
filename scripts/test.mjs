#!/usr/bin/env node
// `npm test`: every test, in order. Stops at the first failing step.
//   1. Chromium for the browser tests (installed with apt-get when root)
//   2. typecheck, lint, format check   3. build (and the home page's 100 KB JavaScript budget)   4. unit + integration tests in workerd
//   5. end-to-end tests in Chromium against `wrangler dev`, JavaScript on and off
import { readFileSync } from "node:fs";
import { ensureChromium, run } from "./lib.mjs";

const totals = { passed: 0, failed: 0 };
/** Runs a vitest suite and adds its counts (from the JSON reporter) to the totals. */
function vitest(name, args) {
  const out = `.tmp/vitest-${name}.json`;
  run("npx", ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`]);
  const report = JSON.parse(readFileSync(out, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
}

const step = (name) => console.log(`\n━━ ${name} ━━`);

step("Chromium");
console.log(`Using ${ensureChromium()}`);
step("Typecheck");
run("npx", ["tsc", "--noEmit"]);
step("Lint and format (zero findings)");
run("npx", ["eslint", ".", "--max-warnings", "0"]);
run("npx", ["prettier", "--check", "."]);
step("Build");
run("npx", ["remix", "vite:build"]);
step("Budget: client JavaScript of the home page and the blog pages (gzip)");
// The home page, and the blog's list and post pages, which keep the home page's budget.
for (const route of ["routes/_index", "routes/blog._index", "routes/blog.$slug"]) {
  run("node", ["scripts/bench-home-js.mjs", "--budget-kb", "100", "--route", route]);
}
step("Unit and integration tests (workerd)");
vitest("workers", []);
step("End-to-end tests (Chromium, JavaScript on and off)");
vitest("e2e", ["--config", "vitest.e2e.config.ts"]);
console.log(`\n✔ All tests passed.\n${totals.passed} passed, ${totals.failed} failed`);
