/**
 * The Leads list's queries: its filters (status, form, owner, due, search), one page of people with its
 * count, and the dashboard's due counts. The export reads the same filters and order (people-export.server.ts).
 */
import { personStatuses, type PersonStatus } from "~/db/schema";
import { paged, pageFromUrl, type Paged } from "~/lib/pagination";
import { parsePersonForm, type PersonForm } from "~/lib/people";
import { readTeamSettings } from "~/lib/team-settings.server";
import { endOfLocalDay } from "~/lib/time-zone";
import { cleanUtm, SOURCE_CHANNELS, type SourceChannel } from "~/lib/visit-source";
import { DUE_OPTIONS, NO_OWNER, PEOPLE_PAGE_SIZE, SEARCH_MAX, type DueFilter } from "./people.options";

export interface PeopleFilters {
  status: PersonStatus | null;
  form: PersonForm | null;
  /** An admin's id, or NO_OWNER. */
  owner: string | null;
  due: DueFilter | null;
  q: string;
  /** The person's first source (ADR 0022): its channel, and its campaign (exactly, as stored). */
  channel: SourceChannel | null;
  campaign: string | null;
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
    channel: SOURCE_CHANNELS.includes(p.get("channel") as SourceChannel) ? (p.get("channel") as SourceChannel) : null,
    campaign: cleanUtm(p.get("campaign")),
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
export const NO_DUE = 8640000000000000;
/** The lists' order, the same expressions as the people_*queue_idx indexes: soonest due (overdue) first, then latest seen. */
export const PEOPLE_ORDER = `coalesce(p.due_at, ${NO_DUE}), p.last_seen_at DESC, p.id`;

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
  if (f.channel) conditions.push(`p.first_channel = ${p(f.channel)}`);
  if (f.campaign) conditions.push(`p.first_utm_campaign = ${p(f.campaign)}`);
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

/** What the list and the person page both read of a person (the `people` row's names). */
export interface PersonCore {
  id: string;
  email: string;
  name: string | null;
  company: string | null;
  app: string | null;
  status: PersonStatus;
  lost_reason: string | null;
  owner_email: string | null;
  due_at: number | null;
  last_seen_at: number;
  /** The first source (ADR 0022), from the earliest submission; null for people from before sources were kept. */
  first_channel: SourceChannel | null;
  first_referrer_host: string | null;
  first_utm_source: string | null;
  first_utm_campaign: string | null;
  first_landing_page: string | null;
}

export interface PersonListRow extends PersonCore {
  last_form: string;
  notes: number;
  submissions: number;
}

export const LIST_COLUMNS = `p.id, p.email, p.name, p.company, p.app, p.status, p.lost_reason, p.due_at, p.last_seen_at, p.last_form,
  p.first_channel, p.first_referrer_host, p.first_utm_source, p.first_utm_campaign, p.first_landing_page,
  u.email AS owner_email,
  (SELECT count(*) FROM person_notes n WHERE n.person_id = p.id) AS notes,
  (SELECT count(*) FROM person_submissions s WHERE s.person_id = p.id) AS submissions`;

export interface AdminOption {
  id: string;
  email: string;
}

export const ADMINS_SQL = "SELECT u.id, u.email FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin' ORDER BY u.email";

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
