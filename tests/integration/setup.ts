/**
 * Before each integration file: the storage left by the files before it emptied, every migration on an empty D1, and
 * Turnstile's siteverify stubbed. Before each test: the edge cache's pages purged (the local stand-in), so a test
 * never reads a page another test cached.
 *
 * The files of one Vitest worker share one workerd runtime (`isolate: false` in vitest.config.ts: loading the Worker
 * once per worker instead of once per file, ADR 0018), so its D1, KV and R2 outlive a file. Each file still starts
 * from an empty database, as it would on a runtime of its own. Unit files skip all of it: they never load the Worker.
 */
import { beforeEach, expect } from "vitest";

if (!expect.getState().testPath?.includes("/tests/unit/")) {
  const { applyD1Migrations, env } = await import("cloudflare:test");
  const { installSiteverifyStub } = await import("./siteverify-stub");
  await emptyStorage(env);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  installSiteverifyStub();
  const { purgeLocally } = await import("~/lib/edge-purge.server");
  beforeEach(() => purgeLocally(env, ["site"]));
}

/**
 * Every table of each D1 dropped (the migrations then build the database again, with the rows they insert), every page in the
 * edge cache, every KV key and every R2 object. A full-text index's own tables go with it, and triggers with their tables.
 */
async function emptyStorage(env: Env) {
  await Promise.all([env.DB, env.MIGRATION_TEST_DB, env.TEAM_TEST_DB].map(dropTables));
  // The edge cache's pages (the local stand-in, this runtime's Cache API), by the tags its index in KV names.
  const tags = new Set<string>();
  for (let cursor: string | undefined; ;) {
    const page = await env.CACHE.list({ prefix: "edge-tag:", cursor });
    for (const { name } of page.keys) tags.add(name.slice("edge-tag:".length, name.lastIndexOf(":")));
    if (page.list_complete) break;
    cursor = page.cursor;
  }
  const { purgeLocally } = await import("~/lib/edge-purge.server");
  await purgeLocally(env, [...tags]);
  for (const kv of [env.SESSIONS, env.CACHE]) {
    for (let cursor: string | undefined; ;) {
      const page = await kv.list({ cursor });
      await Promise.all(page.keys.map((key) => kv.delete(key.name)));
      if (page.list_complete) break;
      cursor = page.cursor;
    }
  }
  for (let cursor: string | undefined; ;) {
    const page = await env.MEDIA.list({ cursor });
    if (page.objects.length) await env.MEDIA.delete(page.objects.map((o) => o.key));
    if (!page.truncated) break;
    cursor = page.cursor;
  }
}

async function dropTables(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
    )
    .all<{ name: string; sql: string | null }>();
  const virtual = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
  const tables = results.filter((t) => !virtual.some((v) => t.name.startsWith(`${v}_`))).map((t) => t.name);
  if (tables.length)
    await db.batch([db.prepare("PRAGMA defer_foreign_keys = on"), ...tables.map((name) => db.prepare(`DROP TABLE "${name}"`))]);
}
