#!/usr/bin/env node
// `npm test`: every test, in order. Stops at the first failing step.
//   1. Chromium for the browser tests (installed with apt-get when root)
//   2. typecheck   3. build   4. unit + integration tests in workerd
//   5. end-to-end tests in Chromium against `wrangler dev`, JavaScript on and off
import { ensureChromium, run } from "./lib.mjs";

const step = (name) => console.log(`\n━━ ${name} ━━`);

step("Chromium");
console.log(`Using ${ensureChromium()}`);
step("Typecheck");
run("npx", ["tsc", "--noEmit"]);
step("Build");
run("npx", ["remix", "vite:build"]);
step("Unit and integration tests (workerd)");
run("npx", ["vitest", "run"]);
step("End-to-end tests (Chromium, JavaScript on and off)");
run("npx", ["vitest", "run", "--config", "vitest.e2e.config.ts"]);
console.log("\n✔ All tests passed.");
