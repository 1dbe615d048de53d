/**
 * One person's data on request (ADR 0014): what is stored about an email
 * address (the counts), its export as one JSON file, and its erasure in one
 * D1 batch. All three are generated from the list in personal-data.server.ts;
 * each binds the address once per statement.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { auditStatement, emailHash, type Actor, type AuditAction } from "~/lib/audit.server";
import { PRIVACY_PATH } from "~/lib/paths";
import { redirectWithToast } from "~/lib/toast.server";
import { blockedAddressStatement } from "~/features/sequences/index.server";
import { eraseTextOf, PERSONAL_DATA } from "./personal-data.server";
import { PRIVACY_MESSAGES as M } from "./privacy.messages";
import { exportSchema, privacyActionSchema, type PrivacyIntent } from "./privacy.schema";
import { loggable } from "~/lib/log.server";

/** The audit log's actions; the address is kept only as `emailHash` (detail.email). */
export const PRIVACY_AUDIT = { export: "privacy.export", erase: "privacy.erase" } as const satisfies Record<string, AuditAction>;

export interface TableCount {
  table: string;
  label: string;
  rows: number;
  /** What erasure does to these rows. */
  eraseText: string;
}

/** How many rows of each table are about the address: one statement, one bound parameter. */
export async function countPersonalData(db: D1Database, email: string): Promise<TableCount[]> {
  const columns = PERSONAL_DATA.map((t, i) => `(SELECT count(*) FROM ${t.table} WHERE (${t.where})) AS c${i}`);
  const row = await db
    .prepare(`SELECT ${columns.join(", ")}`)
    .bind(email)
    .first<Record<string, number>>();
  return PERSONAL_DATA.map((t, i) => ({ table: t.table, label: t.label, rows: row?.[`c${i}`] ?? 0, eraseText: eraseTextOf(t) }));
}

// ---------------------------------------------------------------- export

export interface PersonalDataExport {
  subject: string;
  exportedAt: string;
  about: string;
  tables: Record<string, { label: string; rows: Record<string, unknown>[] }>;
}

const EXPORT_ABOUT =
  "Everything Founder Leads stores about this email address, table by table. Times are UTC (ISO 8601); JSON columns are parsed.";

/** A row as the export shows it: JSON columns parsed, `*_at` times as ISO text. */
function exportRow(row: Record<string, unknown>, json: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (json.includes(column) && typeof value === "string") {
      try {
        out[column] = JSON.parse(value) as unknown;
      } catch {
        out[column] = value;
      }
    } else if (column.endsWith("_at") && typeof value === "number") out[column] = new Date(value).toISOString();
    else out[column] = value;
  }
  return out;
}

/** Every row about the address, read in one batch with its `privacy.export` audit entry. */
export async function exportPersonalData(env: Env, email: string, actor: Actor, now = Date.now()): Promise<PersonalDataExport> {
  const db = env.DB;
  const entry = auditStatement(db, {
    action: PRIVACY_AUDIT.export,
    actor,
    resource: "privacy",
    detail: { email: await emailHash(env, email) },
  });
  const [, ...results] = await db.batch([
    entry,
    ...PERSONAL_DATA.map((t) => db.prepare(`SELECT * FROM ${t.table} WHERE (${t.where}) ORDER BY ${t.orderBy}`).bind(email)),
  ]);
  const tables: PersonalDataExport["tables"] = {};
  PERSONAL_DATA.forEach((t, i) => {
    tables[t.table] = { label: t.label, rows: (results[i]!.results as Record<string, unknown>[]).map((r) => exportRow(r, t.json)) };
  });
  return { subject: email, exportedAt: new Date(now).toISOString(), about: EXPORT_ABOUT, tables };
}

/** The download's file name: the export's date (UTC). */
export const exportFileName = (exported: PersonalDataExport) => `personal-data-${exported.exportedAt.slice(0, 10)}.json`;

// ----------------------------------------------------------------- erasure

export interface Erased {
  deleted: number;
  anonymised: number;
}

/**
 * Erases the address: every table of the list in one D1 batch (all or
 * nothing), in the list's order (rows found through `people` before it), with
 * the `privacy.erase` entry. Safe to retry: the deletes and updates find
 * nothing the second time, and the entry is written once per `requestId`.
 */
export async function erasePersonalData(env: Env, email: string, requestId: string, actor: Actor): Promise<Erased> {
  const db = env.DB;
  const entry = auditStatement(
    db,
    { action: PRIVACY_AUDIT.erase, actor, resource: "privacy", detail: { email: await emailHash(env, email), requestId } },
    sql`NOT EXISTS (SELECT 1 FROM audit_log WHERE action = ${PRIVACY_AUDIT.erase} AND json_extract(detail, '$.requestId') = ${requestId})`,
  );
  const statements = PERSONAL_DATA.map((t) =>
    db.prepare(t.keep ? `UPDATE ${t.table} SET ${t.keep.set} WHERE (${t.where})` : `DELETE FROM ${t.table} WHERE (${t.where})`).bind(email),
  );
  // Last: the address's keyed hash, so the erased person is never enrolled in follow-up emails again (ADR 0024).
  const block = await blockedAddressStatement(env, email, "erased", Date.now());
  const [, ...results] = await db.batch([entry, ...statements, block]);
  const erased: Erased = { deleted: 0, anonymised: 0 };
  PERSONAL_DATA.forEach((t, i) => {
    erased[t.keep ? "anonymised" : "deleted"] += results[i]!.meta.changes;
  });
  return erased;
}

// -------------------------------------------------------------- the page

export interface PrivacyView {
  /** `summary`: what is stored, with Export and Erase; `confirm`: the erasure's confirmation. */
  step: "summary" | "confirm";
  email: string;
  counts: TableCount[];
  total: number;
  /** The erasure's id, made once with its confirmation. */
  requestId: string;
}

export async function privacyView(db: D1Database, email: string, step: PrivacyView["step"], requestId?: string): Promise<PrivacyView> {
  const counts = await countPersonalData(db, email);
  return { step, email, counts, total: counts.reduce((n, c) => n + c.rows, 0), requestId: requestId ?? crypto.randomUUID() };
}

export interface PrivacyLoaderData {
  view: PrivacyView | null;
}

/** What the page's URL asks for: a person's summary (`?person=<id>`) or their erasure's confirmation (`&step=erase`). */
export interface PrivacyQuery {
  personId: string | null;
  step: PrivacyView["step"];
}

/** GET: the typed-address form; from a person's page, their summary or confirmation; null when there is no such person. */
export async function privacyPage(db: D1Database, query: PrivacyQuery): Promise<PrivacyLoaderData | null> {
  if (!query.personId) return { view: null };
  const person = await db.prepare("SELECT email FROM people WHERE id = ?1").bind(query.personId.slice(0, 100)).first<{ email: string }>();
  if (!person) return null;
  return { view: await privacyView(db, person.email, query.step) };
}

export type PrivacyActionData = { intent: PrivacyIntent | null; result: SubmissionResult<string[]>; view?: PrivacyView };

/**
 * The page's POSTs: `lookup` (the typed address: its summary), `review-erase`
 * (the confirmation) and `erase` (done, then post/redirect/get with a toast).
 * Bad input answers 400 with what was typed kept; an erasure without the box
 * ticked shows its confirmation again with the message under the box.
 */
export async function privacyAction(env: Env, form: FormData, actor: Actor) {
  const submission = parseWithZod(form, { schema: privacyActionSchema });
  const raw = String(form.get("intent") ?? "");
  const intent = privacyActionSchema.options.some((o) => o.shape.intent.value === raw) ? (raw as PrivacyIntent) : null;
  const reply = (result: SubmissionResult<string[]>, status: number, view?: PrivacyView) =>
    data<PrivacyActionData>({ intent, result, ...(view ? { view } : {}) }, { status });

  if (submission.status !== "success") {
    // A confirmation sent without its box: the same confirmation again (its request id kept).
    const address = exportSchema.safeParse({ email: form.get("email") });
    if (intent === "erase" && address.success) {
      const requestId = String(form.get("requestId") ?? "");
      const view = await privacyView(env.DB, address.data.email, "confirm", /^[0-9a-f-]{36}$/i.test(requestId) ? requestId : undefined);
      return reply(submission.reply(), 400, view);
    }
    return reply(submission.reply(), 400);
  }

  const value = submission.value;
  switch (value.intent) {
    case "lookup":
      return reply(submission.reply(), 200, await privacyView(env.DB, value.email, "summary"));
    case "review-erase":
      return reply(submission.reply(), 200, await privacyView(env.DB, value.email, "confirm"));
    case "erase": {
      let erased: Erased;
      try {
        erased = await erasePersonalData(env, value.email, value.requestId, actor);
      } catch (error) {
        console.error("Privacy: erasure failed", loggable(error));
        // The confirmation again with the message; its counts too, unless the database cannot even be read.
        const view = await privacyView(env.DB, value.email, "confirm", value.requestId).catch((): PrivacyView => ({
          step: "confirm",
          email: value.email,
          counts: [],
          total: 0,
          requestId: value.requestId,
        }));
        return reply(submission.reply({ formErrors: [M.eraseFailed] }), 503, view);
      }
      return redirectWithToast(env, PRIVACY_PATH, {
        type: "success",
        title: M.erased,
        description: `${erased.deleted} ${erased.deleted === 1 ? "row" : "rows"} deleted, ${erased.anonymised} ${erased.anonymised === 1 ? "question" : "questions"} kept without name and email.`,
      });
    }
  }
}
