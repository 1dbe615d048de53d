/**
 * EMAIL_QUEUE consumer. Delivery is at least once, so it is idempotent: a row
 * already sent is acked and skipped. A failed send records the error and asks
 * the queue to retry with a growing delay; after the last delivery the row is
 * `failed` (the sweeper and admins can try it again later). A send has a
 * deadline well under its lease (SEND_TIMEOUT_MS): one that hangs is given up
 * and retried like a failed one, before another delivery may claim the row.
 *
 * One pipeline, two channels (ADR 0012): a row with channel `webhook` is an
 * alert event posted to its destination (webhook.server.ts) instead of an
 * email; the claim, deadline, receipt, retries and sweeper are the same, and
 * each try is also recorded in `delivery_attempts` (when, outcome, HTTP code).
 *
 * A template's secret fields (a single-use link) are sealed in the row (ADR 0017): opened for the
 * first try and removed from the row by it, sent or not. A later try (a queue retry, the sweeper,
 * an admin's Resend) asks the template for a new link (`relink`), which withdraws the old token;
 * when there is nothing left to link to (used or withdrawn), the email fails for good.
 */
import { and, eq, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { deliveryAttempts, emailOutbox, type OutboxRow } from "~/db/schema";
import { withD1Retry } from "~/lib/d1-retry.server";
import { getDb } from "~/lib/db.server";
import { unseal } from "~/lib/encryption.server";
import type { EmailQueueMessage } from "./outbox.server";
import {
  BATCH_MESSAGE_ROWS,
  BATCH_SEND_CONCURRENCY,
  failedRetryDelayMs,
  MAX_TOTAL_ATTEMPTS,
  QUEUE_DELIVERIES,
  queueRetryDelaySeconds,
  SEND_LEASE_MS,
  SEND_TIMEOUT_MS,
  UNSUBSCRIBED_ERROR,
} from "./policy";
import { hasUnsubscribed, taskFor, templateFor } from "./registry.server";
import { emailContext, renderEmail } from "./render.server";
import type { EmailTemplate } from "./template";
import { hasSendReceipt, writeSendReceipt } from "./receipts.server";
import { getTransport } from "./transports.server";
import { DeliveryError, sendWebhook } from "./webhook.server";
import { loggable, maskEmails } from "~/lib/log.server";

export type { EmailQueueMessage };

type OneRow = { outboxId: string };
type RowBatch = { outboxIds: string[] };
type Task = { task: string };

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === "object" && body !== null;
const isOneRow = (body: unknown): body is OneRow => isObject(body) && typeof body.outboxId === "string";
const isRowBatch = (body: unknown): body is RowBatch =>
  isObject(body) &&
  Array.isArray(body.outboxIds) &&
  body.outboxIds.length > 0 &&
  body.outboxIds.length <= BATCH_MESSAGE_ROWS &&
  body.outboxIds.every((id) => typeof id === "string");
const isTask = (body: unknown): body is Task => isObject(body) && typeof body.task === "string";

interface ConsumerOptions {
  /** The send's deadline; tests shorten it. */
  sendTimeoutMs?: number;
}

export async function handleEmailBatch(batch: MessageBatch<EmailQueueMessage>, env: Env, options: ConsumerOptions = {}): Promise<void> {
  for (const message of batch.messages) {
    const body: unknown = message.body;
    if (isRowBatch(body)) await handleRowBatch(message as Message<RowBatch>, env, options);
    else if (isTask(body)) await handleTask(message as Message<Task>, env);
    else await handleEmailMessage(message as Message<OneRow>, env, options);
  }
}

async function handleEmailMessage(
  message: Message<OneRow>,
  env: Env,
  { sendTimeoutMs = SEND_TIMEOUT_MS }: ConsumerOptions = {},
): Promise<void> {
  if (!isOneRow(message.body)) {
    console.error("Dropping malformed email queue message", message.body);
    message.ack();
    return;
  }
  const db = getDb(env);
  const { outboxId } = message.body;
  const now = Date.now();
  // Claim the row: only one delivery at a time may send it (at-least-once queues and the sweeper can overlap).
  // A moment of D1 trouble (busy, reset) is tried again here, within half a second, rather than failing the
  // message into the queue's 30 s retry. A claim whose answer was lost holds the lease: the row is then seen
  // as sent by another delivery and retried after the lease, as below.
  const [row] = await withD1Retry("claim outbox row", () =>
    db
      .update(emailOutbox)
      .set({ leaseUntil: new Date(now + SEND_LEASE_MS) })
      .where(
        and(
          eq(emailOutbox.id, outboxId),
          // Never a sent row, nor one held back by the daily cap per address (features/submissions/store.server.ts).
          inArray(emailOutbox.status, ["queued", "failed"]),
          or(isNull(emailOutbox.leaseUntil), lt(emailOutbox.leaseUntil, new Date(now))),
        ),
      )
      .returning(),
  );
  if (!row) {
    const current = await db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, outboxId)).get();
    if (!current) console.error(`Outbox row ${outboxId} not found; acking`);
    if (current && (current.status === "queued" || current.status === "failed"))
      message.retry({ delaySeconds: Math.ceil(SEND_LEASE_MS / 1000) }); // another delivery is sending it
    else message.ack(); // gone, or already sent: a duplicate delivery
    return;
  }

  const attempts = row.attempts + 1;
  // Sent already by a delivery whose "sent" write failed: record it now, never send a second copy.
  if (await hasSendReceipt(env, row.id)) {
    await markSent(env, row.id, attempts, templateFor(row.kind)?.secretFields);
    message.ack();
    return;
  }
  // A list's email to an address that has left the list is never sent, however it was queued again (an
  // admin's Resend, the sweeper): cancelled like the unsubscribe cancels the unsent ones.
  const list = row.channel === "email" ? templateFor(row.kind)?.list : undefined;
  if (list && (await hasUnsubscribed(env, list, row.recipient))) {
    await db
      .update(emailOutbox)
      .set({ status: "failed", attempts: Math.max(attempts, MAX_TOTAL_ATTEMPTS), lastError: UNSUBSCRIBED_ERROR, leaseUntil: null })
      .where(and(eq(emailOutbox.id, row.id), ne(emailOutbox.status, "sent")));
    message.ack();
    return;
  }
  // A template checked at send time (a broadcast's email): held while its broadcast is paused, or skipped.
  const prepare = row.channel === "email" ? templateFor(row.kind)?.prepare : undefined;
  let prepared: Record<string, unknown> | undefined;
  if (prepare) {
    const decision = await prepare(env, [{ id: row.id, recipient: row.recipient, payload: row.payload }]);
    prepared = decision.payloads.get(row.id);
    if (decision.hold || !prepared) {
      await settleUnsent(env, decision.hold ? [row.id] : [], decision.hold ? new Map() : decision.skip);
      message.ack();
      return;
    }
  }
  // The deadline runs from the claim, so the send ends long before the lease does.
  const deadline = AbortSignal.timeout(sendTimeoutMs);
  let responseCode: number | null = null;
  try {
    if (row.channel === "webhook") {
      responseCode = await beforeDeadline(sendWebhook(env, row, deadline), deadline);
    } else {
      const template = templateFor(row.kind);
      if (!template) throw new Error(`No email template for kind "${row.kind}"`);
      const payload = prepared ?? (await payloadToSend(env, template, row));
      const rendered = renderEmail(template, payload, await emailContext(env, template, row.recipient));
      await beforeDeadline(getTransport(env).send({ ...rendered, to: row.recipient }, deadline), deadline);
    }
  } catch (error) {
    // Not accepted by the provider (or it crashed before, or did not answer in time): retried, so nothing is lost.
    const reason = deadline.aborted
      ? `${row.channel === "webhook" ? "The receiver" : providerName(env)} did not answer within ${sendTimeoutMs} ms`
      : error instanceof Error
        ? error.message
        : String(error);
    const lastError = reason.slice(0, 1000);
    if (row.channel === "webhook")
      await recordAttempt(env, row, now, "failed", error instanceof DeliveryError ? error.responseCode : null, lastError);
    // A link used or withdrawn meanwhile: nothing will ever be sent, failed for good at once.
    const isLastDelivery = message.attempts >= QUEUE_DELIVERIES || error instanceof LinkWithdrawnError;
    const delaySeconds = queueRetryDelaySeconds(message.attempts);
    await db
      .update(emailOutbox)
      .set({
        attempts: error instanceof LinkWithdrawnError ? Math.max(attempts, MAX_TOTAL_ATTEMPTS) : attempts,
        lastError,
        leaseUntil: null,
        status: isLastDelivery ? "failed" : "queued",
        nextAttemptAt: new Date(isLastDelivery ? now + failedRetryDelayMs(attempts) : now + delaySeconds * 1000),
        // The link leaves the row with its first try: a later try makes a new one.
        ...withoutSecretFields(row.channel === "email" ? templateFor(row.kind)?.secretFields : undefined),
      })
      .where(and(eq(emailOutbox.id, row.id), ne(emailOutbox.status, "sent")));
    console.error(
      `${row.channel === "webhook" ? "Webhook delivery" : "Email"} ${row.id} (${row.kind}) failed, delivery ${message.attempts}: ${maskEmails(lastError)}`,
    );
    if (isLastDelivery) message.ack();
    else message.retry({ delaySeconds });
    return;
  }
  // Accepted by the provider: the receipt first (it does not depend on D1), then the row.
  await writeSendReceipt(env, row.id);
  if (row.channel === "webhook") await recordAttempt(env, row, now, "delivered", responseCode, null);
  await markSent(env, row.id, attempts, templateFor(row.kind)?.secretFields);
  message.ack();
}

/** One try of a webhook delivery, for the delivery list; a failure to record it is logged, never retried. */
async function recordAttempt(
  env: Env,
  row: OutboxRow,
  at: number,
  outcome: "delivered" | "failed",
  responseCode: number | null,
  error: string | null,
): Promise<void> {
  try {
    await getDb(env)
      .insert(deliveryAttempts)
      .values({ deliveryId: row.id, at: new Date(at), outcome, responseCode, error: error?.slice(0, 300) ?? null });
  } catch (e) {
    console.error(`Delivery ${row.id}: its attempt could not be recorded`, loggable(e));
  }
}

const providerName = (env: Env) => (env.EMAIL_TRANSPORT === "mailchannels" ? "MailChannels" : `The ${env.EMAIL_TRANSPORT} transport`);

/** The send, or a timeout error at the deadline even if the transport does not honour the signal. */
function beforeDeadline<T>(send: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(deadline.reason);
    if (deadline.aborted) onAbort();
    deadline.addEventListener("abort", onAbort, { once: true });
    send.then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
  });
}

/** The update that removes a template's secret fields (a single-use link) from a row's payload. */
function withoutSecretFields(secretFields: readonly string[] = []): { payload?: SQL } {
  const paths = secretFields.map((f) => sql`${`$.${f}`}`);
  return paths.length ? { payload: sql`json_remove(${emailOutbox.payload}, ${sql.join(paths, sql`, `)})` } : {};
}

class LinkWithdrawnError extends Error {
  constructor() {
    super("Not sent: its link was used or withdrawn meanwhile");
  }
}

/**
 * The payload to render: the secret fields opened; on a later try, when the first took them out of the
 * row, new ones from the template's `relink` (never stored), or LinkWithdrawnError when there is nothing
 * left to link to.
 */
async function payloadToSend(env: Env, template: EmailTemplate<Record<string, unknown>>, row: OutboxRow): Promise<Record<string, unknown>> {
  const fields = template.secretFields ?? [];
  if (fields.length === 0) return row.payload;
  const payload = { ...row.payload };
  if (fields.every((f) => typeof payload[f] === "string")) {
    for (const f of fields) payload[f] = await unseal(env, "email-link", payload[f] as string);
    return payload;
  }
  const fresh = template.relink ? await template.relink(env, row.recipient) : null;
  if (!fresh) throw new LinkWithdrawnError();
  return { ...payload, ...fresh };
}

/** Marks a row sent, retrying a transient D1 error; a lasting failure is logged (the receipt still stops a resend). */
async function markSent(env: Env, outboxId: string, attempts: number, secretFields: string[] = []): Promise<void> {
  // The template's secret fields (a single-use link) leave the row with the send.
  const payload = withoutSecretFields(secretFields);
  try {
    await withD1Retry("mark email sent", () =>
      getDb(env)
        .update(emailOutbox)
        .set({ status: "sent", attempts, sentAt: new Date(), lastError: null, leaseUntil: null, ...payload })
        .where(eq(emailOutbox.id, outboxId)),
    );
  } catch (error) {
    console.error(`Email ${outboxId} was sent but could not be marked sent`, loggable(error));
  }
}

/** A feature's task (a broadcast's fan-out step): run, or retried by the queue when it throws. */
async function handleTask(message: Message<Task>, env: Env): Promise<void> {
  const run = taskFor(message.body.task);
  if (!run) {
    console.error(`Dropping a queue task nobody runs: "${message.body.task}"`);
    message.ack();
    return;
  }
  try {
    await run(env, message.body);
    message.ack();
  } catch (error) {
    console.error(`The queue task "${message.body.task}" failed, delivery ${message.attempts}`, loggable(error));
    message.retry({ delaySeconds: queueRetryDelaySeconds(message.attempts) });
  }
}

type SendOutcome = { id: string; error?: string };

/**
 * A batch of outbox rows in one message (a broadcast's recipients, ADR 0025), in a few D1 statements whatever its size:
 * one claims every row (a lease, the try counted), the template's `prepare` checks them (hold, skip, payloads), each is
 * sent (a few at once) with its own deadline and its send receipt, and one batch of updates settles them all.
 * A row already sent, or held by another delivery, is not claimed: a batch delivered twice, or at the same moment,
 * sends nobody twice; a row whose try was counted before has its receipt read first (sent, but not marked).
 */
async function handleRowBatch(message: Message<RowBatch>, env: Env, { sendTimeoutMs = SEND_TIMEOUT_MS }: ConsumerOptions): Promise<void> {
  const db = getDb(env);
  const now = Date.now();
  const ids = [...new Set(message.body.outboxIds)];
  // Sends run BATCH_SEND_CONCURRENCY at a time, each with its deadline: the lease outlasts them all.
  const lease = SEND_LEASE_MS + Math.ceil(ids.length / BATCH_SEND_CONCURRENCY) * sendTimeoutMs;
  const rows = await withD1Retry("claim outbox batch", () =>
    db
      .update(emailOutbox)
      .set({ leaseUntil: new Date(now + lease), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        and(
          sql`${emailOutbox.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
          eq(emailOutbox.channel, "email"),
          inArray(emailOutbox.status, ["queued", "failed"]),
          or(isNull(emailOutbox.leaseUntil), lt(emailOutbox.leaseUntil, new Date(now))),
        ),
      )
      .returning(),
  );
  // A row tried before may have been sent by a delivery whose "sent" write was lost: its receipt says so.
  const receipts = await Promise.all(rows.map(async (r) => (r.attempts > 1 ? hasSendReceipt(env, r.id) : false)));
  const alreadySent = rows.filter((_, i) => receipts[i]).map((r) => r.id);
  const toCheck = rows.filter((_, i) => !receipts[i]);
  const held: string[] = [];
  const skip = new Map<string, string>();
  const work: { row: OutboxRow; template: EmailTemplate<Record<string, unknown>>; payload: Record<string, unknown> }[] = [];
  for (const [kind, group] of groupBy(toCheck, (r) => r.kind)) {
    const template = templateFor(kind);
    if (!template) {
      for (const r of group) skip.set(r.id, `Not sent: no email template for kind "${kind}"`);
      continue;
    }
    if (template.prepare) {
      const decision = await template.prepare(
        env,
        group.map((r) => ({ id: r.id, recipient: r.recipient, payload: r.payload })),
      );
      for (const r of group) {
        const payload = decision.payloads.get(r.id);
        if (decision.hold) held.push(r.id);
        else if (payload) work.push({ row: r, template, payload });
        else skip.set(r.id, decision.skip.get(r.id) ?? "Not sent");
      }
    } else {
      for (const r of group) {
        if (template.list && (await hasUnsubscribed(env, template.list, r.recipient))) skip.set(r.id, UNSUBSCRIBED_ERROR);
        else work.push({ row: r, template, payload: r.payload });
      }
    }
  }
  const outcomes = await inParallel(work, BATCH_SEND_CONCURRENCY, async ({ row, template, payload }): Promise<SendOutcome> => {
    const deadline = AbortSignal.timeout(sendTimeoutMs);
    try {
      const rendered = renderEmail(template, payload, await emailContext(env, template, row.recipient));
      await beforeDeadline(getTransport(env).send({ ...rendered, to: row.recipient }, deadline), deadline);
    } catch (error) {
      const reason = deadline.aborted
        ? `${providerName(env)} did not answer within ${sendTimeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      return { id: row.id, error: reason.slice(0, 1000) };
    }
    await writeSendReceipt(env, row.id);
    return { id: row.id };
  });
  const sent = [...alreadySent, ...outcomes.filter((o) => !o.error).map((o) => o.id)];
  const failed = outcomes.filter((o): o is Required<SendOutcome> => o.error !== undefined);
  const retry = failed.length > 0 && message.attempts < QUEUE_DELIVERIES;
  const delaySeconds = queueRetryDelaySeconds(message.attempts);
  const d1 = env.DB;
  const statements = settleStatements(d1, held, skip);
  if (sent.length)
    statements.push(
      d1
        .prepare(
          `UPDATE email_outbox SET status = 'sent', sent_at = ?2, last_error = NULL, lease_until = NULL
           WHERE id IN (SELECT value FROM json_each(?1))`,
        )
        .bind(JSON.stringify(sent), now),
    );
  if (failed.length) {
    // Tried again by this message's next delivery; after its last, `failed` for the sweeper (its attempts counted).
    const attempts = Math.max(...rows.filter((r) => failed.some((f) => f.id === r.id)).map((r) => r.attempts));
    statements.push(
      d1
        .prepare(
          `UPDATE email_outbox SET status = ?2, next_attempt_at = ?3, lease_until = NULL,
             last_error = (SELECT value ->> '$[1]' FROM json_each(?1) WHERE value ->> '$[0]' = email_outbox.id)
           WHERE id IN (SELECT value ->> '$[0]' FROM json_each(?1)) AND status != 'sent'`,
        )
        .bind(
          JSON.stringify(failed.map((f) => [f.id, f.error])),
          retry ? "queued" : "failed",
          retry ? now + delaySeconds * 1000 : now + failedRetryDelayMs(attempts),
        ),
    );
    for (const f of failed) console.error(`Email ${f.id} failed in a batch, delivery ${message.attempts}: ${maskEmails(f.error)}`);
  }
  try {
    if (statements.length) await withD1Retry("settle outbox batch", () => d1.batch(statements));
  } catch (error) {
    // The receipts stop a second send; the leases run out and the sweeper takes the rows again.
    console.error(`A batch of ${rows.length} emails could not be settled`, loggable(error));
  }
  if (retry) message.retry({ delaySeconds });
  else message.ack();
}

/** Rows a template's check held back (a paused broadcast) or skipped (with the reason), released from their lease. */
function settleStatements(d1: D1Database, held: string[], skip: Map<string, string>): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  if (held.length)
    statements.push(
      d1
        .prepare(
          `UPDATE email_outbox SET status = 'held', lease_until = NULL
           WHERE id IN (SELECT value FROM json_each(?1)) AND status != 'sent'`,
        )
        .bind(JSON.stringify(held)),
    );
  if (skip.size)
    statements.push(
      d1
        .prepare(
          `UPDATE email_outbox SET status = 'skipped', lease_until = NULL,
             last_error = (SELECT value ->> '$[1]' FROM json_each(?1) WHERE value ->> '$[0]' = email_outbox.id)
           WHERE id IN (SELECT value ->> '$[0]' FROM json_each(?1)) AND status != 'sent'`,
        )
        .bind(JSON.stringify([...skip])),
    );
  return statements;
}

async function settleUnsent(env: Env, held: string[], skip: Map<string, string>): Promise<void> {
  const statements = settleStatements(env.DB, held, skip);
  if (statements.length) await withD1Retry("settle unsent outbox rows", () => env.DB.batch(statements));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** `run` over the items, at most `limit` at once, the results in the items' order. */
async function inParallel<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await run(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
