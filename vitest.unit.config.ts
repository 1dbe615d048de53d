/**
 * Unit tests of pure code, in Node: no Worker to load, so a file costs milliseconds instead of the seconds an
 * isolate in workerd takes (ADR 0018). They run in a zone far from UTC, half an hour off the hour, so that
 * nothing they test leans on the machine's zone. Unit tests of code that needs the Workers runtime's own APIs
 * (HTMLRewriter, React's web-stream renderer) live in tests/unit/runtime/ and run in workerd with the
 * integration tests (vitest.config.ts).
 */
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

process.env.TZ = "Asia/Kolkata";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    exclude: ["tests/unit/runtime/**"],
    environment: "node",
    maxWorkers: 2,
    // A timeout catches a hung test, not a slow one (as in vitest.config.ts): the password hashes' 100,000 rounds take
    // 1.5 to 2 s on a quiet machine, and `npm test` runs these beside the build and the integration suite.
    testTimeout: 20_000,
  },
});
