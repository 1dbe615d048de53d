/**
 * The outbox: every notification email is first a row in `email_outbox`,
 * written in the same D1 batch as the record it is about; only then is its id
 * put on EMAIL_QUEUE. If the queue send fails, the cron sweeper finds the row.
 */
import { emailOutbox } from "~/db/schema";
import type { Db } from "~/lib/db.server";
import { seal } from "~/lib/encryption.server";
import type { EmailTemplate } from "./template";

/**
 * A message on EMAIL_QUEUE: one outbox row; a batch of rows (a broadcast's recipients, ADR 0025); or a feature's
 * task by name (a broadcast's fan-out step, `DeliverySetup.tasks`).
 */
export type EmailQueueMessage = { outboxId: string } | { outboxIds: string[] } | { task: string; [key: string]: unknown };

export interface OutboxDraft {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  payload: Record<string, unknown>;
  /** The template's `secretFields`: sealed by `sealDraftSecrets` before the row is written. */
  secretFields?: readonly string[];
}

export function outboxDraft<P extends Record<string, unknown>>(template: EmailTemplate<P>, recipient: string, payload: P): OutboxDraft {
  return {
    id: crypto.randomUUID(),
    kind: template.kind,
    recipient,
    subject: template.subject(template.schema.parse(payload)),
    payload,
    ...(template.secretFields?.length ? { secretFields: template.secretFields } : {}),
  };
}

/** The drafts as their rows hold them: every secret field (a single-use link) sealed (ADR 0017). */
export async function sealDraftSecrets(env: Env, drafts: OutboxDraft[]): Promise<OutboxDraft[]> {
  return Promise.all(
    drafts.map(async ({ secretFields, ...draft }) => {
      if (!secretFields) return draft;
      const payload = { ...draft.payload };
      for (const field of secretFields)
        if (typeof payload[field] === "string") payload[field] = await seal(env, "email-link", payload[field]);
      return { ...draft, payload };
    }),
  );
}

/** The insert statement for a D1 `batch()`, next to the record's own insert (drafts through `sealDraftSecrets` first). */
export function insertOutbox(db: Db, drafts: OutboxDraft[]) {
  return db.insert(emailOutbox).values(drafts.map(({ secretFields: _, ...d }) => ({ ...d, status: "queued" as const })));
}

/**
 * Puts outbox ids on the queue. Never throws: a failed send is logged and the
 * sweeper re-queues the rows later. Returns whether the send succeeded.
 */
export async function enqueueOutbox(env: Pick<Env, "EMAIL_QUEUE">, ids: string[]): Promise<boolean> {
  return enqueueMessages(
    env,
    ids.map((outboxId) => ({ body: { outboxId } })),
  );
}

/** Puts messages on EMAIL_QUEUE (100 per send, the queue's limit). Never throws: logged, and the sweeper or the cron tries again. */
export async function enqueueMessages(env: Pick<Env, "EMAIL_QUEUE">, messages: MessageSendRequest<EmailQueueMessage>[]): Promise<boolean> {
  if (messages.length === 0) return true;
  try {
    for (let i = 0; i < messages.length; i += 100) await env.EMAIL_QUEUE.sendBatch(messages.slice(i, i + 100));
    return true;
  } catch (error) {
    console.error(
      "Could not put messages on EMAIL_QUEUE; the sweeper will retry",
      messages.map((m) => m.body),
      error,
    );
    return false;
  }
}
