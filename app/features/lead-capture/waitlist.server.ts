/** Joining the game waitlist: the entry, a confirmation to the visitor and a notice to the team. */
import type { VisitSource } from "~/lib/visit-source";
import type { StampClaim } from "~/lib/form-guard.server";
import type { EdgeRateLimitRule } from "~/lib/rate-limit.server";
import { outboxDraft } from "~/email/outbox.server";
import { joinWaitlistList, type JoinResult } from "./email-list.server";
import { waitlistConfirmationEmail, waitlistNoticeEmail } from "./waitlist.emails";

export const WAITLIST_RATE_LIMIT: EdgeRateLimitRule = { name: "waitlist", binding: "FORM_RATE_LIMITER", periodSeconds: 60 };

export function joinWaitlist(env: Env, email: string, stamp: StampClaim | null, source: VisitSource): Promise<JoinResult> {
  return joinWaitlistList(
    env,
    email,
    [outboxDraft(waitlistConfirmationEmail, email, { email }), outboxDraft(waitlistNoticeEmail, env.NOTIFY_TO, { email })],
    stamp,
    source,
  );
}
