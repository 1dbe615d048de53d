/**
 * The audit log (ADR 0011): who did what, to which record, when and from
 * which address. An entry is a statement, never a write of its own: the
 * caller puts `auditEntry(db, …)` into the SAME `db.batch([...])` as the write
 * it records. D1 runs a batch as one transaction, so neither exists without
 * the other: a write refused by the database (a unique slug) takes its entry
 * with it, and a failed batch leaves neither.
 *
 * A write that may change nothing without failing (an update whose stale
 * check no longer holds, a delete of a record already gone) passes the same
 * condition as `onlyIf`, and its entry goes BEFORE the write in the batch: the
 * entry is inserted only when the condition holds, and nothing else runs
 * between the two statements.
 */
import { is, SQL, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { auditLog } from "~/db/schema";
import type { Db } from "./db.server";
import { macsFor, rootMacsFor, signFor } from "./keys.server";
import { rateLimitAddress } from "./rate-limit.server";
import { clientIp } from "./request.server";

/** `<resource>.<verb>`: lowercase, e.g. `pages.update`, `leads.import`, `export.warm-leads`. */
export type AuditAction = `${string}.${string}`;

/** The fixed actions; the admin resources add `<tab>.create`, `<tab>.update`, `<tab>.restore`, `<tab>.delete`. */
export const AUDIT_ACTIONS = {
  signinSuccess: "signin.success",
  signinFailure: "signin.failure",
  keywordCreate: "keywords.create",
  keywordDelete: "keywords.delete",
  leadsImport: "leads.import",
  leadsDelete: "leads.delete",
  guidesReorder: "guides.reorder",
  outboxResend: "outbox.resend",
  exportLeads: "export.leads",
  exportWarmLeads: "export.warm-leads",
  exportAudit: "export.audit",
  exportInsights: "export.insights",
  alertsCreate: "alerts.create",
  alertsUpdate: "alerts.update",
  alertsDelete: "alerts.delete",
  alertsTest: "alerts.test",
  alertsResend: "alerts.resend",
} as const satisfies Record<string, AuditAction>;

/** The verbs of the admin resource pattern: `${tab}.${verb}`. */
export type ResourceVerb = "create" | "update" | "restore" | "delete";

/**
 * Who makes a write, and from where: the admin (id and email, as the guard
 * returns them) and the request's address. The email is also what a content
 * save stores as `updated_by`.
 */
export type Actor = { id?: string; email: string; address?: string | null };

export interface AuditInput {
  action: AuditAction;
  /** Null for a failed sign-in (nobody is signed in). */
  actor: Actor | null;
  /** The request's address; defaults to the actor's. */
  address?: string | null;
  /** What was written, e.g. the admin tab (`pages`) or `keywords`. */
  resource?: string | null;
  recordId?: string | null;
  /**
   * A small JSON object with only what the entry needs (no form values, no personal data beyond the
   * actor); or an SQL `json_object(…)` when the database knows it (how many rows a delete takes).
   */
  detail?: Record<string, unknown> | SQL | null;
}

/** Longest JSON detail kept: an entry is a note, not a copy of the record (revisions keep those). */
const MAX_DETAIL_CHARS = 2000;

/**
 * The insert statement of one entry, for the write's own `db.batch([...])`.
 * With `onlyIf` (an SQL condition), the entry is inserted only when it holds:
 * pass the write's own condition and put the entry before the write.
 * Nine bound parameters, plus the condition's.
 */
export function auditEntry(db: Db, entry: AuditInput, onlyIf?: SQL) {
  const address = entry.address !== undefined ? entry.address : (entry.actor?.address ?? null);
  let detail: string | SQL | null = null;
  if (is(entry.detail, SQL)) detail = entry.detail;
  else if (entry.detail) {
    detail = JSON.stringify(entry.detail);
    if (detail.length > MAX_DETAIL_CHARS) detail = JSON.stringify({ truncated: true });
  }
  // Every column, in the table's order (drizzle's INSERT … SELECT names them all).
  const row = sql`SELECT ${crypto.randomUUID()}, ${Date.now()}, ${entry.actor?.id ?? null}, ${entry.actor?.email ?? null}, ${entry.action}, ${entry.resource ?? null}, ${entry.recordId ?? null}, ${address}, ${detail}`;
  return db.insert(auditLog).select(onlyIf ? sql`${row} WHERE ${onlyIf}` : row);
}

/** The same entry as a prepared statement, for batches written with `env.DB.prepare` (the Lead Finder's). */
export function auditStatement(d1: D1Database, entry: AuditInput, onlyIf?: SQL): D1PreparedStatement {
  const query = auditEntry(drizzle(d1), entry, onlyIf).toSQL();
  return d1.prepare(query.sql).bind(...query.params);
}

/** A filter's value an entry may keep: chosen from a fixed list (a status, a form, a day, an id), never typed text. */
export type FilterValue = string | number | boolean | null | undefined;

/**
 * The detail of an export's (or a list's) entry: the filters' names with their values, which must come
 * from fixed lists (statuses, forms, days, an admin's id), and `search: true` when a search was made.
 * The search text itself is never kept: it is often a visitor's email or name, and the log keeps its
 * entries for a year, out of reach of erasure.
 */
export function filtersDetail(filters: Record<string, FilterValue>, search?: string | null): Record<string, unknown> {
  const kept = Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== "");
  return { ...Object.fromEntries(kept), ...(search?.trim() ? { search: true } : {}) };
}

/** The request's address as the log keeps it: IPv4 as it is, IPv6 by its /64 (like the sign-in throttle). */
export function requestAddress(request: Request): string | null {
  const ip = clientIp(request);
  return ip === "unknown" ? null : rateLimitAddress(ip);
}

/** The acting admin of a request, with the request's address. */
export function requestActor(request: Request, admin: { id: string; email: string }): Actor {
  return { id: admin.id, email: admin.email, address: requestAddress(request) };
}

/**
 * A typed email as the log keeps it (a failed sign-in, a privacy request): HMAC-SHA256 under the `audit`
 * purpose's key (ADR 0017), 16 hex digits. Attempts on the same email can be told apart and grouped, and
 * an admin can look up a known address (`emailHashes`), but the log never holds what a stranger typed
 * (often someone else's address, from a leaked list).
 */
export async function emailHash(env: Env, email: string): Promise<string> {
  return (await signFor(env, "audit", auditEmailMessage(email), "hex")).slice(0, 16);
}

const auditEmailMessage = (email: string) => `audit-email:${email.trim().toLowerCase()}`;

/**
 * Every hash an entry about this email may hold: under the `audit` key of the current root and of each
 * earlier root kept for `audit`, and, for entries from before purpose keys, under those raw roots. A
 * lookup by email matches any of them (`json_extract(detail, '$.email') IN (…)`).
 */
export async function emailHashes(env: Env, email: string): Promise<string[]> {
  const message = auditEmailMessage(email);
  const macs = [...(await macsFor(env, "audit", message, "hex")), ...(await rootMacsFor(env, "audit", message, "hex"))];
  return [...new Set(macs.map((mac) => mac.slice(0, 16)))];
}

/** Entries kept, in days, when `AUDIT_RETENTION_DAYS` is missing or not a positive number. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

export function auditRetentionDays(env: Pick<Env, "AUDIT_RETENTION_DAYS">): number {
  const days = Number(env.AUDIT_RETENTION_DAYS);
  return Number.isFinite(days) && days >= 1 ? Math.floor(days) : DEFAULT_AUDIT_RETENTION_DAYS;
}

/** Rows removed per statement by the cron: a year of a busy log goes in a few runs, each statement short. */
export const AUDIT_PRUNE_BATCH = 5000;

/**
 * Removes entries older than the retention (run by the cron): up to
 * `maxRounds` statements of `AUDIT_PRUNE_BATCH` rows, oldest first along the
 * (at, id) index. Returns how many went.
 */
export async function pruneAuditLog(env: Env, now = Date.now(), maxRounds = 4): Promise<number> {
  const before = now - auditRetentionDays(env) * 86_400_000;
  let removed = 0;
  for (let round = 0; round < maxRounds; round++) {
    const { meta } = await env.DB.prepare("DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < ?1 ORDER BY at LIMIT ?2)")
      .bind(before, AUDIT_PRUNE_BATCH)
      .run();
    removed += meta.changes;
    if (meta.changes < AUDIT_PRUNE_BATCH) break;
  }
  return removed;
}
