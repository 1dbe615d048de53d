/**
 * End-to-end tests: playwright-core drives Debian's Chromium against the built
 * site served by `wrangler dev` (local D1, KV, queue and cron) on a fresh state
 * directory. Run after `npm run build` (npm test does both).
 */
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
