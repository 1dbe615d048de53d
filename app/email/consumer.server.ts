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
  failedRetryDelayMs,
  MAX_TOTAL_ATTEMPTS,
  QUEUE_DELIVERIES,
  queueRetryDelaySeconds,
  SEND_LEASE_MS,
  SEND_TIMEOUT_MS,
  UNSUBSCRIBED_ERROR,
} from "./policy";
import { hasUnsubscribed, templateFor } from "./registry.server";
import { emailContext, renderEmail } from "./render.server";
import type { EmailTemplate } from "./template";
import { hasSendReceipt, writeSendReceipt } from "./receipts.server";
import { getTransport } from "./transports.server";
import { DeliveryError, sendWebhook } from "./webhook.server";
import { loggable, maskEmails } from "~/lib/log.server";

export type { EmailQueueMessage };

function isQueueMessage(body: unknown): body is EmailQueueMessage {
  return typeof body === "object" && body !== null && typeof (body as EmailQueueMessage).outboxId === "string";
}

interface ConsumerOptions {
  /** The send's deadline; tests shorten it. */
  sendTimeoutMs?: number;
}

export async function handleEmailBatch(batch: MessageBatch<EmailQueueMessage>, env: Env, options: ConsumerOptions = {}): Promise<void> {
  for (const message of batch.messages) {
    await handleEmailMessage(message, env, options);
  }
}

async function handleEmailMessage(
  message: Message<EmailQueueMessage>,
  env: Env,
  { sendTimeoutMs = SEND_TIMEOUT_MS }: ConsumerOptions = {},
): Promise<void> {
  if (!isQueueMessage(message.body)) {
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
  // The deadline runs from the claim, so the send ends long before the lease does.
  const deadline = AbortSignal.timeout(sendTimeoutMs);
  let responseCode: number | null = null;
  try {
    if (row.channel === "webhook") {
      responseCode = await beforeDeadline(sendWebhook(env, row, deadline), deadline);
    } else {
      const template = templateFor(row.kind);
      if (!template) throw new Error(`No email template for kind "${row.kind}"`);
      const payload = await payloadToSend(env, template, row);
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
