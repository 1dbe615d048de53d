/**
 * The warm-leads search on D1: stored leads whose keyword contains the search
 * text (case-insensitively, as text: `instr`, never a LIKE pattern, so `%`,
 * `_` and quotes match themselves and a long search is no error), newest
 * first, each with its keyword. A store listed under several matching
 * keywords, or twice under one, is shown once: its newest lead.
 *
 * A page is one round trip (rows and count in one batch). The export reads
 * the same rows page by page along (created_at, id), never by OFFSET, and
 * hands each page to the CSV stream as it arrives.
 */
import { WARM_LEADS_PAGE_SIZE } from "./warm-leads.options";

/** Keywords containing ?1, computed once: every query below starts from these. */
const MATCHING_KEYWORDS = "WITH k AS MATERIALIZED (SELECT id, keyword FROM keywords WHERE instr(lower(keyword), lower(?1)) > 0)";
const STORE_KEY = (alias: string) => `lower(trim(${alias}.store_url))`;

/**
 * Leads of matching keywords that no newer matching lead of the same store
 * hides. The leads are walked newest first along (created_at, keyword_id)
 * (migration 0006), so a page stops after its rows instead of sorting every
 * match; the planner, which cannot know how many keywords match, would
 * otherwise check every lead of the table.
 */
const SHOWN_LEADS = `
  FROM leads AS l INDEXED BY leads_created_keyword_idx JOIN k ON k.id = l.keyword_id
  WHERE NOT EXISTS (
    SELECT 1 FROM leads AS n
    WHERE ${STORE_KEY("n")} = ${STORE_KEY("l")} AND n.keyword_id IN (SELECT id FROM k) AND n.created_at >= l.created_at
      AND (n.created_at > l.created_at OR n.id > l.id))`;

const COLUMNS = "l.id, l.store_name, l.store_url, l.email, l.app_testing, l.status, l.created_at, k.keyword";

export interface WarmLead {
  id: string;
  storeName: string;
  storeUrl: string;
  email: string | null;
  appTesting: string;
  status: string;
  keyword: string;
  createdAt: number;
}

const toLead = (r: Record<string, unknown>): WarmLead => ({
  id: String(r.id),
  storeName: String(r.store_name),
  storeUrl: String(r.store_url),
  email: (r.email as string | null) || null,
  appTesting: String(r.app_testing ?? ""),
  status: String(r.status),
  keyword: String(r.keyword),
  createdAt: Number(r.created_at),
});

/** One page of the matching stores and their count: one round trip. */
export async function searchWarmLeads(db: D1Database, text: string, page: number) {
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db
      .prepare(`${MATCHING_KEYWORDS} SELECT ${COLUMNS} ${SHOWN_LEADS} ORDER BY l.created_at DESC, l.id DESC LIMIT ?2 OFFSET ?3`)
      .bind(text, WARM_LEADS_PAGE_SIZE, (page - 1) * WARM_LEADS_PAGE_SIZE),
    // In store-key order from the index: no temporary B-tree of every key.
    db
      .prepare(
        `${MATCHING_KEYWORDS} SELECT count(DISTINCT ${STORE_KEY("l")}) AS stores FROM leads AS l INDEXED BY leads_store_keyword_idx
         WHERE l.keyword_id IN (SELECT id FROM k)`,
      )
      .bind(text),
  ]);
  const stores = Number(count!.results[0]?.stores ?? 0);
  return {
    rows: rows!.results.map(toLead),
    stores,
    page,
    pageCount: Math.max(1, Math.ceil(stores / WARM_LEADS_PAGE_SIZE)),
  };
}
export type WarmLeadsPage = Awaited<ReturnType<typeof searchWarmLeads>>;

/**
 * Rows per export query: 50,000 stores are 10 queries, well inside the 50
 * queries a Worker invocation may make on the free plan, and a page of a
 * few hundred KB.
 */
const EXPORT_PAGE_SIZE = 5000;

/** Every matching store, a page at a time (keyset pagination along created_at, id). */
export async function* exportWarmLeads(db: D1Database, text: string, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<WarmLead[]> {
  // Before the first page: later than any lead (the largest time a Date holds).
  let after = { createdAt: 8_640_000_000_000_000, id: "" };
  for (;;) {
    // A range on created_at (not OFFSET, not "?2 IS NULL OR"), so each page starts where the last ended.
    const { results }: D1Result<Record<string, unknown>> = await db
      .prepare(
        `${MATCHING_KEYWORDS} SELECT ${COLUMNS} ${SHOWN_LEADS}
           AND l.created_at <= ?2 AND (l.created_at < ?2 OR l.id < ?3)
         ORDER BY l.created_at DESC, l.id DESC LIMIT ?4`,
      )
      .bind(text, after.createdAt, after.id, pageSize)
      .all<Record<string, unknown>>();
    const page: WarmLead[] = results.map(toLead);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    const last: WarmLead = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** A lead as a row of the export (Email 'N/A' when there is none). */
export const exportRow = (lead: WarmLead): unknown[] => [
  lead.storeName,
  lead.storeUrl,
  lead.email ?? "N/A",
  lead.appTesting,
  lead.status,
  lead.keyword,
];
