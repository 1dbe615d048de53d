/**
 * Integration tests (and the unit tests that need the runtime: tests/unit/runtime), inside workerd through
 * @cloudflare/vitest-pool-workers, with the bindings of wrangler.toml (local
 * D1, KV and queue) and every migration applied to a fresh D1.
 * Pure unit tests run in Node: vitest.unit.config.ts. The end-to-end suite has its own config: vitest.e2e.config.ts.
 */
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import type { Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

/**
 * No source maps but the tests' own (ADR 0018). Vitest inlines each module's map into the code it sends to the file's
 * isolate, and the pool serialises every module afresh for every file, a character at a time: the maps were 16 of the
 * 22 MB sent per file, and most of the Node process's work. A transform answering `mappings: ""` tells Vite the module
 * has no map. First the dependencies' and the build's went; then the app's own modules' (about 0.9 s of CPU per file,
 * 2026-11-28): a stack trace through app code now gives the line of the transformed module, and its function names
 * still lead to the source. A test file keeps its map, so a failing assertion points at its own line.
 */
const testMapsOnly: Plugin = {
  name: "test-source-maps-only",
  transform(code, id) {
    if (!id.includes("/tests/")) return { code, map: { mappings: "" } };
  },
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      tsconfigPaths(),
      testMapsOnly,
      cloudflareTest({
        main: "./server.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // An empty D1 besides DB: tests/integration/migrations.test.ts applies the migrations to it step by step.
          // TEAM_TEST_DB: a D1 of its own for the last-admin test (tests/integration/team.test.ts).
          d1Databases: { MIGRATION_TEST_DB: "migration-test", TEAM_TEST_DB: "team-test" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            SESSION_SECRET: "test-session-secret-0123456789",
            // Encryption at rest and the password pepper (ADR 0017): test values, as production sets its own.
            DATA_ENCRYPTION_KEYS: "test1:dGVzdC1kYXRhLWVuY3J5cHRpb24ta2V5LTAxMjM0NTY=",
            PASSWORD_PEPPER: "test-password-pepper-0123456789",
            MAILCHANNELS_API_KEY: "test-mailchannels-key",
            // Cloudflare's test secret that passes every token; siteverify itself is stubbed (siteverify-stub.ts).
            TURNSTILE_SECRET_KEY: "1x0000000000000000000000000000000AA",
            // The schedulers' webhook secrets (ADR 0024): the tests sign their bodies with these.
            CAL_COM_WEBHOOK_SECRET: "test-cal-com-secret",
            CALENDLY_WEBHOOK_SIGNING_KEY: "test-calendly-signing-key",
          },
        },
      }),
    ],
    test: {
      // Pure unit tests run in Node (vitest.unit.config.ts); only those that need the runtime's APIs run here.
      include: ["tests/unit/runtime/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
      setupFiles: ["./tests/integration/setup.ts"],
      // Both cores: Vitest's default is one worker fewer than the cores, one file at a time on this machine (ADR 0018).
      maxWorkers: 2,
      // A timeout catches a hung test, not a slow one: speed is for the benchmarks (scripts/bench-*). A busy machine
      // can take a D1-heavy test past Vitest's default 5 s.
      testTimeout: 20_000,
      // The Worker's dependencies pre-bundled, so each file's isolate loads a few modules instead of hundreds.
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            // Minified, and React's production build as the e2e sites and production run it (the development
            // build's checks are the browser's business: hydration errors fail the e2e journeys). Less to send and
            // to load per file.
            esbuildOptions: { minify: true, define: { "process.env.NODE_ENV": '"production"' } },
            include: [
              "@remix-run/cloudflare",
              "@remix-run/react",
              "@remix-run/server-runtime",
              "react",
              "react-dom",
              "react-dom/server",
              "zod",
              "@conform-to/react",
              "@conform-to/zod/v4",
              "drizzle-orm",
              "drizzle-orm/sqlite-core",
              "drizzle-orm/d1",
              "papaparse",
              "uqr",
              "standardwebhooks",
              "remix-auth",
              "remix-auth-form",
              "isbot",
              "@zxcvbn-ts/core",
              "@zxcvbn-ts/language-common",
              "@epic-web/totp",
            ],
          },
        },
      },
    },
  };
});
