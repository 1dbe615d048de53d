/**
 * A submission's person: the statements that upsert the submitter's person (one per normalised email) and
 * link the record to it, in the record's own batch (store.server.ts), and the alert events that link makes.
 */
import type { AlertEventDraft } from "~/email/events.server";
import { dueFromPromise, personFormLabel, type PersonForm } from "~/lib/people";
import type { VisitSource } from "~/lib/visit-source";

/** The submitter of a record, as the form gave them. Empty texts leave what the person had. */
export interface PersonLink {
  email: string;
  name?: string | null;
  company?: string | null;
  app?: string | null;
  form: PersonForm;
  recordId: string;
  /**
   * The source of the visit that sent the form (ADR 0022), read from the post by the public forms' reader; null when
   * the write is no visitor's form post. Stored on the link, and as the person's first source when the person is new.
   */
  source: VisitSource | null;
}

/**
 * The person's upsert and the record's link. Email, name, company and app are
 * normalised by SQLite (`lower(trim(…))`, as the backfill and the email lists'
 * unique indexes do). A new person gets the id made here once; a known one
 * keeps theirs, takes the new non-empty name, company and app (the last given)
 * and, while New, the earlier of their due date and this form's promise.
 * `guard` (an outbox id): write only if that row was written in this batch,
 * for records stored at most once (`onlyIfChanged`). The submission's source goes on the link and, only when
 * the person is created, on the person (their first source: never overwritten). 15 and 12 parameters.
 */
export function personStatements(
  d1: D1Database,
  person: PersonLink,
  at: number,
  guard: string | null,
  newPersonId: string = crypto.randomUUID(),
): D1PreparedStatement[] {
  const guarded = "(?9 IS NULL OR EXISTS (SELECT 1 FROM email_outbox WHERE id = ?9))";
  return [
    d1
      .prepare(
        `INSERT INTO people (id, email, name, company, app, first_form, last_form, due_at, created_at, last_seen_at, updated_at,
           first_channel, first_referrer_host, first_utm_source, first_utm_medium, first_utm_campaign, first_landing_page)
         SELECT ?1, lower(trim(?2)), nullif(trim(?3), ''), nullif(trim(?4), ''), nullif(trim(?5), ''), ?6, ?6, ?8, ?7, ?7, ?7,
           ?10, ?11, ?12, ?13, ?14, ?15
         WHERE ${guarded}
         ON CONFLICT (email) DO UPDATE SET
           name = coalesce(excluded.name, name),
           company = coalesce(excluded.company, company),
           app = coalesce(excluded.app, app),
           last_form = excluded.last_form,
           last_seen_at = max(last_seen_at, excluded.last_seen_at),
           due_at = CASE WHEN status = 'new' AND excluded.due_at IS NOT NULL
                         THEN min(coalesce(due_at, excluded.due_at), excluded.due_at) ELSE due_at END,
           updated_at = excluded.updated_at`,
      )
      .bind(
        newPersonId,
        person.email,
        person.name ?? null,
        person.company ?? null,
        person.app ?? null,
        person.form,
        at,
        dueFromPromise(person.form, at),
        guard,
        ...sourceValues(person.source).slice(0, 6),
      ),
    d1
      .prepare(
        `INSERT INTO person_submissions (form, record_id, person_id, created_at,
           channel, referrer_host, utm_source, utm_medium, utm_campaign, landing_page, form_page)
         SELECT ?1, ?2, id, ?3, ?6, ?7, ?8, ?9, ?10, ?11, ?12 FROM people WHERE email = lower(trim(?4)) AND ${guarded.replaceAll("?9", "?5")}
         ON CONFLICT DO NOTHING`,
      )
      .bind(person.form, person.recordId, at, person.email, guard, ...sourceValues(person.source)),
  ];
}

/** A source's columns in their statements' order: channel, referrer host, UTM source, medium, campaign, landing, form page. */
function sourceValues(source: VisitSource | null): (string | null)[] {
  if (!source) return [null, null, null, null, null, null, null];
  return [source.channel, source.referrerHost, source.utmSource, source.utmMedium, source.utmCampaign, source.landingPage, source.formPage];
}

/** submission.created for every linked record; person.created when the person is new (the id made once). */
export function personEvents(person: PersonLink, newPersonId: string): AlertEventDraft[] {
  const email = person.email.trim().toLowerCase();
  const data = { form: person.form, recordId: person.recordId, email, name: person.name ?? null, company: person.company ?? null };
  const who = person.name?.trim() ? `${person.name.trim()} (${email})` : email;
  return [
    { type: "submission.created", summary: `New ${personFormLabel(person.form).toLowerCase()} submission from ${who}`, data },
    {
      type: "person.created",
      summary: `New person: ${who}`,
      data: { email, name: person.name ?? null, company: person.company ?? null, firstForm: person.form },
      ifPersonExists: newPersonId,
    },
  ];
}
