/** A contact message: stored, and its notice to the team queued through the outbox. */
import type { VisitSource } from "~/lib/visit-source";
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { contactMessages } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { contactNoticeEmail } from "./contact.emails";
import type { ContactInput } from "./contact.schema";
import type { StampClaim } from "~/lib/form-guard.server";

export const CONTACT_RATE_LIMIT: EdgeRateLimitRule = { name: "contact", binding: "STRICT_FORM_RATE_LIMITER", periodSeconds: 60 };

/** `stamp`: the post's claim on its form stamp (no Turnstile token), recorded in the same batch. */
export async function sendContactMessage(env: Env, input: ContactInput, stamp: StampClaim | null, source: VisitSource): Promise<void> {
  const id = crypto.randomUUID();
  await storeAndNotify(env, {
    label: "contact message",
    records: (db) => [db.insert(contactMessages).values({ id, ...input })],
    drafts: [outboxDraft(contactNoticeEmail, env.NOTIFY_TO, input)],
    person: { email: input.email, name: input.name, company: input.company, form: "contact", recordId: id, source },
    stamp,
  });
}
