import { loggable } from "~/lib/log.server";

/**
 * A send receipt: a short-lived KV key written as soon as the provider accepts
 * a message. If marking the row sent fails even after retries, the row's lease
 * runs out and a later delivery finds the receipt, marks the row sent and sends
 * nothing.
 */
const receiptKey = (outboxId: string) => `email-sent:${outboxId}`;
const SEND_RECEIPT_TTL_SECONDS = 24 * 60 * 60;

export async function hasSendReceipt(env: Env, outboxId: string): Promise<boolean> {
  try {
    return (await env.CACHE.get(receiptKey(outboxId))) !== null;
  } catch (error) {
    console.error(`Could not read the send receipt of ${outboxId}`, loggable(error));
    return false;
  }
}

/** An admin's Resend of a delivery already sent: the receipt goes, so the consumer sends it again (same id). */
export async function clearSendReceipt(env: Env, outboxId: string): Promise<void> {
  await env.CACHE.delete(receiptKey(outboxId));
}

export async function writeSendReceipt(env: Env, outboxId: string): Promise<void> {
  try {
    await env.CACHE.put(receiptKey(outboxId), new Date().toISOString(), { expirationTtl: SEND_RECEIPT_TTL_SECONDS });
  } catch (error) {
    console.error(`Email ${outboxId} was sent but its send receipt could not be written`, loggable(error));
  }
}
