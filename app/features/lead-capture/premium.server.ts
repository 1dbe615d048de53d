/** A premium access request: stored, then the requester's and the team's emails, in one D1 batch. */
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { premiumAccessRequests } from "~/db/schema";
import { enqueueOutbox, insertOutbox, outboxDraft } from "~/email/outbox.server";
import { getDb } from "~/lib/db.server";
import { premiumNoticeEmail, premiumRequesterEmail } from "./premium.emails";
import type { PremiumAccessInput } from "./premium.schema";
import { withD1Retry } from "~/lib/d1-retry.server";

export const PREMIUM_RATE_LIMIT: EdgeRateLimitRule = { name: "premium-access", binding: "STRICT_FORM_RATE_LIMITER", periodSeconds: 60 };

export async function submitPremiumRequest(env: Env, input: PremiumAccessInput): Promise<void> {
  const db = getDb(env);
  const drafts = [outboxDraft(premiumRequesterEmail, input.email, input), outboxDraft(premiumNoticeEmail, env.NOTIFY_TO, input)];
  await withD1Retry("premium access request", () => db.batch([db.insert(premiumAccessRequests).values(input), insertOutbox(db, drafts)]));
  await enqueueOutbox(
    env,
    drafts.map((d) => d.id),
  );
}
