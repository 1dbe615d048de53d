/**
 * Every email template the consumer can render, by kind. This is the one
 * place that gathers the features' templates (like routes, it composes).
 */
import { invitationEmail, passwordResetEmail, twoFactorLockEmail } from "~/features/auth/account.emails";
import { digestEmail } from "~/features/alerts/digest.emails";
import { contactNoticeEmail } from "~/features/lead-capture/contact.emails";
import { checklistVisitorEmail, leadMagnetNoticeEmail, leadMagnetVisitorEmail } from "~/features/lead-capture/lead-magnet.emails";
import { premiumNoticeEmail, premiumRequesterEmail } from "~/features/lead-capture/premium.emails";
import {
  newsletterAlreadySubscribedEmail,
  newsletterConfirmEmail,
  newsletterWelcomeEmail,
} from "~/features/lead-capture/newsletter.emails";
import { waitlistEmails } from "~/features/lead-capture/waitlist.emails";
import { onboardingConfirmationEmail, onboardingNoticeEmail } from "~/features/onboarding/onboarding.emails";
import { qaAlertEmail } from "~/features/qa/qa.emails";
import type { EmailTemplate } from "./template";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of templates of every payload type; each validates its own payload with its schema
const templates: EmailTemplate<any>[] = [
  ...waitlistEmails,
  newsletterConfirmEmail,
  newsletterWelcomeEmail,
  newsletterAlreadySubscribedEmail,
  contactNoticeEmail,
  leadMagnetVisitorEmail,
  leadMagnetNoticeEmail,
  checklistVisitorEmail,
  premiumRequesterEmail,
  premiumNoticeEmail,
  onboardingNoticeEmail,
  onboardingConfirmationEmail,
  qaAlertEmail,
  passwordResetEmail,
  invitationEmail,
  twoFactorLockEmail,
  digestEmail,
];

const byKind = new Map(templates.map((t) => [t.kind, t]));

/** The kinds sent to an address typed into a public form (`toVisitor`): what the daily cap counts. */
export const VISITOR_EMAIL_KINDS: readonly string[] = templates.filter((t) => t.toVisitor).map((t) => t.kind);

export function templateFor(kind: string): EmailTemplate<Record<string, unknown>> | undefined {
  return byKind.get(kind);
}
