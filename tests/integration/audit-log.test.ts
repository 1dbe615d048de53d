/**
 * The audit log (ADR 0011): an entry is a statement in the write's own D1
 * batch, so an entry and its write exist together or not at all; the cron
 * removes entries past the retention.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, pages } from "~/db/schema";
import { auditEntry } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import worker from "../../server";
import { all } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const entriesOf = (recordId: string) => all<{ action: string }>("SELECT * FROM audit_log WHERE record_id = ? ORDER BY at, rowid", recordId);

describe("together or not at all", () => {
  it("auditEntry rides in the write's batch: when the write fails, the entry is rolled back with it", async () => {
    const db = getDb(env);
    const slug = `taken-${uid()}`;
    await db.insert(pages).values({ slug, title: "First" });
    const recordId = crypto.randomUUID();
    await expect(
      db.batch([
        auditEntry(db, { action: "pages.create", actor: { email: "ada@example.com" }, resource: "pages", recordId }),
        db.insert(pages).values({ id: recordId, slug, title: "Same slug" }),
      ]),
    ).rejects.toThrow(/UNIQUE/);
    expect(await entriesOf(recordId)).toEqual([]);
    // And with the write accepted, both are there.
    await db.batch([
      db.insert(pages).values({ id: recordId, slug: `ok-${uid()}`, title: "Fine" }),
      auditEntry(db, { action: "pages.create", actor: { email: "ada@example.com" }, resource: "pages", recordId }),
    ]);
    expect((await entriesOf(recordId)).map((e) => e.action)).toEqual(["pages.create"]);
  });
});

// ------------------------------------------------------------------- retention

describe("retention", () => {
  async function runCron(testEnv: Env = env) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
  }
  const insert = (action: string, ageDays: number) =>
    getDb(env)
      .insert(auditLog)
      .values({ action, at: new Date(Date.now() - ageDays * 86_400_000) });

  it("removes entries older than AUDIT_RETENTION_DAYS (365 by default) and keeps the rest", async () => {
    const action = `seed.retention-${uid()}`;
    await insert(action, 400);
    await insert(action, 366);
    await insert(action, 364);
    await insert(action, 1);
    await runCron();
    const left = await getDb(env).select({ at: auditLog.at }).from(auditLog).where(eq(auditLog.action, action));
    expect(left.map((r) => Math.round((Date.now() - r.at.getTime()) / 86_400_000)).sort((a, b) => a - b)).toEqual([1, 364]);

    await runCron({ ...env, AUDIT_RETENTION_DAYS: "30" });
    expect(await all("SELECT id FROM audit_log WHERE action = ?", action)).toHaveLength(1);
  });
});
