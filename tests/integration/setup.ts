/**
 * Before each integration file: every migration on the fresh D1, and Turnstile's siteverify stubbed. Before each
 * test: the edge cache's pages purged (the local stand-in), so a test never reads a page another test cached.
 * Unit files skip it: `cloudflare:test` loads the whole Worker into the file's isolate, seconds per file (ADR 0018).
 */
import { beforeEach, expect } from "vitest";

if (!expect.getState().testPath?.includes("/tests/unit/")) {
  const { applyD1Migrations, env } = await import("cloudflare:test");
  const { installSiteverifyStub } = await import("./siteverify-stub");
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  installSiteverifyStub();
  const { purgeLocally } = await import("~/lib/edge-purge.server");
  beforeEach(() => purgeLocally(env, ["site"]));
}
