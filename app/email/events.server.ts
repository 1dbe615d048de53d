/**
 * Alert events (ADR 0012): a notification destination (Slack or a
 * signed webhook) receives an event as a delivery row in `email_outbox`, with
 * channel `webhook`, written in the SAME D1 batch as the record the event is
 * about, then queued and sent like an email (consumer, receipt, sweeper).
 *
 * One statement writes every event of a write to every destination that is on
 * and subscribed (`INSERT … SELECT … FROM notification_destinations`), 4 bound
 * parameters whatever the number of events and destinations. A delivery's id
 * is `<key>-<n>-<destination id>`: the key is made once per write, so a retried
 * batch finds its rows (ON CONFLICT DO NOTHING) instead of doubling them, and
 * the id is the `webhook-id` the receiver sees on every try.
 */
import type { AlertEvent } from "~/db/schema";

export interface AlertEventDraft {
  type: AlertEvent | "destination.test";
  /** One line for people: Slack's text and the delivery list. */
  summary: string;
  /** The event's data; with `email`, the person's id is added by the statement (it may be made in the same batch). */
  data: Record<string, unknown>;
  /** Only if this person id exists once the batch has run (person.created: the id made once before the batch). */
  ifPersonExists?: string;
}

/**
 * The batch statement writing `events` for every subscribed, enabled destination. `guard` (an outbox id):
 * only if that row exists (a record written at most once). `onlyIf`: a further SQL condition of the caller's batch,
 * its parameters numbered from ?5 (e.g. "this batch claimed the scheduler's event"). RETURNING gives the ids to queue.
 */
export function alertDeliveriesStatement(
  d1: D1Database,
  key: string,
  events: AlertEventDraft[],
  at: number,
  guard: string | null = null,
  onlyIf: { sql: string; binds: (string | number | null)[] } | null = null,
): D1PreparedStatement {
  const json = JSON.stringify(events.map((e) => ({ type: e.type, summary: e.summary, data: e.data, ifNew: e.ifPersonExists ?? null })));
  return d1
    .prepare(
      `WITH e AS (
         SELECT key AS n, json_extract(value, '$.type') AS type, json_extract(value, '$.summary') AS summary,
                json_extract(value, '$.data') AS data, json_extract(value, '$.ifNew') AS if_new
           FROM json_each(?2))
       INSERT INTO email_outbox (id, channel, destination_id, kind, recipient, subject, payload, status, attempts, next_attempt_at, created_at)
       SELECT ?1 || '-' || e.n || '-' || d.id, 'webhook', d.id, e.type, d.name, e.summary,
              CASE WHEN json_extract(e.data, '$.email') IS NULL THEN e.data
                   ELSE json_set(e.data, '$.personId', (SELECT id FROM people WHERE email = lower(trim(json_extract(e.data, '$.email'))))) END,
              'queued', 0, ?3, ?3
         FROM e, notification_destinations d
        WHERE d.enabled = 1
          AND EXISTS (SELECT 1 FROM json_each(d.events) WHERE value = e.type)
          AND (e.if_new IS NULL OR EXISTS (SELECT 1 FROM people WHERE id = e.if_new))
          AND (?4 IS NULL OR EXISTS (SELECT 1 FROM email_outbox WHERE id = ?4))
          ${onlyIf ? `AND (${onlyIf.sql})` : ""}
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
    )
    .bind(key, json, at, guard, ...(onlyIf?.binds ?? []));
}

/** The delivery ids a write with this key made (a retried write whose first answer was lost). */
export async function deliveriesOfKey(d1: D1Database, key: string): Promise<string[]> {
  const { results } = await d1
    .prepare("SELECT id FROM email_outbox WHERE id > ?1 AND id < ?2")
    .bind(`${key}-`, `${key}.`)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

/** The ids a batch result of `alertDeliveriesStatement` returned. */
export function returnedIds(result: D1Result | undefined): string[] {
  return ((result?.results ?? []) as { id: string }[]).map((r) => r.id);
}
