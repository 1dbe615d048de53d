/**
 * The pipeline's actions on one person: status, owner, due date and notes, each written with its timeline
 * event and audit row in one batch.
 */
import { sql } from "drizzle-orm";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/cloudflare";
import type { PersonStatus } from "~/db/schema";
import { auditStatement, type Actor } from "~/lib/audit.server";
import { loggable } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { alertDeliveriesStatement, returnedIds } from "~/email/events.server";
import { enqueueOutbox } from "~/email/outbox.server";
import { PEOPLE_MESSAGES as M } from "./people.messages";
import { personPath, statusLabel } from "./people.options";
import { dueFromInput, personActionSchema, type PersonIntent } from "./people.schema";

export type PersonActionData = { intent: PersonIntent | null; noteId?: string; meetingId?: string; result: SubmissionResult<string[]> };

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
    case "meeting":
      return { meetingId: value.meetingId, outcome: value.outcome };
    default:
      return value.noteId ? { noteId: value.noteId } : {};
  }
}

/**
 * One change to a person: validated with the form's schema (400 with the
 * typed values kept), written with its timeline event in one batch, then
 * post/redirect/get to the person page with a toast.
 */
export async function personAction(
  env: Env,
  { personId, form }: { personId: string; form: FormData },
  { admin, actor }: { admin: Admin; actor: Actor },
) {
  const submission = parseWithZod(form, { schema: personActionSchema });
  const intentValue = String(form.get("intent") ?? "");
  const noteId = typeof form.get("noteId") === "string" ? String(form.get("noteId")) : undefined;
  const meetingId = typeof form.get("meetingId") === "string" ? String(form.get("meetingId")) : undefined;
  const intent = personActionSchema.options.some((o) => o.shape.intent.value === intentValue) ? (intentValue as PersonIntent) : null;
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<PersonActionData>({ intent, ...(noteId ? { noteId } : {}), ...(meetingId ? { meetingId } : {}), result }, { status });
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
  const event = (kind: "status" | "owner" | "due" | "meeting", from: unknown, to: unknown, detail: string | null = null) =>
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
    case "meeting": {
      const meeting = await db
        .prepare("SELECT start_at, status FROM meetings WHERE id = ?1 AND person_id = ?2 AND status <> 'cancelled'")
        .bind(value.meetingId, personId)
        .first<{ start_at: number; status: string }>();
      if (!meeting) return reply(submission.reply({ formErrors: [M.meetingMissing] }), 404);
      if (meeting.status !== value.outcome)
        statements.push(
          // Checked again in the write: a cancellation that arrived meanwhile stays a cancellation.
          db
            .prepare("UPDATE meetings SET status = ?3, updated_at = ?4 WHERE id = ?1 AND person_id = ?2 AND status <> 'cancelled'")
            .bind(value.meetingId, personId, value.outcome, now),
          event("meeting", meeting.start_at, value.outcome),
        );
      toast = value.outcome === "held" ? M.meetingHeld : M.meetingNoShow;
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
      actor,
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
