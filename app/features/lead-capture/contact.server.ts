/** A contact message: stored, and its notice to the team queued through the outbox. */
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { contactMessages } from "~/db/schema";
import { enqueueOutbox, insertOutbox, outboxDraft } from "~/email/outbox.server";
import { getDb } from "~/lib/db.server";
import { contactNoticeEmail } from "./contact.emails";
import type { ContactInput } from "./contact.schema";
import { withD1Retry } from "~/lib/d1-retry.server";

export const CONTACT_RATE_LIMIT: EdgeRateLimitRule = { name: "contact", binding: "STRICT_FORM_RATE_LIMITER", periodSeconds: 60 };

export async function sendContactMessage(env: Env, input: ContactInput): Promise<void> {
  const db = getDb(env);
  const draft = outboxDraft(contactNoticeEmail, env.NOTIFY_TO, input);
  await withD1Retry("contact message", () => db.batch([db.insert(contactMessages).values(input), insertOutbox(db, [draft])]));
  await enqueueOutbox(env, [draft.id]);
}
