/**
 * The queries most resources share, built from a drizzle table: a searched,
 * paged list (search with instr(), never a LIKE pattern built from input: D1
 * refuses those over 50 bytes), get by id, update guarded by `updated_at`
 * (the stale-save check), delete. A declaration adds its own mapping.
 *
 * With `revisions`, every update keeps the version it replaces (ADR 0009):
 * one D1 batch snapshots the stored row into `revisions` (guarded by the same
 * stale check as the update, so a stale save stores nothing), updates it, and
 * prunes the record's versions beyond the newest `REVISIONS_KEPT`. The batch
 * is one transaction: when the update is refused (a unique slug), no revision
 * is left either.
 *
 * Every create, update and delete carries its audit entry (ADR 0011) in the
 * same batch; an update's and a delete's entry come first, under the write's
 * own condition (the stale check; the record exists), so a save that changes
 * nothing records nothing.
 */
import { and, count, desc, eq, getTableColumns, is, notInArray, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { revisions } from "~/db/schema";
import { auditEntry, type Actor, type AuditInput } from "../audit.server";
import { getDb, type Db } from "../db.server";
import type { FormValues, ListQuery, ListResult, RevisionSummary, RevisionValues, SaveOutcome } from "./server-types";
import type { ResourceRow } from "./types";

type Table = SQLiteTable & { id: SQLiteColumn; updatedAt: SQLiteColumn; updatedBy?: SQLiteColumn };

/** Versions kept per record; older ones are pruned by the save that adds one. */
export const REVISIONS_KEPT = 50;
/** D1 allows 32 arguments per SQL function: json_object takes a name and a value per column. */
const COLUMNS_PER_OBJECT = 16;

/** `json_object('col', "table"."col", …)` of every column, merged with json_patch past 16 columns. */
function snapshotOf(table: Table): SQL {
  const columns = Object.values(getTableColumns(table));
  const objects: SQL[] = [];
  for (let i = 0; i < columns.length; i += COLUMNS_PER_OBJECT) {
    // Column names are the schema's own (never input): literals, not bound parameters (D1 allows 100 per query).
    const pairs = columns.slice(i, i + COLUMNS_PER_OBJECT).map((c) => sql`${sql.raw(`'${c.name}'`)}, ${c}`);
    objects.push(sql`json_object(${sql.join(pairs, sql`, `)})`);
  }
  // json_patch drops keys whose value is null in the patch: a missing key reads back as null.
  return objects.reduce((merged, next) => sql`json_patch(${merged}, ${next})`);
}

export function tableQueries<T extends Table, Row extends Record<string, unknown>, Key extends string = string>(
  table: T,
  opts: {
    /** The column searched by the list's search box. */
    search: SQLiteColumn;
    orderBy: SQL[];
    /** The list's columns, by their names in the table (the rows' keys). */
    listColumns: readonly (keyof T["_"]["columns"] & string)[];
    /** A list row as the list shows it; by default the row with its id and title (`titleOf`) as text. */
    toRow?: (row: Row) => ResourceRow<Key>;
    /** The column that titles a record (default `title`). */
    titleOf?: string;
    /** The column of the declaration's filter: the list counts its values (within the search) in the same batch. */
    filter?: SQLiteColumn;
    /** Keep revisions, under this resource name (the tab, e.g. "pages"): the table needs `updatedBy`. */
    revisions?: string;
    /** The declaration's own form mapping of a record (e.g. JSON pretty-printed), for `get` and for revisions alike. */
    toFormValues?: (values: FormValues) => FormValues;
  },
) {
  const columns = getTableColumns(table);
  const listSelect = Object.fromEntries(opts.listColumns.map((key) => [key, columns[key]!]));
  const toRow = opts.toRow ?? ((row: Row) => ({ ...row, id: String(row.id), title: String(row[opts.titleOf ?? "title"]) }));
  const revisionsOf = (id: string) => and(eq(revisions.resource, opts.revisions ?? ""), eq(revisions.recordId, id));
  /** A row (drizzle's values) as form values: nulls as "", `updatedAt` in ms, `title` named by `titleOf`; then the declaration's mapping. */
  const formValues = (row: Record<string, unknown>): FormValues => {
    const { createdAt: _created, updatedAt, ...rest } = row;
    const values = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v === null ? "" : v]));
    const mapped: FormValues = {
      ...values,
      id: String(row.id),
      title: String(row[opts.titleOf ?? "title"]),
      updatedAt: (updatedAt as Date).getTime(),
    };
    return opts.toFormValues ? opts.toFormValues(mapped) : mapped;
  };
  /** A revision's JSON (by column name, as stored) read back as drizzle reads the row: booleans, dates, JSON. */
  const rowOfSnapshot = (json: string): Record<string, unknown> => {
    const stored = JSON.parse(json) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(columns).map(([key, column]) => {
        const value = stored[column.name];
        return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
      }),
    );
  };
  const matches = (q: string) => (q ? sql`instr(lower(${opts.search}), lower(${q})) > 0` : undefined);
  /** `EXISTS (SELECT 1 FROM <table> WHERE …)`: an audit entry's condition, the same as its write's (drizzle parenthesises the subquery). */
  const existsWhere = (db: Db, where: SQL | undefined) =>
    sql`EXISTS ${db
      .select({ one: sql`1` })
      .from(table as SQLiteTable)
      .where(where)}`;
  const queries = {
    async list(env: Env, { q, page, pageSize, filter }: ListQuery): Promise<ListResult<ResourceRow<Key>>> {
      const db = getDb(env);
      const page_ = (where: SQL | undefined) =>
        db
          .select(listSelect)
          .from(table as SQLiteTable)
          .where(where)
          .orderBy(...opts.orderBy)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
      if (!opts.filter) {
        const [rows, [total]] = await db.batch([
          page_(matches(q)),
          db
            .select({ n: count() })
            .from(table as SQLiteTable)
            .where(matches(q)),
        ]);
        return { rows: (rows as Row[]).map(toRow), total: total?.n ?? 0 };
      }
      const [rows, groups] = await db.batch([
        page_(and(matches(q), filter === null ? undefined : eq(opts.filter, filter))),
        db
          .select({ value: opts.filter, n: count() })
          .from(table as SQLiteTable)
          .where(matches(q))
          .groupBy(opts.filter),
      ]);
      const counts = Object.fromEntries(groups.map((g) => [String(g.value), g.n]));
      const total = filter === null ? groups.reduce((n, g) => n + g.n, 0) : (counts[filter] ?? 0);
      return { rows: (rows as Row[]).map(toRow), total, counts };
    },
    /** A record as form values: nulls as "", `updatedAt` in ms (for the stale-save check), `title` named by `titleOf`. */
    async get(env: Env, id: string): Promise<({ id: string; title: string; updatedAt: number } & Record<string, unknown>) | null> {
      const row = await getDb(env)
        .select()
        .from(table as SQLiteTable)
        .where(eq(table.id, id))
        .get();
      return row ? formValues(row) : null;
    },
    /**
     * Inserts a record as `actor` (when the table has `updatedBy`) with its audit entry, in one batch. The
     * id is made here, so the entry names the record; the entry's detail gets the record's title.
     */
    async create(env: Env, values: Record<string, unknown>, actor: Actor, audit: AuditInput): Promise<string> {
      const db = getDb(env);
      const id = crypto.randomUUID();
      const title = values[opts.titleOf ?? "title"];
      await db.batch([
        db.insert(table).values({ ...values, id, ...(table.updatedBy ? { updatedBy: actor.email } : {}) } as never),
        auditEntry(db, {
          ...audit,
          recordId: id,
          detail: typeof title === "string" && !is(audit.detail, SQL) ? { ...audit.detail, title } : audit.detail,
        }),
      ]);
      return id;
    },
    /**
     * Saves when the stored `updated_at` is still `expectedUpdatedAt`, as `actor` (when the table has `updatedBy`).
     * One batch: the audit entry (under the same stale check), with `revisions` the replaced version, the
     * update, and with `revisions` the pruning.
     */
    async update(
      env: Env,
      id: string,
      values: Record<string, unknown>,
      expectedUpdatedAt: number,
      actor: Actor | undefined,
      audit: AuditInput,
    ): Promise<SaveOutcome> {
      const db = getDb(env);
      const now = new Date(Math.max(Date.now(), expectedUpdatedAt + 1));
      const current = and(eq(table.id, id), eq(table.updatedAt, new Date(expectedUpdatedAt)));
      // Only when the update below will change the record: the same stale check, before it in the same transaction.
      const entry = auditEntry(db, { ...audit, recordId: id }, existsWhere(db, current));
      const update = db
        .update(table)
        .set({ ...values, updatedAt: now, ...(table.updatedBy && actor ? { updatedBy: actor.email } : {}) } as never)
        .where(current)
        .returning({ id: table.id });
      let changed: { id: unknown } | undefined;
      if (opts.revisions && table.updatedBy) {
        const [, , updated] = await db.batch([
          entry,
          // The version being replaced, only when the update below will replace it (the same stale check).
          db.insert(revisions).select(
            db
              .select({
                id: sql<string>`${crypto.randomUUID()}`.as("id"),
                resource: sql<string>`${opts.revisions}`.as("resource"),
                recordId: sql<string>`${table.id}`.as("record_id"),
                data: snapshotOf(table).mapWith(String).as("data"),
                savedBy: sql<string | null>`${table.updatedBy}`.as("saved_by"),
                savedAt: sql<Date>`${table.updatedAt}`.as("saved_at"),
                createdAt: sql<Date>`${now.getTime()}`.as("created_at"),
              })
              .from(table as SQLiteTable)
              .where(current),
          ),
          update,
          db
            .delete(revisions)
            .where(
              and(
                revisionsOf(id),
                notInArray(
                  revisions.id,
                  db
                    .select({ id: revisions.id })
                    .from(revisions)
                    .where(revisionsOf(id))
                    .orderBy(desc(revisions.savedAt), desc(revisions.createdAt), desc(revisions.id))
                    .limit(REVISIONS_KEPT),
                ),
              ),
            ),
        ]);
        changed = updated[0];
      } else {
        [changed] = (await db.batch([entry, update]))[1];
      }
      if (changed) return "ok";
      const exists = await db
        .select({ id: table.id })
        .from(table as SQLiteTable)
        .where(eq(table.id, id))
        .get();
      return exists ? "stale" : "missing";
    },
    /** Deletes the record with its audit entry (only when there is a record) and, with `revisions`, its versions: one batch. */
    async remove(env: Env, id: string, audit: AuditInput) {
      const db = getDb(env);
      const entry = auditEntry(db, { ...audit, recordId: id }, existsWhere(db, eq(table.id, id)));
      const remove = db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      const deleted = opts.revisions
        ? (await db.batch([entry, db.delete(revisions).where(revisionsOf(id)), remove]))[2]
        : (await db.batch([entry, remove]))[1];
      return deleted.length > 0;
    },
    /** The record's versions (with `revisions`), newest first; `undefined` without. */
    revisions: opts.revisions
      ? {
          async list(env: Env, id: string, limit: number): Promise<RevisionSummary[]> {
            const rows = await getDb(env)
              .select({ id: revisions.id, savedBy: revisions.savedBy, savedAt: revisions.savedAt })
              .from(revisions)
              .where(revisionsOf(id))
              .orderBy(desc(revisions.savedAt), desc(revisions.createdAt), desc(revisions.id))
              .limit(limit);
            return rows.map((r) => ({ ...r, savedAt: r.savedAt.getTime() }));
          },
          /** One version as form values, the shape `get` returns. */
          async get(env: Env, id: string, revisionId: string): Promise<RevisionValues | null> {
            const row = await getDb(env)
              .select()
              .from(revisions)
              .where(and(revisionsOf(id), eq(revisions.id, revisionId)))
              .get();
            if (!row) return null;
            return { id: row.id, savedBy: row.savedBy, savedAt: row.savedAt.getTime(), values: formValues(rowOfSnapshot(row.data)) };
          },
        }
      : undefined,
    /** Whether `column = value` is taken by another row than `id`. */
    async taken(env: Env, column: SQLiteColumn, value: string, id: string | null) {
      const row = await getDb(env)
        .select({ id: table.id })
        .from(table as SQLiteTable)
        .where(eq(column, value))
        .get();
      return !!row && row.id !== id;
    },
  };
  return {
    ...queries,
    /**
     * A declaration's create, update and remove, from its mapping of the form's value to the table's columns: the
     * three writes above, each with the same mapping.
     */
    writes<Value>(columnsOf: (value: Value) => Record<string, unknown>) {
      return {
        async create(env: Env, value: Value, actor: Actor, audit: AuditInput): Promise<void> {
          await queries.create(env, columnsOf(value), actor, audit);
        },
        update: (env: Env, id: string, value: Value, expectedUpdatedAt: number, actor: Actor, audit: AuditInput) =>
          queries.update(env, id, columnsOf(value), expectedUpdatedAt, actor, audit),
        remove: queries.remove,
      };
    },
  };
}
