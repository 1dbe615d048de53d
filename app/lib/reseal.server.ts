/**
 * Re-sealing (ADR 0017): every sealed value not under the current key of DATA_ENCRYPTION_KEYS, and every
 * value still in clear from before encryption, is sealed anew under the current key, a page at a time.
 * Run by the cron (one page per run: the migration of rows from before encryption, and a rotation done
 * slowly) and by `npm run keys:rotate` (every page, locally or with --remote): the same code, over a
 * runner that is D1 in the Worker and `wrangler d1 execute` in the script. Relative imports only: the
 * script loads this file in Node.
 *
 * Each value is written back only if it is still the one read (`UPDATE … WHERE rowid = ? AND col = old`),
 * so a write made meanwhile (a new two-factor secret, a destination deleted) is never lost or undone.
 */
import { dataKeyring, SEALED_PREFIX, sealWith, unsealWith, type DataKeyring, type SealContext } from "./encryption.server";

/** Every column stored sealed, and what it holds (the context its values are sealed with). */
export const SEALED_COLUMNS: readonly { table: string; column: string; context: SealContext }[] = [
  { table: "users", column: "totp_secret", context: "totp" },
  { table: "users", column: "totp_pending_secret", context: "totp" },
  { table: "notification_destinations", column: "url", context: "destination-url" },
  { table: "notification_destinations", column: "secret", context: "webhook-secret" },
];

/**
 * Emails' single-use links, sealed in `email_outbox.payload` (any top-level text of a payload that is
 * sealed). They live there only until the first try, so only rows still waiting hold any.
 */
const OUTBOX_WAITING = "status IN ('queued', 'capped')";

export interface Statement {
  sql: string;
  params: (string | number | null)[];
}

/** Where the statements run: D1 in the Worker, `wrangler d1 execute` in the script. */
export interface SqlRunner {
  all<T>(statement: Statement): Promise<T[]>;
  /** Runs the statements as one batch; returns how many rows each returned (an update's RETURNING: the rows it changed). */
  batch(statements: Statement[]): Promise<number[]>;
}

/** A runner over a D1 binding. */
export function d1Runner(db: D1Database): SqlRunner {
  const prepare = (s: Statement) => db.prepare(s.sql).bind(...s.params);
  return {
    all: async <T>(s: Statement) => (await prepare(s).all<T>()).results,
    batch: async (statements) => (statements.length ? (await db.batch(statements.map(prepare))).map((r) => r.results.length) : []),
  };
}

/** Rows of one page, per column (each UPDATE binds 3 parameters; a page is one batch). */
export const RESEAL_PAGE = 50;

const currentPrefix = (ring: DataKeyring) => `${SEALED_PREFIX}${ring.currentId}:`;
const isCurrent = (ring: DataKeyring, value: string) => value.startsWith(currentPrefix(ring));

/** The condition "this text is not sealed under the current key" (`?1` the prefix, `?2` its length): case-sensitive. */
const notCurrent = (expression: string) => `substr(${expression}, 1, ?2) <> ?1`;

export interface ResealResult {
  /** Values sealed anew by this page. */
  resealed: number;
  /** A column or the outbox had a full page: there may be more. */
  more: boolean;
}

/** One page of every sealed column and of the outbox's links: read, sealed under the current key, written back guarded. */
export async function resealPage(runner: SqlRunner, ring: DataKeyring, limit = RESEAL_PAGE): Promise<ResealResult> {
  const prefix = currentPrefix(ring);
  const updates: Statement[] = [];
  let more = false;
  for (const { table, column, context } of SEALED_COLUMNS) {
    const rows = await runner.all<{ rid: number; value: string }>({
      sql: `SELECT rowid AS rid, ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ${notCurrent(column)} LIMIT ?3`,
      params: [prefix, prefix.length, limit],
    });
    more ||= rows.length === limit;
    for (const row of rows) {
      const value = await sealWith(ring, context, await unsealWith(ring, context, row.value));
      updates.push({
        sql: `UPDATE ${table} SET ${column} = ?1 WHERE rowid = ?2 AND ${column} = ?3 RETURNING rowid`,
        params: [value, row.rid, row.value],
      });
    }
  }
  const outbox = await runner.all<{ rid: number; payload: string }>({
    sql: `SELECT rowid AS rid, payload FROM email_outbox WHERE ${OUTBOX_WAITING}
            AND EXISTS (SELECT 1 FROM json_each(payload) WHERE type = 'text' AND substr(value, 1, ${SEALED_PREFIX.length}) = '${SEALED_PREFIX}'
                        AND ${notCurrent("value")})
          LIMIT ?3`,
    params: [prefix, prefix.length, limit],
  });
  more ||= outbox.length === limit;
  for (const row of outbox) {
    const payload = JSON.parse(row.payload) as Record<string, unknown>;
    for (const [field, value] of Object.entries(payload))
      if (typeof value === "string" && value.startsWith(SEALED_PREFIX) && !isCurrent(ring, value))
        payload[field] = await sealWith(ring, "email-link", await unsealWith(ring, "email-link", value));
    updates.push({
      sql: "UPDATE email_outbox SET payload = ?1 WHERE rowid = ?2 AND payload = ?3 RETURNING rowid",
      params: [JSON.stringify(payload), row.rid, row.payload],
    });
  }
  const changes = await runner.batch(updates);
  return { resealed: changes.reduce((n, c) => n + c, 0), more };
}

/** How many values are not sealed under the current key, per column (`table.column`) and for the outbox's links. */
export async function unsealedCounts(runner: SqlRunner, ring: DataKeyring): Promise<Record<string, number>> {
  const prefix = currentPrefix(ring);
  const counts: Record<string, number> = {};
  for (const { table, column } of SEALED_COLUMNS) {
    const [row] = await runner.all<{ n: number }>({
      sql: `SELECT count(*) AS n FROM ${table} WHERE ${column} IS NOT NULL AND ${notCurrent(column)}`,
      params: [prefix, prefix.length],
    });
    counts[`${table}.${column}`] = row?.n ?? 0;
  }
  const [row] = await runner.all<{ n: number }>({
    sql: `SELECT count(*) AS n FROM email_outbox, json_each(email_outbox.payload) AS f WHERE ${OUTBOX_WAITING}
            AND f.type = 'text' AND substr(f.value, 1, ${SEALED_PREFIX.length}) = '${SEALED_PREFIX}' AND ${notCurrent("f.value")}`,
    params: [prefix, prefix.length],
  });
  counts["email_outbox.payload"] = row?.n ?? 0;
  return counts;
}

/**
 * The cron's step (every 5 minutes): one page, so rows from before encryption, and values under a key that
 * is no longer the current one, are sealed anew within a few runs, a few statements each. A failure is logged;
 * the next run tries again.
 */
export async function resealStep(env: Env): Promise<void> {
  try {
    const { resealed } = await resealPage(d1Runner(env.DB), await dataKeyring(env));
    if (resealed > 0) console.log(`Sealed ${resealed} value(s) anew under the current data key`);
  } catch (error) {
    console.error("Re-sealing failed; the next cron run tries again", error);
  }
}
