/**
 * End-to-end tests: playwright-core drives Debian's Chromium against the built
 * site served by `wrangler dev` (local D1, KV, queue and cron). Files run in
 * parallel, each worker against a site, a state directory and a browser of its
 * own (tests/e2e/global-setup.ts). Run after `npm run build` (npm test does both).
 */
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { e2eWorkers } from "./tests/e2e/workers";

const workers = e2eWorkers();

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    // Generous: two files share the two cores, so a journey takes up to twice as long as alone.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: workers > 1,
    // A worker's files share its module cache: each file no longer imports playwright-core and the support modules
    // afresh (1.5 s a file quiet, 4 to 8 s in a full run, ADR 0018). Each file still connects to the worker's browser
    // and opens contexts of its own; the support modules keep no state of a file's.
    isolate: false,
    maxWorkers: workers,
  },
});
