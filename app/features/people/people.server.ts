/**
 * People and their pipeline: the Leads list (filters, search, 50 a page, the
 * CSV export), the person page (details and timeline, read in one D1 batch)
 * and the admin's changes (status, owner, due date, notes), each written with
 * its timeline event in one batch.
 */
import { AUDIT_ACTIONS, auditStatement, filtersDetail, requestActor, type Actor } from "~/lib/audit.server";
import { sql } from "drizzle-orm";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import { personStatuses, type PersonStatus } from "~/db/schema";
import { csvResponse } from "~/lib/csv";
import { paged, pageFromUrl, type Paged } from "~/lib/pagination";
import { parsePersonForm, personFormLabel, type PersonForm } from "~/lib/people";
import { readFormData } from "~/lib/request.server";
import { readTeamSettings } from "~/lib/team-settings.server";
import { endOfLocalDay } from "~/lib/time-zone";
import { alertDeliveriesStatement, returnedIds } from "~/email/events.server";
import { enqueueOutbox } from "~/email/outbox.server";
import { redirectWithToast } from "~/lib/toast.server";
import { PEOPLE_MESSAGES as M } from "./people.messages";
import { DUE_OPTIONS, NO_OWNER, PEOPLE_PAGE_SIZE, personPath, SEARCH_MAX, statusLabel, type DueFilter } from "./people.options";
import { dueFromInput, personActionSchema, type PersonIntent } from "./people.schema";
import { submissionSections, type SubmissionSection } from "./submissions";
import { loggable } from "~/lib/log.server";

// ------------------------------------------------------------------ the list

export interface PeopleFilters {
  status: PersonStatus | null;
  form: PersonForm | null;
  /** An admin's id, or NO_OWNER. */
  owner: string | null;
  due: DueFilter | null;
  q: string;
}

export function parsePeopleFilters(url: URL): PeopleFilters {
  const p = url.searchParams;
  const status = p.get("status");
  const due = p.get("due");
  const owner = p.get("owner")?.trim().slice(0, 100) || null;
  return {
    status: personStatuses.includes(status as PersonStatus) ? (status as PersonStatus) : null,
    form: parsePersonForm(p.get("form")),
    owner,
    due: DUE_OPTIONS.some((d) => d.value === due) ? (due as DueFilter) : null,
    q: (p.get("q") ?? "").trim().slice(0, SEARCH_MAX),
  };
}

/** The end of today in UTC: "due today" when no team time zone is known. */
export function endOfUtcDay(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/** The end of today in the team's time zone (its settings, UTC by default): "due today" is due from now until then. One statement. */
export async function endOfTeamDay(db: D1Database, now: number): Promise<number> {
  return endOfLocalDay(now, (await readTeamSettings(db)).timeZone);
}

/** Past the end of every due date: people without one sort after those with one. */
const NO_DUE = 8640000000000000;
/** The lists' order, the same expressions as the people_*queue_idx indexes: soonest due (overdue) first, then latest seen. */
const PEOPLE_ORDER = `coalesce(p.due_at, ${NO_DUE}), p.last_seen_at DESC, p.id`;

/** A search as one FTS5 phrase: between double quotes, its own doubled; the trigram tokenizer matches it as a substring. */
const trigramPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;

/**
 * The WHERE of a filtered list. Only the filters given become conditions, so
 * the planner sees each one (no "?1 IS NULL OR"). Search is a substring of
 * email, name, company or app (instr: no LIKE pattern, whose 50-byte limit
 * D1 enforces); SQLite lower-cases ASCII letters only. From 3 characters, a
 * trigram FTS5 index gives the candidates (ADR 0013), so a search reads a few
 * rows instead of scanning all people for the page and again for its count.
 */
export function whereOf(f: PeopleFilters, now: number, endOfToday = endOfUtcDay(now)): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `?${params.length}`;
  };
  const conditions: string[] = [];
  if (f.status) conditions.push(`p.status = ${p(f.status)}`);
  if (f.owner === NO_OWNER) conditions.push("p.owner_id IS NULL");
  else if (f.owner) conditions.push(`p.owner_id = ${p(f.owner)}`);
  if (f.due === "overdue") conditions.push(`p.due_at < ${p(now)}`);
  else if (f.due === "today") conditions.push(`p.due_at >= ${p(now)} AND p.due_at < ${p(endOfToday)}`);
  else if (f.due === "any") conditions.push("p.due_at IS NOT NULL");
  // The newsletter's people are its subscribers: confirmed, and not unsubscribed since (ADR 0016).
  if (f.form === "newsletter")
    conditions.push(
      `EXISTS (SELECT 1 FROM person_submissions s JOIN newsletter_subscribers n ON n.id = s.record_id WHERE s.form = 'newsletter' AND s.person_id = p.id AND n.status = 'confirmed')`,
    );
  else if (f.form) conditions.push(`EXISTS (SELECT 1 FROM person_submissions s WHERE s.form = ${p(f.form)} AND s.person_id = p.id)`);
  if (f.q) {
    const q = p(f.q.toLowerCase());
    // 3 characters or more: the candidates come from the trigram index (people_search, kept by triggers), then
    // the same substring test as shorter searches keeps the results exactly what a scan would find.
    if ([...f.q].length >= 3)
      conditions.push(`p.rowid IN (SELECT rowid FROM people_search WHERE people_search MATCH ${p(trigramPhrase(f.q))})`);
    conditions.push(
      `(instr(p.email, ${q}) > 0 OR instr(lower(coalesce(p.name, '')), ${q}) > 0 OR instr(lower(coalesce(p.company, '')), ${q}) > 0 OR instr(lower(coalesce(p.app, '')), ${q}) > 0)`,
    );
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(" AND ")}` : "", params };
}

export interface PersonListRow {
  id: string;
  email: string;
  name: string | null;
  company: string | null;
  app: string | null;
  status: PersonStatus;
  lost_reason: string | null;
  due_at: number | null;
  last_seen_at: number;
  last_form: string;
  owner_email: string | null;
  notes: number;
  submissions: number;
}

const LIST_COLUMNS = `p.id, p.email, p.name, p.company, p.app, p.status, p.lost_reason, p.due_at, p.last_seen_at, p.last_form,
  u.email AS owner_email,
  (SELECT count(*) FROM person_notes n WHERE n.person_id = p.id) AS notes,
  (SELECT count(*) FROM person_submissions s WHERE s.person_id = p.id) AS submissions`;

export interface AdminOption {
  id: string;
  email: string;
}

const ADMINS_SQL = "SELECT u.id, u.email FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin' ORDER BY u.email";

export interface LeadsData {
  filters: PeopleFilters;
  list: Paged<PersonListRow>;
  admins: AdminOption[];
  now: number;
}

/** One page of the filtered list, its count and the admins (for the owner filter): one batch, one round trip. */
export async function listPeople(db: D1Database, url: URL, now = Date.now()): Promise<LeadsData> {
  const filters = parsePeopleFilters(url);
  const page = pageFromUrl(url);
  // Due today: to the end of the team's day (a statement first, only for that filter).
  const where = whereOf(filters, now, filters.due === "today" ? await endOfTeamDay(db, now) : undefined);
  const n = where.params.length;
  const [rows, count, admins] = await db.batch([
    db
      .prepare(
        `SELECT ${LIST_COLUMNS} FROM people p LEFT JOIN users u ON u.id = p.owner_id ${where.sql}
         ORDER BY ${PEOPLE_ORDER} LIMIT ?${n + 1} OFFSET ?${n + 2}`,
      )
      .bind(...where.params, PEOPLE_PAGE_SIZE, (page - 1) * PEOPLE_PAGE_SIZE),
    db.prepare(`SELECT count(*) AS n FROM people p ${where.sql}`).bind(...where.params),
    db.prepare(ADMINS_SQL),
  ]);
  const total = (count!.results[0] as { n: number }).n;
  return {
    filters,
    list: paged(rows!.results as unknown as PersonListRow[], total, page, PEOPLE_PAGE_SIZE),
    admins: admins!.results as unknown as AdminOption[],
    now,
  };
}

export interface DueCounts {
  overdue: number;
  today: number;
}

/**
 * The dashboard home's counts: overdue, and due from now to the end of today in the team's time zone, the
 * Leads list's due filters. Two statements: the team's zone, then both counts.
 */
export async function dueCounts(db: D1Database, now = Date.now()): Promise<DueCounts> {
  const endOfToday = await endOfTeamDay(db, now);
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM people WHERE due_at < ?1) AS overdue,
              (SELECT count(*) FROM people WHERE due_at >= ?1 AND due_at < ?2) AS today`,
    )
    .bind(now, endOfToday)
    .first<DueCounts>();
  return { overdue: row?.overdue ?? 0, today: row?.today ?? 0 };
}

// ---------------------------------------------------------------- the export

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

// ----------------------------------------------------------- the person page

export interface PersonDetail {
  id: string;
  email: string;
  name: string | null;
  company: string | null;
  app: string | null;
  status: PersonStatus;
  lost_reason: string | null;
  owner_id: string | null;
  owner_email: string | null;
  due_at: number | null;
  first_form: string;
  created_at: number;
  last_seen_at: number;
}

export type TimelineItem =
  | { type: "submission"; key: string; at: number; form: PersonForm; title: string; sections: SubmissionSection[] }
  | { type: "email"; key: string; at: number; subject: string; status: string; sentAt: number | null; lastError: string | null }
  | { type: "event"; key: string; at: number; actor: string; text: string; detail: string | null }
  | { type: "note"; key: string; at: number; id: string; actor: string; body: string; edited: number | null; mine: boolean };

export interface PersonPageData {
  person: PersonDetail;
  timeline: TimelineItem[];
  admins: AdminOption[];
  now: number;
  /** The id the next note added on this page takes: a doubled or retried "Add note" stores one note. */
  noteKey: string;
}

type Rec = Record<string, unknown> & { id: string; at: number };
const linked = (forms: string) =>
  `JOIN person_submissions s ON s.record_id = t.id AND s.form IN (${forms}) WHERE s.person_id = ?1 ORDER BY at LIMIT 500`;

/** Everything the person page shows, in one D1 batch (one round trip): 12 statements. */
export async function loadPerson(db: D1Database, id: string, adminId: string, now = Date.now()): Promise<PersonPageData | null> {
  const q = (sql: string) => db.prepare(sql).bind(id);
  const results = await db.batch([
    q(`SELECT p.id, p.email, p.name, p.company, p.app, p.status, p.lost_reason, p.owner_id, u.email AS owner_email, p.due_at,
              p.first_form, p.created_at, p.last_seen_at
         FROM people p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ?1`),
    q(`SELECT t.id, t.updated_at AS at, t.form_data FROM onboarding_submissions t ${linked("'onboarding'")}`),
    q(
      `SELECT t.id, t.created_at AS at, s.form, t.first_name, t.app_url, t.phone, t.page FROM lead_magnet_submissions t ${linked("'lead-magnet', 'landing', 'checklist'")}`,
    ),
    q(`SELECT t.id, t.created_at AS at, t.first_name, t.company, t.access_timing FROM premium_access_requests t ${linked("'premium'")}`),
    q(`SELECT t.id, t.created_at AS at, t.name, t.company, t.message FROM contact_messages t ${linked("'contact'")}`),
    q(`SELECT t.id, t.created_at AS at FROM waitlist_entries t ${linked("'waitlist'")}`),
    q(`SELECT t.id, t.created_at AS at FROM newsletter_subscribers t ${linked("'newsletter'")}`),
    q(
      `SELECT t.id, t.created_at AS at, t.title, t.question, t.category, t.status, t.slug, t.submitter_name FROM qa_submissions t ${linked("'question'")}`,
    ),
    q(`SELECT id, created_at AS at, subject, status, sent_at, last_error FROM email_outbox
        WHERE recipient = (SELECT email FROM people WHERE id = ?1) AND channel = 'email' ORDER BY created_at LIMIT 500`),
    q(
      `SELECT id, created_at AS at, kind, from_value, to_value, detail, actor FROM person_events WHERE person_id = ?1 ORDER BY created_at LIMIT 500`,
    ),
    q(
      `SELECT id, created_at AS at, updated_at, author_id, author_email, body FROM person_notes WHERE person_id = ?1 ORDER BY created_at LIMIT 500`,
    ),
    db.prepare(ADMINS_SQL),
  ]);
  const [personRows, onboarding, magnets, premium, contact, waitlist, newsletter, questions, emails, events, notes, admins] = results.map(
    (r) => r.results as Rec[],
  );
  const person = personRows![0] as unknown as PersonDetail | undefined;
  if (!person) return null;

  const submission = (form: PersonForm, r: Rec): TimelineItem => ({
    type: "submission",
    key: `${form}-${r.id}`,
    at: r.at,
    form,
    title: personFormLabel(form),
    sections: submissionSections(form, r),
  });
  const timeline: TimelineItem[] = [
    ...onboarding!.map((r) => submission("onboarding", r)),
    ...magnets!.map((r) => submission(r.form as PersonForm, r)),
    ...premium!.map((r) => submission("premium", r)),
    ...contact!.map((r) => submission("contact", r)),
    ...waitlist!.map((r) => submission("waitlist", r)),
    ...newsletter!.map((r) => submission("newsletter", r)),
    ...questions!.map((r) => submission("question", r)),
    ...emails!.map((r): TimelineItem => ({
      type: "email",
      key: `email-${r.id}`,
      at: r.at,
      subject: String(r.subject),
      status: String(r.status),
      sentAt: (r.sent_at as number | null) ?? null,
      lastError: (r.last_error as string | null) ?? null,
    })),
    ...events!.map((r): TimelineItem => ({ type: "event", key: `event-${r.id}`, at: r.at, actor: String(r.actor), ...eventText(r) })),
    ...notes!.map((r): TimelineItem => ({
      type: "note",
      key: `note-${r.id}`,
      at: r.at,
      id: r.id,
      actor: String(r.author_email),
      body: String(r.body),
      edited: (r.updated_at as number) > r.at ? (r.updated_at as number) : null,
      mine: r.author_id === adminId,
    })),
  ].sort((a, b) => a.at - b.at || a.key.localeCompare(b.key));
  return { person, timeline, admins: admins as unknown as AdminOption[], now, noteKey: crypto.randomUUID() };
}

const dueText = (v: unknown) => (v === null || v === undefined || v === "" ? "none" : new Date(Number(v)).toISOString());

function eventText(r: Rec): { text: string; detail: string | null } {
  const from = r.from_value as string | null;
  const to = r.to_value as string | null;
  const detail = (r.detail as string | null) ?? null;
  switch (r.kind) {
    case "status":
      return { text: `Status: ${from ? statusLabel(from) : "—"} → ${to ? statusLabel(to) : "—"}`, detail };
    case "owner":
      return { text: `Owner: ${from ?? "nobody"} → ${to ?? "nobody"}`, detail };
    default:
      return { text: `Due date: ${dueText(from)} → ${dueText(to)}`, detail };
  }
}

// ------------------------------------------------------------- the changes

export type PersonActionData = { intent: PersonIntent | null; noteId?: string; result: SubmissionResult<string[]> };

interface Admin {
  id: string;
  email: string;
}

/** What the audit log keeps of a change: the new value, never a note's text (it may hold personal data). */
function auditDetail(value: { intent: PersonIntent } & Record<string, unknown>): Record<string, unknown> {
  switch (value.intent) {
    case "status":
      return { status: value.status };
    case "owner":
      return { ownerId: value.ownerId || null };
    case "due":
      return { due: value.dueAt || null };
    default:
      return value.noteId ? { noteId: value.noteId } : {};
  }
}

/**
 * One change to a person: validated with the form's schema (400 with the
 * typed values kept), written with its timeline event in one batch, then
 * post/redirect/get to the person page with a toast.
 */
export async function personAction(request: Request, env: Env, admin: Admin, personId: string) {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: personActionSchema });
  const intentValue = String(form.get("intent") ?? "");
  const noteId = typeof form.get("noteId") === "string" ? String(form.get("noteId")) : undefined;
  const intent = personActionSchema.options.some((o) => o.shape.intent.value === intentValue) ? (intentValue as PersonIntent) : null;
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<PersonActionData>({ intent, ...(noteId ? { noteId } : {}), result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);

  const db = env.DB;
  const current = await db
    .prepare(
      `SELECT p.id, p.email, p.name, p.status, p.lost_reason, p.due_at, p.owner_id, u.email AS owner_email
         FROM people p LEFT JOIN users u ON u.id = p.owner_id WHERE p.id = ?1`,
    )
    .bind(personId)
    .first<{
      id: string;
      email: string;
      name: string | null;
      status: PersonStatus;
      lost_reason: string | null;
      due_at: number | null;
      owner_id: string | null;
      owner_email: string | null;
    }>();
  if (!current) throw new Response(M.notFound, { status: 404 });

  const now = Date.now();
  const value = submission.value;
  const event = (kind: "status" | "owner" | "due", from: unknown, to: unknown, detail: string | null = null) =>
    db
      .prepare(
        "INSERT INTO person_events (id, person_id, kind, from_value, to_value, detail, actor, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
      )
      .bind(
        crypto.randomUUID(),
        personId,
        kind,
        from === null ? null : String(from),
        to === null ? null : String(to),
        detail,
        admin.email,
        now,
      );
  const statements: D1PreparedStatement[] = [];
  let toast: string;
  // person.status_changed for the alert destinations, in the change's own batch (ADR 0012).
  let alerts: D1PreparedStatement | null = null;

  switch (value.intent) {
    case "status": {
      const reason = value.status === "lost" ? (value.lostReason ?? null) : null;
      // From Contacted on, the promise is kept or moot: the due date goes.
      const clearsDue = value.status !== "new" && current.due_at !== null;
      if (value.status !== current.status || reason !== current.lost_reason) {
        statements.push(
          db
            .prepare(
              `UPDATE people SET status = ?2, lost_reason = ?3, due_at = CASE WHEN ?2 = 'new' THEN due_at END, updated_at = ?4 WHERE id = ?1`,
            )
            .bind(personId, value.status, reason, now),
          event("status", current.status, value.status, reason),
        );
        if (clearsDue) statements.push(event("due", current.due_at, null));
        const who = current.name ? `${current.name} (${current.email})` : current.email;
        alerts = alertDeliveriesStatement(
          db,
          crypto.randomUUID(),
          [
            {
              type: "person.status_changed",
              summary: `${who}: ${statusLabel(current.status)} → ${statusLabel(value.status)}${reason ? ` (${reason})` : ""}`,
              data: {
                email: current.email,
                name: current.name,
                from: current.status,
                to: value.status,
                lostReason: reason,
                by: admin.email,
              },
            },
          ],
          now,
        );
        statements.push(alerts);
      }
      toast = M.statusSaved;
      break;
    }
    case "owner": {
      const ownerId = value.ownerId || null;
      let ownerEmail: string | null = null;
      if (ownerId) {
        const owner = await db
          .prepare("SELECT u.email FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin' WHERE u.id = ?1")
          .bind(ownerId)
          .first<{ email: string }>();
        if (!owner) return reply(submission.reply({ fieldErrors: { ownerId: [M.ownerInvalid] } }), 400);
        ownerEmail = owner.email;
      }
      if (ownerId !== current.owner_id)
        statements.push(
          db.prepare("UPDATE people SET owner_id = ?2, updated_at = ?3 WHERE id = ?1").bind(personId, ownerId, now),
          event("owner", current.owner_email, ownerEmail),
        );
      toast = M.ownerSaved;
      break;
    }
    case "due": {
      const due = dueFromInput(value.dueAt)?.getTime() ?? null;
      if (due !== current.due_at)
        statements.push(
          db.prepare("UPDATE people SET due_at = ?2, updated_at = ?3 WHERE id = ?1").bind(personId, due, now),
          event("due", current.due_at, due),
        );
      toast = due === null ? M.dueCleared : M.dueSaved;
      break;
    }
    case "note-add":
      statements.push(
        db
          // The page's note key: the same form sent twice (a double click, a retry) finds its note there already.
          .prepare(
            `INSERT INTO person_notes (id, person_id, author_id, author_email, body, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
             ON CONFLICT(id) DO NOTHING`,
          )
          .bind(value.noteKey ?? crypto.randomUUID(), personId, admin.id, admin.email, value.body, now),
      );
      toast = M.noteAdded;
      break;
    case "note-edit":
    case "note-delete": {
      const note = await db
        .prepare("SELECT author_id FROM person_notes WHERE id = ?1 AND person_id = ?2")
        .bind(value.noteId, personId)
        .first<{ author_id: string }>();
      if (!note) return reply(submission.reply({ formErrors: [M.noteMissing] }), 404);
      if (note.author_id !== admin.id) return reply(submission.reply({ formErrors: [M.noteNotYours] }), 403);
      // The author is checked again in the write itself.
      statements.push(
        value.intent === "note-edit"
          ? db
              .prepare("UPDATE person_notes SET body = ?3, updated_at = ?4 WHERE id = ?1 AND author_id = ?2")
              .bind(value.noteId, admin.id, value.body, now)
          : db.prepare("DELETE FROM person_notes WHERE id = ?1 AND author_id = ?2").bind(value.noteId, admin.id),
      );
      toast = value.intent === "note-edit" ? M.noteSaved : M.noteDeleted;
      break;
    }
  }

  if (statements.length) {
    // Recorded in the change's own batch; a note's edit or delete only when the note is still the admin's.
    const noteGuard =
      value.intent === "note-edit" || value.intent === "note-delete"
        ? sql`EXISTS (SELECT 1 FROM person_notes WHERE id = ${value.noteId} AND author_id = ${admin.id})`
        : undefined;
    const entryInput = {
      action: `people.${value.intent}` as const,
      actor: requestActor(request, admin),
      resource: "people",
      recordId: personId,
      detail: auditDetail(value),
    };
    const entry = auditStatement(db, entryInput, noteGuard);
    if (noteGuard) statements.unshift(entry);
    // A note added again under its key stores nothing, and records nothing (changes() of the insert).
    else if (value.intent === "note-add") statements.push(auditStatement(db, entryInput, sql`changes() = 1`));
    else statements.push(entry);
    try {
      const results = await db.batch(statements);
      if (alerts) await enqueueOutbox(env, returnedIds(results[statements.indexOf(alerts)]));
    } catch (error) {
      console.error(`Person ${personId}: ${value.intent} failed`, loggable(error));
      return reply(submission.reply({ formErrors: [M.saveFailed] }), 503);
    }
  }
  return redirectWithToast(env, personPath(personId), { type: "success", title: toast });
}
