/**
 * Messages that may wait a moment, sent to their queue together: the isolate keeps them for `flushMs` and sends
 * them in one `sendBatch` (at most `cap`). A page view costs little more than its `send`, most of it the queue's
 * call, so the views of an isolate's concurrent requests share one (ADR 0023). Only for messages whose loss in a
 * failed send is acceptable (counts): a purge or an email is sent on its own, at once.
 */
import { loggable } from "./log.server";

/** Queues takes at most 100 messages (and 256 KB) per `sendBatch`. */
export const QUEUE_BATCH_CAP = 100;

/**
 * A buffer per queue binding (one in production; tests give their own). `add` puts a message in the open buffer,
 * or opens one: the first message of a buffer gets the promise of its send (the caller's `waitUntil` holds the
 * isolate until then), later ones get null and return at once. A full buffer is closed (the next message opens
 * another) and sent on time. A failed send is logged and loses that buffer's messages.
 */
export function queueBuffer<T>({ flushMs, cap = QUEUE_BATCH_CAP, what }: { flushMs: number; cap?: number; what: string }) {
  const buffers = new Map<Queue<T>, MessageSendRequest<T>[]>();
  return function add(queue: Queue<T>, body: T): Promise<void> | null {
    const open = buffers.get(queue);
    if (open) {
      open.push({ body });
      if (open.length >= cap) buffers.delete(queue);
      return null;
    }
    const messages: MessageSendRequest<T>[] = [{ body }];
    buffers.set(queue, messages);
    return (async () => {
      await new Promise((resolve) => setTimeout(resolve, flushMs));
      if (buffers.get(queue) === messages) buffers.delete(queue);
      try {
        await queue.sendBatch(messages);
      } catch (error) {
        console.error(`Sending ${messages.length} ${what} failed`, loggable(error));
      }
    })();
  };
}
