/**
 * The one procedure every form ends in: store the record and its outbox rows
 * in one D1 batch (all or nothing), then put the outbox ids on the queue.
 *
 * Safe to try twice. Every id (the record's, the emails') is made once, by the
 * caller, before the first try. A transient D1 error is tried again after a
 * short, growing delay; but a try whose answer was lost (a reset connection)
 * may have committed, so before each new try, and when a new try is refused
 * by a constraint (its own ids exist already), the procedure looks for its
 * own first outbox row: found, the write is done, counted as a success, and
 * nothing is stored or sent twice.
 *
 * With `person`, the same batch also upserts the submitter's person (one per
 * normalised email) and links the record to it (`personStatements`), so every
 * submission has its person from the moment it exists, and a retried batch
 * finds both already there.
 *
 * A post that passed the public forms' check with its time stamp (no
 * Turnstile token) hands its `stamp` claim: the batch begins by recording it
 * (`used_form_stamps`, unique), so the stamp is spent exactly when the
 * submission is stored, all or nothing. Refused by that key, the procedure
 * looks at who used the stamp: this same post (an earlier try, or the post
 * sent again after a lost answer) is done; another post is refused
 * (`StampUsedError`), and nothing of it is stored.
 *
 * Alerts (ADR 0012): the same batch ends with ONE statement writing the
 * write's events (submission.created, person.created when the person is new,
 * and any `events` of the caller) as webhook deliveries for every destination
 * subscribed to them; their ids are queued with the emails'.
 */
import { D1_RETRY_DELAYS_MS, isTransientD1Error } from "~/lib/d1-retry.server";
import { getDb, type Db } from "~/lib/db.server";
import { stampUse, StampUsedError, usedStampStatement, type StampClaim } from "~/lib/form-guard.server";
import { personEvents, personStatements, type PersonLink } from "./person.server";
import { enrolmentStatement } from "~/features/sequences/index.server";
import { alertDeliveriesStatement, deliveriesOfKey, returnedIds, type AlertEventDraft } from "~/email/events.server";
import { enqueueOutbox, insertOutbox, sealDraftSecrets, type OutboxDraft } from "~/email/outbox.server";
import { VISITOR_EMAIL_CAP } from "~/email/policy";
import { visitorEmailKinds } from "~/email/registry.server";
import { logMessage } from "~/lib/log.server";

/** A statement of the batch: a drizzle query (insert, update...) or a raw D1 statement. */
type Statement = { toSQL(): { sql: string; params: unknown[] } } | D1PreparedStatement;

interface StoreAndNotify {
  /** For the logs: what is being stored. */
  label: string;
  /** The record's statements, built once with their ids (never left to a default made anew per try). */
  records: (db: Db, d1: D1Database) => Statement[];
  /** The emails about it; their ids are made once by `outboxDraft`. At least one. */
  drafts: [OutboxDraft, ...OutboxDraft[]];
  /**
   * Write the emails only if the last record statement changed a row (SQLite `changes()`): a
   * guarded update, such as a draft that is completed once, sends its emails at most once.
   */
  onlyIfChanged?: boolean;
  /** Who submitted it: their person is upserted and the record linked to it, in the same batch. */
  person?: PersonLink;
  /** Alert events beyond the ones a person link makes (submission.created, person.created). */
  events?: AlertEventDraft[];
  /** The post's claim on its form stamp (no Turnstile token): recorded first in the batch, once per request. */
  stamp?: StampClaim | null;
}

type Stored =
  /** Written by this try: D1's results of the record statements, in order. */
  | { status: "written"; results: D1Result[]; queued: boolean }
  /** An earlier try of this same write had committed (its answer was lost). */
  | { status: "found"; queued: boolean };

/** One D1 statement, whatever built it (drizzle maps its values to D1's, e.g. JSON and dates, in toSQL). */
function toD1(d1: D1Database, statement: Statement): D1PreparedStatement {
  if (!("toSQL" in statement)) return statement;
  const { sql, params } = statement.toSQL();
  return d1.prepare(sql).bind(...params);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A visitor email's status, decided in SQL as its row is written: `capped` once its address (any case) has
 * had VISITOR_EMAIL_CAP uncapped visitor emails in the last 24 h, whatever form sent them. The row is kept
 * either way, so a retried batch and the person link still find it; a capped row is never queued or sent.
 */
const CAPPED_STATUS = `CASE WHEN (SELECT count(*) FROM email_outbox WHERE created_at > ?7 AND lower(recipient) = lower(?3)
  AND status <> 'capped' AND kind IN (SELECT value FROM json_each(?8))) >= ${VISITOR_EMAIL_CAP} THEN 'capped' ELSE 'queued' END`;

/** One statement per draft (each `RETURNING status`) when the write is guarded or holds a visitor email. */
const perDraftOutbox = (drafts: OutboxDraft[], onlyIfChanged: boolean) =>
  onlyIfChanged || drafts.some((d) => visitorEmailKinds().includes(d.kind));

function outboxStatements(db: Db, d1: D1Database, drafts: OutboxDraft[], onlyIfChanged: boolean): Statement[] {
  if (!perDraftOutbox(drafts, onlyIfChanged)) return [insertOutbox(db, drafts)];
  // Each insert checks the statement just before it: the guarded record, then the previous email.
  const now = Date.now();
  return drafts.map((d) => {
    const visitor = visitorEmailKinds().includes(d.kind);
    const values = [d.id, d.kind, d.recipient, d.subject, JSON.stringify(d.payload), now];
    return d1
      .prepare(
        `INSERT INTO email_outbox (id, kind, recipient, subject, payload, status, attempts, next_attempt_at, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ${visitor ? CAPPED_STATUS : "'queued'"}, 0, ?6, ?6
         ${onlyIfChanged ? "WHERE changes() = 1" : ""} RETURNING status`,
      )
      .bind(...values, ...(visitor ? [now - DAY_MS, JSON.stringify(visitorEmailKinds())] : []));
  });
}

export async function storeAndNotify(env: Env, write: StoreAndNotify, delays: readonly number[] = D1_RETRY_DELAYS_MS): Promise<Stored> {
  const db = getDb(env);
  const records = write.records(db, env.DB);
  // A single-use link is sealed before its row is written (ADR 0017).
  const drafts = await sealDraftSecrets(env, write.drafts);
  // Built once: the same statements, with the same ids, on every try.
  const guard = write.onlyIfChanged ? write.drafts[0].id : null;
  const at = Date.now();
  const newPersonId = crypto.randomUUID();
  const eventKey = crypto.randomUUID();
  const events = [...(write.person ? personEvents(write.person, newPersonId) : []), ...(write.events ?? [])];
  const enrolment = write.person ? await enrolmentStatement(env, write.person.form, write.person.email, at, guard, eventKey) : null;
  const perDraft = perDraftOutbox(write.drafts, write.onlyIfChanged ?? false);
  // An earlier write of this request (onboarding's fallback to a new row) may have recorded the claim already.
  const stamp = write.stamp && !write.stamp.used ? write.stamp : null;
  const first = stamp ? 1 : 0;
  const statements = [
    ...(stamp ? [usedStampStatement(env.DB, stamp, at)] : []),
    ...records,
    ...outboxStatements(db, env.DB, drafts, write.onlyIfChanged ?? false),
    // After the emails: a guarded person link checks that the first email was written.
    ...(write.person ? personStatements(env.DB, write.person, at, guard, newPersonId) : []),
    // The person's follow-up sequences, when the form's notice names them (ids from the key made once above).
    ...(enrolment ? [enrolment] : []),
    // Last: the events see the person just written (person.created only if the id made above is in).
    ...(events.length ? [alertDeliveriesStatement(env.DB, eventKey, events, at, guard)] : []),
  ].map((s) => toD1(env.DB, s));
  const ids = write.drafts.map((d) => d.id);
  const ours = async () => {
    const row = await env.DB.prepare("SELECT 1 AS found FROM email_outbox WHERE id = ?1").bind(ids[0]).first<{ found: number }>();
    return row !== null;
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const results = await env.DB.batch(statements);
      // Guarded emails that were not written (nothing changed), and capped ones, are not queued.
      const queued = (i: number) =>
        (results[first + records.length + i]?.results as { status?: string }[] | undefined)?.[0]?.status === "queued";
      const written = perDraft ? ids.filter((_, i) => queued(i)) : ids;
      const deliveries = events.length ? returnedIds(results[results.length - 1]) : [];
      if (stamp) stamp.used = true;
      return {
        status: "written",
        results: results.slice(first, first + records.length),
        queued: await enqueueOutbox(env, [...written, ...deliveries]),
      };
    } catch (error) {
      const transient = isTransientD1Error(error);
      // A try whose answer was lost may have committed: look for its rows before trying again, and when
      // a new try is refused by a constraint (its own ids exist already).
      if ((transient || attempt > 0) && (await ours().catch(() => false))) {
        console.warn(`D1 write "${write.label}": an earlier try had committed (its answer was lost); counted as done`);
        const deliveries = events.length ? await deliveriesOfKey(env.DB, eventKey).catch(() => []) : [];
        if (stamp) stamp.used = true;
        return { status: "found", queued: await enqueueOutbox(env, [...ids, ...deliveries]) };
      }
      if (stamp) {
        const use = await stampUse(env.DB, stamp).catch(() => "none" as const);
        if (use === "other") throw new StampUsedError();
        if (use === "same") {
          // This post was stored before (sent again after a lost answer, or a try whose guarded emails had nothing to
          // write): done. Its emails were queued by the try that wrote them; the sweeper covers any left behind.
          console.warn(`D1 write "${write.label}": this post's stamp was used by the same post before; counted as done`);
          stamp.used = true;
          return { status: "found", queued: true };
        }
      }
      if (!transient || attempt >= delays.length) throw error;
      console.warn(
        `D1 write "${write.label}" failed (${logMessage(error)}); retry ${attempt + 1} of ${delays.length} in ${delays[attempt]} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
