/**
 * The audit log tab's queries (ADR 0011): entries newest first, 50 a page,
 * filtered by admin, action and day, with the count and the filter's choices
 * in the same round trip; and the CSV export of the filtered list, streamed in
 * keyset pages through the one CSV writer, recorded in the log itself before
 * any row leaves.
 */
import { and, count, desc, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { auditLog, type AuditRow } from "~/db/schema";
import { AUDIT_ACTIONS, auditEntry, emailHash, emailHashes, type Actor } from "~/lib/audit.server";
import { csvResponse } from "~/lib/csv";
import { getDb } from "~/lib/db.server";
import { paged, type Paged } from "~/lib/pagination";
import { AUDIT_PAGE_SIZE, dayEnd, dayStart, NO_ACTOR, type AuditFilters } from "./audit";

/** An entry as the tab shows it (times in ms). */
export type AuditListRow = Omit<AuditRow, "at"> & { at: number };

/** The conditions of the filters; `hashes`: the email filter's every accepted hash (`emailHashes`). */
function whereOf(filters: AuditFilters, hashes: string[]): SQL | undefined {
  return and(
    filters.admin === NO_ACTOR ? isNull(auditLog.actorEmail) : filters.admin ? eq(auditLog.actorEmail, filters.admin) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.from ? gte(auditLog.at, new Date(dayStart(filters.from))) : undefined,
    filters.to ? lt(auditLog.at, new Date(dayEnd(filters.to))) : undefined,
    filters.email
      ? or(
          eq(auditLog.actorEmail, filters.email),
          sql`json_extract(${auditLog.detail}, '$.email') IN (SELECT value FROM json_each(${JSON.stringify(hashes)}))`,
        )
      : undefined,
  );
}

/** The filters' conditions, with the email filter's hashes under every key accepted, legacy ones included. */
async function whereFor(env: Env, filters: AuditFilters): Promise<SQL | undefined> {
  return whereOf(filters, filters.email ? await emailHashes(env, filters.email) : []);
}

const toRow = (r: AuditRow): AuditListRow => ({ ...r, at: r.at.getTime() });

/** A page of entries, the count, and every admin and action the log holds (the filter's choices): one batch. */
export async function listAudit(
  env: Env,
  filters: AuditFilters,
  page: number,
): Promise<{ list: Paged<AuditListRow>; admins: string[]; actions: string[] }> {
  const db = getDb(env);
  const where = await whereFor(env, filters);
  const [rows, [total], admins, actions] = await db.batch([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
    // Both read their own index (actor_email, at) and (action, at).
    db.selectDistinct({ email: auditLog.actorEmail }).from(auditLog).where(isNotNull(auditLog.actorEmail)).orderBy(auditLog.actorEmail),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return {
    list: paged(rows.map(toRow), total?.n ?? 0, page, AUDIT_PAGE_SIZE),
    admins: admins.map((a) => a.email).filter((e): e is string => !!e),
    actions: actions.map((a) => a.action),
  };
}

/** Rows per export query: a year of a busy log is a few queries, each page a few hundred KB at most. */
export const AUDIT_EXPORT_PAGE_SIZE = 5000;

/** Every entry the filters match, newest first, a page at a time (keyset along (at, id), never OFFSET). */
export async function* exportAudit(env: Env, filters: AuditFilters, pageSize = AUDIT_EXPORT_PAGE_SIZE): AsyncGenerator<AuditRow[]> {
  const db = getDb(env);
  const where = await whereFor(env, filters);
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(lt(auditLog.at, after.at), and(eq(auditLog.at, after.at), lt(auditLog.id, after.id)))
      : undefined;
    const rows: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(and(where, cursor))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize);
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    const last: AuditRow = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}

export const AUDIT_CSV_FIELDS = ["Time (UTC)", "Admin", "Action", "Resource", "Record", "Address", "Detail"];

const csvRow = (r: AuditRow): unknown[] => [
  r.at.toISOString(),
  r.actorEmail ?? "",
  r.action,
  r.resource ?? "",
  r.recordId ?? "",
  r.address ?? "",
  r.detail ? JSON.stringify(r.detail) : "",
];

/**
 * The filtered list as a CSV download through the one writer, streamed. The
 * export's own entry (`export.audit`, its filters) is written first, so no
 * file leaves unrecorded (and the file lists it when the filters match it);
 * then the first page is read before answering, so a failed query is an
 * error page, not a broken file.
 */
export async function exportAuditCsv(env: Env, filters: AuditFilters, actor: Actor): Promise<Response> {
  const db = getDb(env);
  await auditEntry(db, {
    action: AUDIT_ACTIONS.exportAudit,
    actor,
    resource: "audit",
    // A typed address is kept only as its keyed hash, as everywhere in the log.
    detail: Object.fromEntries(
      await Promise.all(
        Object.entries(filters)
          .filter((entry): entry is [string, string] => entry[1] !== null)
          .map(async ([k, v]) => [k, k === "email" ? await emailHash(env, v) : v]),
      ),
    ),
  });
  const pages = exportAudit(env, filters);
  const first = await pages.next();
  async function* rows() {
    if (first.done) return;
    yield first.value.map(csvRow);
    for await (const page of pages) yield page.map(csvRow);
  }
  return csvResponse(`audit-log-${new Date().toISOString().slice(0, 10)}.csv`, AUDIT_CSV_FIELDS, rows());
}
