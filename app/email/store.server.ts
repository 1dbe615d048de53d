/**
 * The one procedure every form ends in: store the record and its outbox rows
 * in one D1 batch (all or nothing), then put the outbox ids on the queue.
 *
 * Safe to try twice. Every id (the record's, the emails') is made once, by the
 * caller, before the first try. A transient D1 error is tried again after a
 * short, growing delay; but a try whose answer was lost (a reset connection)
 * may have committed, so before each new try, and when a new try is refused
 * by a constraint (its own ids exist already), the procedure looks for its
 * own first outbox row: found, the write is done, counted as a success, and
 * nothing is stored or sent twice.
 */
import { D1_RETRY_DELAYS_MS, isTransientD1Error } from "~/lib/d1-retry.server";
import { getDb, type Db } from "~/lib/db.server";
import { enqueueOutbox, insertOutbox, type OutboxDraft } from "./outbox.server";

/** A statement of the batch: a drizzle query (insert, update...) or a raw D1 statement. */
type Statement = { toSQL(): { sql: string; params: unknown[] } } | D1PreparedStatement;

interface StoreAndNotify {
  /** For the logs: what is being stored. */
  label: string;
  /** The record's statements, built once with their ids (never left to a default made anew per try). */
  records: (db: Db, d1: D1Database) => Statement[];
  /** The emails about it; their ids are made once by `outboxDraft`. At least one. */
  drafts: [OutboxDraft, ...OutboxDraft[]];
  /**
   * Write the emails only if the last record statement changed a row (SQLite `changes()`): a
   * guarded update, such as a draft that is completed once, sends its emails at most once.
   */
  onlyIfChanged?: boolean;
}

type Stored =
  /** Written by this try: D1's results of the record statements, in order. */
  | { status: "written"; results: D1Result[]; queued: boolean }
  /** An earlier try of this same write had committed (its answer was lost). */
  | { status: "found"; queued: boolean };

/** One D1 statement, whatever built it (drizzle maps its values to D1's, e.g. JSON and dates, in toSQL). */
function toD1(d1: D1Database, statement: Statement): D1PreparedStatement {
  if (!("toSQL" in statement)) return statement;
  const { sql, params } = statement.toSQL();
  return d1.prepare(sql).bind(...params);
}

function outboxStatements(db: Db, d1: D1Database, drafts: OutboxDraft[], onlyIfChanged: boolean): Statement[] {
  if (!onlyIfChanged) return [insertOutbox(db, drafts)];
  // Each insert checks the statement just before it: the guarded record, then the previous email.
  const now = Date.now();
  return drafts.map((d) =>
    d1
      .prepare(
        `INSERT INTO email_outbox (id, kind, recipient, subject, payload, status, attempts, next_attempt_at, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, 'queued', 0, ?6, ?6 WHERE changes() = 1`,
      )
      .bind(d.id, d.kind, d.recipient, d.subject, JSON.stringify(d.payload), now),
  );
}

export async function storeAndNotify(env: Env, write: StoreAndNotify, delays: readonly number[] = D1_RETRY_DELAYS_MS): Promise<Stored> {
  const db = getDb(env);
  const records = write.records(db, env.DB);
  // Built once: the same statements, with the same ids, on every try.
  const statements = [...records, ...outboxStatements(db, env.DB, write.drafts, write.onlyIfChanged ?? false)].map((s) => toD1(env.DB, s));
  const ids = write.drafts.map((d) => d.id);
  const ours = async () => {
    const row = await env.DB.prepare("SELECT 1 AS found FROM email_outbox WHERE id = ?1").bind(ids[0]).first<{ found: number }>();
    return row !== null;
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const results = await env.DB.batch(statements);
      // Guarded emails that were not written (nothing changed) are not queued either.
      const written = write.onlyIfChanged ? ids.filter((_, i) => results[records.length + i]?.meta.changes === 1) : ids;
      return { status: "written", results: results.slice(0, records.length), queued: await enqueueOutbox(env, written) };
    } catch (error) {
      const transient = isTransientD1Error(error);
      // A try whose answer was lost may have committed: look for its rows before trying again, and when
      // a new try is refused by a constraint (its own ids exist already).
      if ((transient || attempt > 0) && (await ours().catch(() => false))) {
        console.warn(`D1 write "${write.label}": an earlier try had committed (its answer was lost); counted as done`);
        return { status: "found", queued: await enqueueOutbox(env, ids) };
      }
      if (!transient || attempt >= delays.length) throw error;
      console.warn(
        `D1 write "${write.label}" failed (${error instanceof Error ? error.message : String(error)}); retry ${attempt + 1} of ${delays.length} in ${delays[attempt]} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
