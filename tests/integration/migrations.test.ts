/**
 * Migration 0007 (unique keys) on a database that already holds what its
 * indexes forbid: an empty D1 is migrated up to 0006, given duplicate keywords
 * (with leads) and duplicate emails in any case, then migrated to 0007. The
 * duplicates are merged (the first of each kept, the leads moved to it), and
 * from then on the database itself refuses another one.
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

const db = env.MIGRATION_TEST_DB;
const UNIQUE_KEYS = "0007_unique_keys.sql";
const rows = async <T>(sql: string, ...params: unknown[]) =>
  (
    await db
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;

beforeAll(async () => {
  const names = env.TEST_MIGRATIONS.map((m) => m.name);
  expect(names).toContain(UNIQUE_KEYS);
  await applyD1Migrations(
    db,
    env.TEST_MIGRATIONS.filter((m) => m.name < UNIQUE_KEYS),
  );

  // Raw SQL throughout: the tables as they stood before 0007 (the factories write today's columns), and the SQL
  // constraints themselves under test.
  // What 0006 allowed: the same keyword in several cases and with spaces, each with its leads.
  await db.batch([
    db.prepare(
      "INSERT INTO keywords (id, keyword, created_at) VALUES ('kw-first', 'Bundles', 1000), ('kw-lower', 'bundles', 2000), ('kw-spaces', ' BUNDLES ', 3000), ('kw-other', 'Upsell', 1500)",
    ),
    db.prepare(
      `INSERT INTO leads (id, keyword_id, store_name, store_url, created_at) VALUES
         ('lead-1', 'kw-first', 'First', 'https://first.example', 1100),
         ('lead-2', 'kw-lower', 'Second', 'https://second.example', 2100),
         ('lead-3', 'kw-lower', 'Third', 'https://first.example', 2200),
         ('lead-4', 'kw-spaces', 'Fourth', 'https://fourth.example', 3100),
         ('lead-5', 'kw-other', 'Fifth', 'https://fifth.example', 1600)`,
    ),
    db.prepare(
      "INSERT INTO waitlist_entries (id, email, created_at) VALUES ('wl-1', 'ada@example.com', 1000), ('wl-2', 'Ada@Example.com', 2000), ('wl-3', ' ada@example.com', 3000), ('wl-4', 'bob@example.com', 1000)",
    ),
    db.prepare(
      "INSERT INTO newsletter_subscribers (id, email, created_at) VALUES ('nl-2', 'GRACE@example.com', 500), ('nl-1', 'grace@example.com', 500), ('nl-3', 'cy@example.com', 700)",
    ),
  ]);

  await applyD1Migrations(db, env.TEST_MIGRATIONS);
});

describe("migration 0007: unique keys", () => {
  it("merges duplicate keywords into the first one added, moving their leads to it", async () => {
    expect(await rows("SELECT id, keyword FROM keywords ORDER BY id")).toEqual([
      { id: "kw-first", keyword: "Bundles" },
      { id: "kw-other", keyword: "Upsell" },
    ]);
    expect(await rows("SELECT id, keyword_id FROM leads ORDER BY id")).toEqual([
      { id: "lead-1", keyword_id: "kw-first" },
      { id: "lead-2", keyword_id: "kw-first" },
      { id: "lead-3", keyword_id: "kw-first" },
      { id: "lead-4", keyword_id: "kw-first" },
      { id: "lead-5", keyword_id: "kw-other" },
    ]);
  });

  it("keeps the first of each email of the waitlist and the newsletter, in any case and spacing", async () => {
    expect(await rows("SELECT id, email FROM waitlist_entries ORDER BY id")).toEqual([
      { id: "wl-1", email: "ada@example.com" },
      { id: "wl-4", email: "bob@example.com" },
    ]);
    // Same time: the smaller id is the first.
    expect(await rows("SELECT id, email FROM newsletter_subscribers ORDER BY id")).toEqual([
      { id: "nl-1", email: "grace@example.com" },
      { id: "nl-3", email: "cy@example.com" },
    ]);
  });

  it("lets the database refuse a keyword or an email that exists in another case or with spaces", async () => {
    const refused = async (sql: string) => {
      await expect(db.prepare(sql).run()).rejects.toThrow(/UNIQUE constraint failed/);
    };
    await refused("INSERT INTO keywords (id, keyword) VALUES ('kw-new', 'BUNDLES')");
    await refused("INSERT INTO keywords (id, keyword) VALUES ('kw-new', 'upsell ')");
    await refused("INSERT INTO waitlist_entries (id, email) VALUES ('wl-new', 'BOB@example.com')");
    await refused("INSERT INTO newsletter_subscribers (id, email) VALUES ('nl-new', ' Cy@Example.com')");
    await db.prepare("INSERT INTO keywords (id, keyword) VALUES ('kw-new', 'Bundles kits')").run();
    try {
      expect(await rows("SELECT count(*) AS n FROM keywords")).toEqual([{ n: 3 }]);
    } finally {
      // The merge's test reads every keyword: leave them as the migration left them, whichever test runs first.
      await db.prepare("DELETE FROM keywords WHERE id = 'kw-new'").run();
    }
  });

  it("leaves the database the app's tests run on with the same indexes", async () => {
    const indexes = async (d: D1Database) =>
      (
        await d
          .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
          .all<{ name: string; sql: string }>()
      ).results;
    expect(await indexes(db)).toEqual(await indexes(env.DB));
    const names = (await indexes(db)).map((i) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(["keywords_keyword_key_unique", "waitlist_email_key_unique", "newsletter_email_key_unique"]),
    );
    expect(names).not.toContain("keywords_keyword_unique");
  });
});
