/**
 * The leads inbox: every captured lead from every form, newest first, in one
 * list (a UNION over the lead tables), filterable by kind, paginated, and
 * exportable as CSV. Contact and newsletter join here when they exist.
 */
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

export const INBOX_PAGE_SIZE = 25;
const EXPORT_LIMIT = 10_000;

export async function listInbox(db: D1Database, kind: InboxKind | null, page: number): Promise<Paged<InboxRow>> {
  const where = "WHERE (?1 IS NULL OR kind = ?1)";
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT * FROM (${INBOX_SQL}) ${where} ORDER BY created_at DESC, id LIMIT ?2 OFFSET ?3`)
      .bind(kind, INBOX_PAGE_SIZE, (page - 1) * INBOX_PAGE_SIZE),
    db.prepare(`SELECT count(*) AS n FROM (${INBOX_SQL}) ${where}`).bind(kind),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  return paged(rows!.results as InboxRow[], total, page, INBOX_PAGE_SIZE);
}

export const INBOX_CSV_FIELDS = ["Kind", "Date", "Email", "Name", "Details"];

/** The inbox's rows for the CSV export (one page: the inbox export is capped). */
export async function inboxCsvRows(db: D1Database, kind: InboxKind | null): Promise<unknown[][]> {
  const { results } = await db
    .prepare(`SELECT * FROM (${INBOX_SQL}) WHERE (?1 IS NULL OR kind = ?1) ORDER BY created_at DESC, id LIMIT ?2`)
    .bind(kind, EXPORT_LIMIT)
    .all<InboxRow>();
  return results.map((r) => [r.kind, new Date(r.created_at).toISOString(), r.email, r.name, r.detail]);
}
