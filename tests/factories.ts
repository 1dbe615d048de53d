/**
 * Rows for tests, made from the schema (app/db/schema.ts): one factory per table. A factory fills
 * every required column with a sensible value, unique per call (ids, emails, slugs), and takes
 * overrides typed by the table's `$inferInsert` (times as `Date`, JSON columns as values, booleans
 * as booleans: drizzle writes them as the app does). A column no default can stand for (the person
 * a note belongs to, a lead's keyword) is a required override.
 *
 * - `build(overrides)` the row, nothing stored (to know its id before it is written);
 * - `create(db, overrides)` one row, one INSERT; returns the row as built; `replace(db, overrides)` the
 *   same as INSERT OR REPLACE (a row that takes the place of one with the same key, e.g. the team's settings);
 * - `createMany(db, list)` many rows in one batch of multi-row INSERTs, each within D1's 100 bound
 *   parameters;
 * - `statement(db, ...rows)` the INSERT as a D1 statement, for a test's own `db.batch([...])`
 *   (refused beyond 100 bound parameters); `statements(db, list)` as many as the list needs;
 * - `sql(...rows)` the INSERT as SQL text with its values written in, for the end-to-end tests'
 *   `query()` (tests/e2e/support.ts), which takes SQL only.
 *
 * Works in workerd (integration tests pass `env.DB`) and in Node (e2e): no `cloudflare:test` here.
 */
import { getTableColumns } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "~/db/schema";
import type { Sealed } from "~/db/shared";

/** D1's bound-parameter limit per statement. */
const MAX_PARAMS = 100;

let sequence = 0;
/** A short tag unique to this call: a counter (readable order) and a random part (files share no counter). */
export function uniqueTag(): string {
  sequence += 1;
  return `${sequence.toString(36)}${crypto.randomUUID().slice(0, 8)}`;
}

const uuid = () => crypto.randomUUID();

/** drizzle over no database: it only builds statements here (`toSQL`), the caller's D1 runs them. */
const builder = drizzle({} as D1Database);

type Insert<T extends SQLiteTable> = T["$inferInsert"];
/** The required columns the defaults leave to the caller. */
type Needs<T extends SQLiteTable, D> = Omit<Insert<T>, keyof D>;
/** Overrides: any column of the table, and the ones the defaults do not fill. */
type Overrides<T extends SQLiteTable, D> = Partial<Insert<T>> & Needs<T, D>;
/** The overrides argument, optional when the defaults fill every required column. */
type OverridesArg<T extends SQLiteTable, D, O> = Partial<Needs<T, D>> extends Needs<T, D> ? [overrides?: O] : [overrides: O];
/** The row as built: the defaults, with the overrides' own types where given (an undefined override keeps the default). */
export type Built<D, O> = {
  [K in keyof D | keyof O]: K extends keyof O
    ? K extends keyof D
      ? Exclude<O[K], undefined> | (undefined extends O[K] ? D[K] : never)
      : O[K]
    : K extends keyof D
      ? D[K]
      : never;
};

export interface Factory<T extends SQLiteTable, D> {
  readonly table: T;
  build<O extends Overrides<T, D>>(...overrides: OverridesArg<T, D, O>): Built<D, O>;
  create<O extends Overrides<T, D>>(db: D1Database, ...overrides: OverridesArg<T, D, O>): Promise<Built<D, O>>;
  replace<O extends Overrides<T, D>>(db: D1Database, ...overrides: OverridesArg<T, D, O>): Promise<Built<D, O>>;
  createMany<O extends Overrides<T, D>>(db: D1Database, list: readonly O[]): Promise<Built<D, O>[]>;
  statement(db: D1Database, ...rows: Overrides<T, D>[]): D1PreparedStatement;
  statements(db: D1Database, list: readonly Overrides<T, D>[]): D1PreparedStatement[];
  sql(...rows: Overrides<T, D>[]): string;
}

function insertQuery<T extends SQLiteTable>(table: T, rows: Insert<T>[]): { sql: string; params: unknown[] } {
  return builder
    .insert(table)
    .values(rows as never)
    .toSQL();
}

/** A value as an SQLite literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`No SQL literal for ${typeof value}`);
}

/** The statement with each `?` replaced by its parameter (drizzle's INSERTs quote only identifiers, with "). */
function inline(sql: string, params: unknown[]): string {
  let next = 0;
  let quoted = false;
  let out = "";
  for (const ch of sql) {
    if (ch === '"') quoted = !quoted;
    if (ch === "?" && !quoted) out += literal(params[next++]);
    else out += ch;
  }
  if (next !== params.length) throw new Error(`Inlined ${next} of ${params.length} parameters`);
  return out;
}

function factory<T extends SQLiteTable, D extends Partial<Insert<T>>>(table: T, defaults: (tag: string) => D): Factory<T, D> {
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(table)).length));
  const build = <O>(overrides?: O) => {
    const given = Object.entries(overrides ?? {}).filter(([, value]) => value !== undefined);
    return { ...defaults(uniqueTag()), ...Object.fromEntries(given) } as Built<D, O>;
  };
  const prepare = (db: D1Database, rows: object[], replace = false) => {
    const query = insertQuery(table, rows.map((r) => build(r)) as Insert<T>[]);
    const { params } = query;
    const sql = replace ? query.sql.replace(/^insert into /, "insert or replace into ") : query.sql;
    if (params.length > MAX_PARAMS) throw new Error(`${params.length} bound parameters: D1 takes ${MAX_PARAMS} at most`);
    return db.prepare(sql).bind(...params);
  };
  const chunked = (db: D1Database, rows: readonly object[]) => {
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < rows.length; i += rowsPerStatement) statements.push(prepare(db, rows.slice(i, i + rowsPerStatement)));
    return statements;
  };
  return {
    table,
    build: (...[overrides]) => build(overrides),
    async create(db, ...[overrides]) {
      const row = build(overrides);
      await prepare(db, [row]).run();
      return row;
    },
    async replace(db, ...[overrides]) {
      const row = build(overrides);
      await prepare(db, [row], true).run();
      return row;
    },
    async createMany(db, list) {
      const rows = list.map((o) => build(o));
      if (rows.length) await db.batch(chunked(db, rows));
      return rows;
    },
    statement: (db, ...rows) => prepare(db, rows.length ? rows : [{}]),
    statements: (db, list) => chunked(db, list),
    sql(...rows) {
      const { sql, params } = insertQuery(table, rows.map((r) => build(r)) as Insert<T>[]);
      return inline(sql, params);
    },
  };
}

const HOUR = 3_600_000;

// ---------------------------------------------------------------- accounts

/** A password hash no password matches: for accounts that never sign in (tests that do hash their own). */
export const UNUSABLE_PASSWORD_HASH = "pbkdf2-sha256$1$AAAA$AAAA";

export const user = factory(schema.users, (t) => ({
  id: uuid(),
  email: `user-${t}@example.com`,
  passwordHash: UNUSABLE_PASSWORD_HASH,
}));

export const userRole = factory(schema.userRoles, () => ({ role: "admin" as const }));

export const adminSession = factory(schema.adminSessions, () => ({
  id: uuid(),
  device: "Chrome on macOS",
  lastUsedAt: new Date(),
  expiresAt: new Date(Date.now() + 12 * HOUR),
}));

export const recoveryCode = factory(schema.recoveryCodes, (t) => ({ codeHash: `hash-${t}` }));

export const accountToken = factory(schema.accountTokens, (t) => ({
  id: uuid(),
  kind: "invitation" as const,
  secretHash: `hash-${t}`,
  email: `invitee-${t}@example.com`,
  expiresAt: new Date(Date.now() + 24 * HOUR),
}));

/**
 * An admin: a user and their role, in one batch. Returns the user row (with `password_hash` as given:
 * hash a password with the app's `hashPassword` to sign in with it).
 */
export async function createAdmin<O extends Partial<Insert<typeof schema.users>>>(db: D1Database, overrides?: O) {
  const row = user.build(overrides);
  await db.batch([user.statement(db, row), userRole.statement(db, { userId: row.id })]);
  return row;
}

/** The SQL of `createAdmin`, for the e2e tests' `query()`. */
export function adminSql(row: Insert<typeof schema.users> & { id: string }): string {
  return `${user.sql(row)};\n${userRole.sql({ userId: row.id })};`;
}

// ------------------------------------------------------------- lead capture

export const onboardingSubmission = factory(schema.onboardingSubmissions, (t) => ({
  id: uuid(),
  email: `onboarding-${t}@example.com`,
  formData: {},
}));

export const leadMagnetSubmission = factory(schema.leadMagnetSubmissions, (t) => ({
  id: uuid(),
  email: `magnet-${t}@example.com`,
  source: "leadmagnet-popup" as const,
}));

export const waitlistEntry = factory(schema.waitlistEntries, (t) => ({ id: uuid(), email: `waitlist-${t}@example.com` }));

export const newsletterSubscriber = factory(schema.newsletterSubscribers, (t) => ({ id: uuid(), email: `newsletter-${t}@example.com` }));

export const contactMessage = factory(schema.contactMessages, (t) => ({
  id: uuid(),
  name: "Ada Lovelace",
  email: `contact-${t}@example.com`,
  message: "Hello there",
}));

export const premiumAccessRequest = factory(schema.premiumAccessRequests, (t) => ({
  id: uuid(),
  firstName: "Grace",
  email: `premium-${t}@example.com`,
  company: "Hopper",
  accessTiming: "instantly" as const,
}));

export const qaSubmission = factory(schema.qaSubmissions, (t) => ({
  id: uuid(),
  title: `A question ${t}`,
  question: "How should a new Shopify app find its first merchants?",
  category: "general" as const,
  slug: `question-${t}`,
}));

// ----------------------------------------------------------------- content

export const page = factory(schema.pages, (t) => ({ id: uuid(), slug: `page-${t}`, title: `Page ${t}` }));

export const guide = factory(schema.guides, (t) => ({ id: uuid(), slug: `guide-${t}`, title: `Guide ${t}` }));

export const contentBlock = factory(schema.contentBlocks, (t) => ({ id: uuid(), name: `block-${t}`, type: "banner" }));

export const blog = factory(schema.blogs, (t) => ({
  id: uuid(),
  slug: `post-${t}`,
  title: `Post ${t}`,
  content: [] as unknown[],
  category: "other" as const,
}));

export const revision = factory(schema.revisions, () => ({
  id: uuid(),
  resource: "pages",
  recordId: uuid(),
  data: "{}",
  savedAt: new Date(),
}));

// ------------------------------------------------------------- lead finder

export const keyword = factory(schema.keywords, (t) => ({ id: uuid(), keyword: `keyword ${t}` }));

export const lead = factory(schema.leads, (t) => ({ id: uuid(), storeName: `Store ${t}`, storeUrl: `https://store-${t}.example` }));

// ------------------------------------------------------------ infrastructure

export const outboxRow = factory(schema.emailOutbox, (t) => ({
  id: uuid(),
  kind: "waitlist-confirmation",
  recipient: `recipient-${t}@example.com`,
  subject: `Subject ${t}`,
  payload: {},
}));

export const broadcast = factory(schema.broadcasts, (t) => ({
  id: uuid(),
  slug: `broadcast-${t}`,
  subject: `Broadcast ${t}`,
  sections: [{ type: "paragraph", text: `News ${t}` }] as unknown[],
  segment: {},
  createdBy: "admin@localhost.test",
}));

export const emailSuppression = factory(schema.emailSuppressions, (t) => ({
  email: `suppressed-${t}@example.com`,
  reason: "hard-bounce" as const,
}));

export const broadcastClick = factory(schema.broadcastClicks, (t) => ({
  broadcastId: uuid(),
  url: `https://example.com/${t}`,
  recipient: `reader-${t}@example.com`,
  humanClicks: 1,
  firstClickedAt: new Date(),
  lastClickedAt: new Date(),
}));

export const deliveryAttempt = factory(schema.deliveryAttempts, () => ({
  id: uuid(),
  at: new Date(),
  outcome: "failed" as const,
}));

export const notificationDestination = factory(schema.notificationDestinations, (t) => ({
  id: uuid(),
  name: `Destination ${t}`,
  kind: "webhook" as const,
  /** Unsealed (a row from before encryption at rest) unless a test seals it. */
  url: `https://hooks.example/${t}` as Sealed,
  events: [] as schema.AlertEvent[],
}));

export const rateLimit = factory(schema.rateLimits, (t) => ({ key: `test:${t}`, windowStart: Date.now(), count: 1 }));

export const usedFormStamp = factory(schema.usedFormStamps, (t) => ({ hash: `stamp-${t}`, submission: "x", usedAt: Date.now() }));

export const mediaItem = factory(schema.media, (t) => ({
  key: `${t}.png`,
  contentType: "image/png",
  size: 1,
  width: 1,
  height: 1,
  alt: "An image",
  name: "image.png",
  uploadedBy: "admin@example.com",
}));

export const auditEntry = factory(schema.auditLog, () => ({ id: uuid(), action: "pages.update" }));

// ------------------------------------------------------------------ people

export const person = factory(schema.people, (t) => ({
  id: uuid(),
  email: `person-${t}@example.com`,
  firstForm: "contact",
  lastForm: "contact",
  lastSeenAt: new Date(),
}));

export const personSubmission = factory(schema.personSubmissions, () => ({ form: "contact", recordId: uuid() }));

export const personEvent = factory(schema.personEvents, () => ({
  id: uuid(),
  kind: "status" as const,
  actor: "admin@example.com",
}));

export const personNote = factory(schema.personNotes, () => ({
  id: uuid(),
  authorId: uuid(),
  authorEmail: "admin@example.com",
  body: "A note",
}));

export const consent = factory(schema.consents, (t) => ({
  id: uuid(),
  email: `consent-${t}@example.com`,
  list: "newsletter" as const,
  noticeVersion: "v",
  givenAt: new Date(),
}));

// ------------------------------------------------------------------ digest

/** The team's one settings row (id `team`). */
export const teamSettings = factory(schema.teamSettings, () => ({ id: "team" }));

export const digestRun = factory(schema.digestRuns, () => ({
  localDate: new Date().toISOString().slice(0, 10),
  timeZone: "UTC",
  sentAt: Date.now(),
  outboxId: uuid(),
  overdue: 0,
  dueToday: 0,
}));

// ------------------------------------------------------------------ visitor counts

/** A day's rollup row (ADR 0023): the site's (path '') unless a page's is asked for. */
export const insightRollup = factory(schema.insightRollups, () => ({
  scope: "site" as const,
  day: "2024-03-01",
  path: "",
  channel: "direct",
  source: "",
  campaign: "",
  country: "",
  device: "desktop",
  views: 1,
  visitors: 1,
}));

/** A day's total (ADR 0023, the rollups' `day:` scopes): the site's unless a page's, source's or campaign's is asked for. */
export const insightDayTotal = factory(schema.insightRollups, () => ({
  scope: "day:site" as const,
  day: "2024-03-01",
  path: "",
  channel: "",
  source: "",
  campaign: "",
  country: "",
  device: "",
  views: 1,
  visitors: 1,
}));
