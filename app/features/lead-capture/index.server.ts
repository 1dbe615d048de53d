/** The lead-capture feature's public module (server only): what other parts of the app use of it. */
import { contactNoticeEmail } from "./contact.emails";
import { checklistVisitorEmail, leadMagnetNoticeEmail, leadMagnetVisitorEmail } from "./lead-magnet.emails";
import { newsletterAlreadySubscribedEmail, newsletterConfirmEmail, newsletterWelcomeEmail } from "./newsletter.emails";
import { premiumNoticeEmail, premiumRequesterEmail } from "./premium.emails";
import { waitlistEmails } from "./waitlist.emails";

export { hasUnsubscribed } from "./email-list.server";
export { deleteUnconfirmedSignups } from "./newsletter.server";

/** The feature's email templates, for the registry the composition root hands to delivery. */
export const leadCaptureEmails = [
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
];
