/** A premium access request: stored, then the requester's and the team's emails, in one D1 batch. */
import type { VisitSource } from "~/lib/visit-source";
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { premiumAccessRequests } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { storeAndNotify } from "~/features/submissions/index.server";
import { premiumNoticeEmail, premiumRequesterEmail } from "./premium.emails";
import type { PremiumAccessInput } from "./premium.schema";
import type { StampClaim } from "~/lib/form-guard.server";

export const PREMIUM_RATE_LIMIT: EdgeRateLimitRule = { name: "premium-access", binding: "STRICT_FORM_RATE_LIMITER", periodSeconds: 60 };

export async function submitPremiumRequest(
  env: Env,
  input: PremiumAccessInput,
  stamp: StampClaim | null,
  source: VisitSource,
): Promise<void> {
  const id = crypto.randomUUID();
  await storeAndNotify(env, {
    label: "premium access request",
    records: (db) => [db.insert(premiumAccessRequests).values({ id, ...input })],
    drafts: [outboxDraft(premiumRequesterEmail, input.email, input), outboxDraft(premiumNoticeEmail, env.NOTIFY_TO, input)],
    person: { email: input.email, name: input.firstName, company: input.company, form: "premium", recordId: id, source },
    stamp,
  });
}
