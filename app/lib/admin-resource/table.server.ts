/**
 * The queries most resources share, built from a drizzle table: a searched,
 * paged list (search with instr(), never a LIKE pattern built from input: D1
 * refuses those over 50 bytes), get by id, update guarded by `updated_at`
 * (the stale-save check), delete. A declaration adds its own mapping.
 */
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { getDb } from "../db.server";
import type { ListQuery, ListResult, SaveOutcome } from "./server";
import type { ResourceRow } from "./types";

type Table = SQLiteTable & { id: SQLiteColumn; updatedAt: SQLiteColumn };

export function tableQueries<T extends Table, Row extends Record<string, unknown>, Key extends string = string>(
  table: T,
  opts: {
    /** The column searched by the list's search box. */
    search: SQLiteColumn;
    orderBy: SQL[];
    /** The list's columns. */
    listSelect: Record<string, SQLiteColumn | SQL>;
    toRow: (row: Row) => ResourceRow<Key>;
    /** The column that titles a record (default `title`). */
    titleOf?: string;
    /** The column of the declaration's filter: the list counts its values (within the search) in the same batch. */
    filter?: SQLiteColumn;
  },
) {
  const matches = (q: string) => (q ? sql`instr(lower(${opts.search}), lower(${q})) > 0` : undefined);
  return {
    async list(env: Env, { q, page, pageSize, filter }: ListQuery): Promise<ListResult<ResourceRow<Key>>> {
      const db = getDb(env);
      const page_ = (where: SQL | undefined) =>
        db
          .select(opts.listSelect)
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
        return { rows: (rows as Row[]).map(opts.toRow), total: total?.n ?? 0 };
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
      return { rows: (rows as Row[]).map(opts.toRow), total, counts };
    },
    /** A record as form values: nulls as "", `updatedAt` in ms (for the stale-save check), `title` named by `titleOf`. */
    async get(env: Env, id: string): Promise<({ id: string; title: string; updatedAt: number } & Record<string, unknown>) | null> {
      const row = await getDb(env)
        .select()
        .from(table as SQLiteTable)
        .where(eq(table.id, id))
        .get();
      if (!row) return null;
      const { createdAt: _created, updatedAt, ...rest } = row;
      const values = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v === null ? "" : v]));
      return {
        ...(values as Record<string, unknown>),
        id: String(row.id),
        title: String(row[opts.titleOf ?? "title"]),
        updatedAt: (updatedAt as Date).getTime(),
      };
    },
    async update(env: Env, id: string, values: Record<string, unknown>, expectedUpdatedAt: number): Promise<SaveOutcome> {
      const db = getDb(env);
      const now = new Date(Math.max(Date.now(), expectedUpdatedAt + 1));
      const [changed] = await db
        .update(table)
        .set({ ...values, updatedAt: now } as never)
        .where(and(eq(table.id, id), eq(table.updatedAt, new Date(expectedUpdatedAt))))
        .returning({ id: table.id });
      if (changed) return "ok";
      const exists = await db
        .select({ id: table.id })
        .from(table as SQLiteTable)
        .where(eq(table.id, id))
        .get();
      return exists ? "stale" : "missing";
    },
    async remove(env: Env, id: string) {
      const deleted = await getDb(env).delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return deleted.length > 0;
    },
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
}
