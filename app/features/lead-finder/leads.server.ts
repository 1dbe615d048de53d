/**
 * Keywords and their store leads on D1, designed for D1's limits: an import
 * is a handful of statements in ONE batch (all or nothing), each inserting a
 * chunk of rows passed as ONE JSON parameter (`INSERT ... SELECT FROM
 * json_each(?)`); deletes of many ids pass them the same way, never as
 * thousands of bound parameters. Duplicate stores (the same URL, compared
 * case-insensitively and trimmed) are kept but hidden: the newest is shown.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { keywords } from "~/db/schema";
import { AUDIT_ACTIONS, auditEntry, auditStatement, type Actor } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import type { LeadRow } from "./csv-import.server";
import { LEADS_PAGE_SIZE } from "./lead-finder.options";

/** Rows per insert statement: their JSON stays well under D1's 1 MB per value and 100 KB per statement. */
const CHUNK_BYTES = 700_000;

export function listKeywords(env: Env) {
  return getDb(env)
    .select({
      id: keywords.id,
      keyword: keywords.keyword,
      createdAt: keywords.createdAt,
      // Written out: drizzle would name both columns without their tables inside the subquery.
      leadCount: sql<number>`(SELECT count(*) FROM leads AS l WHERE l.keyword_id = "keywords"."id")`,
    })
    .from(keywords)
    .orderBy(desc(keywords.createdAt))
    .limit(500);
}
export type KeywordRow = Awaited<ReturnType<typeof listKeywords>>[number];

/** Whether the keyword exists in any case: the key of the unique index `keywords_keyword_key_unique` (migration 0007). */
export async function keywordExists(env: Env, keyword: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT 1 AS x FROM keywords WHERE lower(trim(keyword)) = lower(trim(?1)) LIMIT 1")
    .bind(keyword)
    .first();
  return !!row;
}

/**
 * Adds a keyword, with its audit entry in the same batch. The database refuses
 * one that exists in any case (a unique index on `lower(trim(keyword))`), even
 * when two admins add it at the same moment: then this throws a unique
 * violation, and no entry is left.
 */
export async function addKeyword(env: Env, keyword: string, actor: Actor) {
  const db = getDb(env);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(keywords).values({ id, keyword }),
    auditEntry(db, { action: AUDIT_ACTIONS.keywordCreate, actor, resource: "keywords", recordId: id, detail: { keyword } }),
  ]);
}

/**
 * A keyword and its leads, with the audit entry (only when the keyword exists; it names the keyword and
 * counts the leads), in one batch. Returns how many leads went with it.
 */
export async function deleteKeyword(env: Env, id: string, actor: Actor): Promise<number> {
  const [, removed] = await env.DB.batch([
    auditStatement(
      env.DB,
      {
        action: AUDIT_ACTIONS.keywordDelete,
        actor,
        resource: "keywords",
        recordId: id,
        detail: sql`json_object('keyword', (SELECT keyword FROM keywords WHERE id = ${id}), 'leads', (SELECT count(*) FROM leads WHERE keyword_id = ${id}))`,
      },
      sql`EXISTS (SELECT 1 FROM keywords WHERE id = ${id})`,
    ),
    env.DB.prepare("DELETE FROM leads WHERE keyword_id = ?1").bind(id),
    env.DB.prepare("DELETE FROM keywords WHERE id = ?1").bind(id),
  ]);
  return removed?.meta.changes ?? 0;
}

export async function getKeyword(env: Env, id: string) {
  return (await getDb(env).select({ id: keywords.id, keyword: keywords.keyword }).from(keywords).where(eq(keywords.id, id)).get()) ?? null;
}

/** Splits rows into JSON arrays of short keys, each under CHUNK_BYTES. */
function chunks(rows: LeadRow[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const r of rows) {
    const item = JSON.stringify({ n: r.storeName, u: r.storeUrl, e: r.email, a: r.appTesting, s: r.status });
    if (size + item.length + 1 > CHUNK_BYTES && current.length) {
      out.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(item);
    size += item.length + 1;
  }
  if (current.length) out.push(`[${current.join(",")}]`);
  return out;
}

/**
 * Imports rows for a keyword: per chunk, first how many of its stores the
 * keyword already had, then the insert, and last the audit entry, all in one
 * batch. Returns the inserted count, the duplicates already in the keyword and
 * the number of D1 statements used.
 */
export async function importLeads(env: Env, keywordId: string, rows: LeadRow[], actor: Actor) {
  // Later rows of the file are newer, by a millisecond each: the list shows the file's last rows first.
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  let offset = 0;
  for (const json of chunks(rows)) {
    statements.push(
      env.DB.prepare(
        `SELECT count(*) AS n FROM json_each(?2) AS j
         WHERE EXISTS (SELECT 1 FROM leads WHERE keyword_id = ?1 AND lower(trim(store_url)) = lower(trim(json_extract(j.value, '$.u'))))`,
      ).bind(keywordId, json),
      env.DB.prepare(
        `INSERT INTO leads (id, keyword_id, store_name, store_url, email, app_testing, status, created_at)
         SELECT lower(hex(randomblob(16))), ?1, json_extract(value, '$.n'), json_extract(value, '$.u'), json_extract(value, '$.e'),
                json_extract(value, '$.a'), json_extract(value, '$.s'), ?3 - (?5 - (?4 + key))
         FROM json_each(?2)`,
      ).bind(keywordId, json, now, offset, rows.length),
    );
    offset += (JSON.parse(json) as unknown[]).length;
  }
  if (statements.length === 0) return { inserted: 0, alreadyInKeyword: 0, statements: 0 };
  statements.push(
    auditStatement(env.DB, {
      action: AUDIT_ACTIONS.leadsImport,
      actor,
      resource: "keywords",
      recordId: keywordId,
      detail: { rows: rows.length },
    }),
  );
  const results = await env.DB.batch<{ n: number }>(statements);
  let inserted = 0;
  let alreadyInKeyword = 0;
  results.slice(0, -1).forEach((r, i) => {
    if (i % 2 === 0) alreadyInKeyword += r.results[0]?.n ?? 0;
    else inserted += r.meta.changes;
  });
  return { inserted, alreadyInKeyword, statements: statements.length };
}

const KEY = "lower(trim(store_url))";

/** One page of a keyword's stores, duplicates hidden (the newest kept), with the counts: one round trip. */
export async function listLeads(env: Env, keywordId: string, page: number) {
  const [rows, counts] = await env.DB.batch<Record<string, unknown>>([
    // Newest first along (keyword_id, created_at); a row is shown unless a newer row of the keyword has its
    // URL (one probe of the (keyword_id, lower(trim(store_url))) index), so a page reads ~50 rows, not all.
    env.DB.prepare(
      `SELECT id, store_name, store_url, email, app_testing, status, created_at FROM leads AS l
       WHERE keyword_id = ?1 AND NOT EXISTS (
         SELECT 1 FROM leads AS n WHERE n.keyword_id = l.keyword_id AND lower(trim(n.store_url)) = lower(trim(l.store_url))
           AND (n.created_at > l.created_at OR (n.created_at = l.created_at AND n.id > l.id)))
       ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3`,
    ).bind(keywordId, LEADS_PAGE_SIZE, (page - 1) * LEADS_PAGE_SIZE),
    env.DB.prepare(`SELECT count(*) AS total, count(DISTINCT ${KEY}) AS stores FROM leads WHERE keyword_id = ?1`).bind(keywordId),
  ]);
  const total = Number(counts!.results[0]?.total ?? 0);
  const stores = Number(counts!.results[0]?.stores ?? 0);
  return {
    rows: rows!.results.map((r) => ({
      id: String(r.id),
      storeName: String(r.store_name),
      storeUrl: String(r.store_url),
      email: (r.email as string | null) ?? null,
      appTesting: String(r.app_testing ?? ""),
      status: String(r.status),
      createdAt: Number(r.created_at),
    })),
    stores,
    hidden: total - stores,
    page,
    pageCount: Math.max(1, Math.ceil(stores / LEADS_PAGE_SIZE)),
  };
}
export type LeadsPage = Awaited<ReturnType<typeof listLeads>>;

/** The audit entry of a delete of a keyword's stores: `stores` in its detail counts the stores `where` selects. */
const storesDeletedAudit = (env: Env, keywordId: string, actor: Actor, where: SQL, detail: SQL = sql``) =>
  auditStatement(
    env.DB,
    {
      action: AUDIT_ACTIONS.leadsDelete,
      actor,
      resource: "keywords",
      recordId: keywordId,
      detail: sql`json_object(${detail}'stores', (SELECT count(DISTINCT ${sql.raw(KEY)}) FROM leads WHERE ${where}))`,
    },
    sql`EXISTS (SELECT 1 FROM leads WHERE ${where})`,
  );

/**
 * Deletes the stores of these ids in a keyword, hidden duplicates included
 * (else a duplicate would take the deleted one's place), with the audit entry
 * (only when one of them exists; it counts the stores) in the same batch.
 * Returns how many stores went.
 */
export async function deleteStores(env: Env, keywordId: string, ids: string[], actor: Actor): Promise<number> {
  const json = JSON.stringify(ids);
  const selected = sql`keyword_id = ${keywordId} AND id IN (SELECT value FROM json_each(${json}))`;
  const [count] = await env.DB.batch<{ n: number }>([
    env.DB.prepare(`SELECT count(DISTINCT ${KEY}) AS n FROM leads WHERE keyword_id = ?1 AND id IN (SELECT value FROM json_each(?2))`).bind(
      keywordId,
      json,
    ),
    storesDeletedAudit(env, keywordId, actor, selected),
    env.DB.prepare(
      `DELETE FROM leads WHERE keyword_id = ?1 AND ${KEY} IN (SELECT ${KEY} FROM leads WHERE keyword_id = ?1 AND id IN (SELECT value FROM json_each(?2)))`,
    ).bind(keywordId, json),
  ]);
  return count?.results[0]?.n ?? 0;
}

/** Every store of a keyword, with the audit entry (only when there was one; it counts them) in the same batch. */
export async function deleteAllStores(env: Env, keywordId: string, actor: Actor): Promise<number> {
  const [, res] = await env.DB.batch([
    storesDeletedAudit(env, keywordId, actor, sql`keyword_id = ${keywordId}`, sql`'all', json('true'), `),
    env.DB.prepare("DELETE FROM leads WHERE keyword_id = ?1").bind(keywordId),
  ]);
  return res?.meta.changes ?? 0;
}
