/** The Leads CSV export: every person the list's filters match, in the list's order, streamed. */
import { AUDIT_ACTIONS, auditStatement, filtersDetail, type Actor } from "~/lib/audit.server";
import { csvResponse } from "~/lib/csv";
import { personFormLabel } from "~/lib/people";
import { SOURCE_CHANNEL_LABELS } from "~/lib/visit-source";
import { statusLabel } from "./people.options";
import {
  endOfTeamDay,
  LIST_COLUMNS,
  NO_DUE,
  parsePeopleFilters,
  PEOPLE_ORDER,
  whereOf,
  type PeopleFilters,
  type PersonListRow,
} from "./people-list.server";

/** Rows per export query (each a round trip): 30,000 people are 6 queries. */
export const PEOPLE_EXPORT_PAGE_SIZE = 5000;

/** Every person the filters match, in the list's order, a keyset page at a time (never OFFSET). */
export async function* exportPeople(
  db: D1Database,
  filters: PeopleFilters,
  now = Date.now(),
  pageSize = PEOPLE_EXPORT_PAGE_SIZE,
): AsyncGenerator<PersonListRow[]> {
  const where = whereOf(filters, now, filters.due === "today" ? await endOfTeamDay(db, now) : undefined);
  const n = where.params.length;
  const k = (i: number) => `?${n + i}`;
  const after = `coalesce(p.due_at, ${NO_DUE}) > ${k(1)} OR (coalesce(p.due_at, ${NO_DUE}) = ${k(1)} AND (p.last_seen_at < ${k(2)} OR (p.last_seen_at = ${k(2)} AND p.id > ${k(3)})))`;
  const sql = `SELECT ${LIST_COLUMNS} FROM people p LEFT JOIN users u ON u.id = p.owner_id
    ${where.sql ? `${where.sql} AND (${after})` : `WHERE ${after}`}
    ORDER BY ${PEOPLE_ORDER} LIMIT ${k(4)}`;
  // Before the first row: below every sort key.
  let cursor: [number, number, string] = [-1, NO_DUE, ""];
  for (;;) {
    const { results } = await db
      .prepare(sql)
      .bind(...where.params, ...cursor, pageSize)
      .all<PersonListRow>();
    if (results.length) yield results;
    if (results.length < pageSize) return;
    const last = results[results.length - 1]!;
    cursor = [last.due_at ?? NO_DUE, last.last_seen_at, last.id];
  }
}

const PEOPLE_CSV_FIELDS = [
  "Email",
  "Name",
  "Company",
  "App",
  "Status",
  "Lost reason",
  "Owner",
  "Due",
  "Last form",
  "Last seen",
  "Submissions",
  "Notes",
  "First source",
  "First referrer",
  "First UTM source",
  "First campaign",
  "First landing page",
];

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
const csvRow = (r: PersonListRow): unknown[] => [
  r.email,
  r.name,
  r.company,
  r.app,
  statusLabel(r.status),
  r.lost_reason,
  r.owner_email,
  iso(r.due_at),
  personFormLabel(r.last_form),
  iso(r.last_seen_at),
  r.submissions,
  r.notes,
  r.first_channel ? SOURCE_CHANNEL_LABELS[r.first_channel] : "",
  r.first_referrer_host,
  r.first_utm_source,
  r.first_utm_campaign,
  r.first_landing_page,
];

/**
 * The Leads CSV, streamed through the one writer; the first page is read before answering. Recorded in the audit
 * log (`export.leads`: its filters, and whether a search was made) before any row leaves.
 */
export async function exportPeopleCsv(db: D1Database, url: URL, actor: Actor): Promise<Response> {
  const filters = parsePeopleFilters(url);
  const pages = exportPeople(db, filters);
  const first = await pages.next();
  // The filters as parsed (each from its fixed list; an owner only as an id), and whether a search was made: never its text.
  const owner = filters.owner && /^(none|[0-9a-f-]{36})$/i.test(filters.owner) ? filters.owner : filters.owner ? "unknown" : null;
  const detail = filtersDetail({ status: filters.status, form: filters.form, owner, due: filters.due }, filters.q);
  await auditStatement(db, { action: AUDIT_ACTIONS.exportLeads, actor, resource: "leads", detail }).run();
  async function* rows() {
    if (first.done) return;
    yield first.value.map(csvRow);
    for await (const page of pages) yield page.map(csvRow);
  }
  return csvResponse(`people-${new Date().toISOString().slice(0, 10)}.csv`, PEOPLE_CSV_FIELDS, rows());
}
