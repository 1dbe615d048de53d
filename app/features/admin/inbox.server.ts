/**
 * The leads inbox: every captured lead from every form, newest first, in one
 * list (a UNION over the lead tables), filterable by kind, paginated, and
 * exportable as CSV. Contact and newsletter join here when they exist.
 *
 * The export is complete: it reads every row in keyset pages along
 * (created_at, id, kind), never by OFFSET, and hands each page to the one CSV
 * writer as it arrives.
 */
import { AUDIT_ACTIONS, auditStatement, type Actor } from "~/lib/audit.server";
import { csvResponse } from "~/lib/csv";
import { paged, type Paged } from "~/lib/pagination";
import type { InboxKind } from "./inbox";

export { parseInboxKind } from "./inbox";

export interface InboxRow {
  kind: InboxKind;
  id: string;
  email: string;
  name: string;
  detail: string;
  created_at: number;
}

// D1 allows only a few terms in one compound SELECT, so the union is built from two smaller ones.
const INBOX_SQL = `
  SELECT * FROM (
  SELECT 'onboarding' AS kind, id, email,
         CASE WHEN json_valid(form_data)
           THEN trim(coalesce(json_extract(form_data, '$.firstName'), '') || ' ' || coalesce(json_extract(form_data, '$.lastName'), ''))
           ELSE '' END AS name,
         CASE WHEN is_completed THEN 'Completed: ' ELSE 'Draft at step ' || step_completed || ': ' END
           || coalesce(CASE WHEN json_valid(form_data) THEN json_extract(form_data, '$.appName') END, '') AS detail,
         created_at
    FROM onboarding_submissions
  UNION ALL
  SELECT CASE WHEN source = 'marketing-checklist' OR type = 'marketing-checklist' THEN 'checklist' ELSE 'lead-magnet' END,
         id, email, first_name,
         trim(source || coalesce(' · ' || nullif(app_url, ''), '') || coalesce(' · ' || nullif(phone, ''), '') || coalesce(' · ' || page, '')),
         created_at
    FROM lead_magnet_submissions
  UNION ALL
  SELECT 'premium', id, email, first_name, company || ' · access ' || access_timing, created_at FROM premium_access_requests
  )
  UNION ALL
  SELECT * FROM (
  SELECT 'waitlist', id, email, '', 'Founder Quest waitlist', created_at FROM waitlist_entries
  UNION ALL
  SELECT 'contact', id, email, name, coalesce(company || ' · ', '') || substr(message, 1, 300), created_at FROM contact_messages
  UNION ALL
  SELECT 'newsletter', id, email, '', 'Growth notes subscriber', created_at FROM newsletter_subscribers
  )`;

const INBOX_PAGE_SIZE = 25;

export async function listInbox(db: D1Database, kind: InboxKind | null, page: number): Promise<Paged<InboxRow>> {
  const where = "WHERE (?1 IS NULL OR kind = ?1)";
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT * FROM (${INBOX_SQL}) ${where} ORDER BY created_at DESC, id, kind LIMIT ?2 OFFSET ?3`)
      .bind(kind, INBOX_PAGE_SIZE, (page - 1) * INBOX_PAGE_SIZE),
    db.prepare(`SELECT count(*) AS n FROM (${INBOX_SQL}) ${where}`).bind(kind),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  return paged(rows!.results as InboxRow[], total, page, INBOX_PAGE_SIZE);
}

const INBOX_CSV_FIELDS = ["Kind", "Date", "Email", "Name", "Details"];

/**
 * Rows per export query. Each page is one D1 round trip, and from a Worker far
 * from the primary a round trip costs 150 to 250 ms: pages are large, so
 * 50,000 leads are 10 queries (about 2 s of round trips at worst), well within
 * the 50 queries a free-plan invocation may make, at a few hundred KB a page.
 */
export const INBOX_EXPORT_PAGE_SIZE = 5000;

/**
 * One page: the rows after the cursor in the list's order (newest first, then
 * id, then kind, since ids of different tables may meet). A range on
 * created_at, not OFFSET (which would read every earlier row again) and not
 * "?2 IS NULL OR" (which would hide the range from the planner).
 */
const EXPORT_PAGE_SQL = `SELECT * FROM (${INBOX_SQL})
  WHERE (?1 IS NULL OR kind = ?1)
    AND created_at <= ?2 AND (created_at < ?2 OR id > ?3 OR (id = ?3 AND kind > ?4))
  ORDER BY created_at DESC, id, kind LIMIT ?5`;

/** Every row of the inbox (or of one kind), a page at a time. */
export async function* exportInbox(db: D1Database, kind: InboxKind | null, pageSize = INBOX_EXPORT_PAGE_SIZE): AsyncGenerator<InboxRow[]> {
  // Before the first page: later than any lead (the largest time a Date holds).
  let after: Pick<InboxRow, "created_at" | "id" | "kind"> = { created_at: 8_640_000_000_000_000, id: "", kind: "onboarding" };
  for (;;) {
    const { results } = await db.prepare(EXPORT_PAGE_SQL).bind(kind, after.created_at, after.id, after.kind, pageSize).all<InboxRow>();
    if (results.length) yield results;
    if (results.length < pageSize) return;
    after = results[results.length - 1]!;
  }
}

const csvRow = (r: InboxRow): unknown[] => [r.kind, new Date(r.created_at).toISOString(), r.email, r.name, r.detail];

/**
 * The inbox as a CSV download, streamed page by page. The first page is read
 * before answering, so a failed query is an error page, not a broken file;
 * then the export is recorded in the audit log (`export.inbox`, its filter),
 * before any row leaves: no file goes out unrecorded.
 */
export async function exportInboxCsv(db: D1Database, kind: InboxKind | null, actor: Actor): Promise<Response> {
  const pages = exportInbox(db, kind);
  const first = await pages.next();
  await auditStatement(db, { action: AUDIT_ACTIONS.exportInbox, actor, resource: "inbox", detail: { kind: kind ?? "all" } }).run();
  async function* rows() {
    if (first.done) return;
    yield first.value.map(csvRow);
    for await (const page of pages) yield page.map(csvRow);
  }
  const date = new Date().toISOString().slice(0, 10);
  return csvResponse(`leads-${kind ?? "all"}-${date}.csv`, INBOX_CSV_FIELDS, rows());
}
