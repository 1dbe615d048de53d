/** Joining the game waitlist: the entry, a confirmation to the visitor and a notice to the team. */
import { waitlistEntries } from "~/db/schema";
import { outboxDraft } from "~/email/outbox.server";
import { joinEmailList, type JoinResult } from "./email-list.server";
import { waitlistConfirmationEmail, waitlistNoticeEmail } from "./waitlist.emails";

export const WAITLIST_RATE_LIMIT = { name: "waitlist", limit: 10, windowSeconds: 600 };

export function joinWaitlist(env: Env, email: string): Promise<JoinResult> {
  return joinEmailList(env, waitlistEntries, email, [
    outboxDraft(waitlistConfirmationEmail, email, { email }),
    outboxDraft(waitlistNoticeEmail, env.NOTIFY_TO, { email }),
  ]);
}
