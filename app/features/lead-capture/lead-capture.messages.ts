/** The lead-capture feature's messages: the spec's texts, shared by the browser and the server. */

export const CONTACT_MESSAGES = {
  name: "Please enter your name",
  nameTooLong: "Name must be less than 100 characters",
  emailRequired: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  companyTooLong: "Company must be less than 100 characters",
  messageTooShort: "Please write at least 10 characters",
  messageTooLong: "Message must be less than 2000 characters",
  success: "Message sent!",
  successDetail: "Thanks for reaching out. We reply within one business day.",
  failure: "Your message could not be sent. Please try again.",
} as const;

export const NEWSLETTER_MESSAGES = {
  required: "Please enter your email",
  invalid: "Please enter a valid email address",
  /**
   * The spec only has the footer's box (no call, no message); this product's success line was
   * "You're subscribed!…". With double opt-in a new sign-up is not subscribed yet: it is asked
   * to confirm. Every address hears this line, an address already confirmed too (it is told by
   * email that it is on the list), so the form tells nobody who subscribed.
   */
  success: "Almost there! Check your inbox and click the link to confirm your subscription.",
  failure: "Subscription failed. Please try again.",
} as const;

/** The page behind the newsletter's confirmation link. */
export const NEWSLETTER_CONFIRM_MESSAGES = {
  title: "Confirm your subscription",
  intro: (email: string) => `Confirm that ${email} should get Founder Leads growth notes, about twice a month.`,
  button: "Confirm subscription",
  busy: "Confirming...",
  confirmedTitle: "You're subscribed",
  confirmedText: "Thanks for confirming. Watch your inbox for our next growth notes. Every email has a link to unsubscribe.",
  expiredTitle: "This link has expired",
  expiredText: "Confirmation links work for 7 days. Sign up again and we'll send you a new one.",
  invalidTitle: "This link is no longer valid",
  invalidText: "It was replaced by a newer link, or the sign-up was removed. Sign up again and we'll send you a new one.",
} as const;

/** The page behind every list email's unsubscribe link. */
export const UNSUBSCRIBE_MESSAGES = {
  title: "Unsubscribe",
  intro: (email: string, list: string) => `Stop sending ${list} emails to ${email}?`,
  button: "Unsubscribe",
  busy: "Unsubscribing...",
  doneTitle: "You're unsubscribed",
  doneText: (list: string) => `You won't get any more ${list} emails from us. Changed your mind? Sign up again any time.`,
  invalidTitle: "This unsubscribe link is not valid",
  invalidText: "Please use the link from one of our emails, or write to us and we'll remove your address.",
  lists: { newsletter: "newsletter", waitlist: "Founder Quest waitlist", "follow-up": "follow-up emails" },
} as const;

export const WAITLIST_MESSAGES = {
  required: "Please enter your email",
  invalid: "Please enter a valid email address",
  success: "You're on the waitlist! We'll notify you when the game launches.",
  failure: "Failed to join waitlist. Please try again.",
} as const;

/** The popup's texts (no zod here: the form ships to the browser). */
export const LEAD_MAGNET_MESSAGES = {
  firstNameRequired: "First name is required",
  firstNameShort: "Please enter your first name",
  emailRequired: "Email is required",
  emailInvalid: "Enter a valid email",
  appUrlRequired: "App URL is required",
  appUrlInvalid: "Please enter a valid URL starting with https://",
  appUrlScheme: "URL must start with http/https",
  successTitle: "Success!",
  successBody: "Check your email for the PDF and warm store leads.",
  failureTitle: "Could not send your info",
  failureBody: "Please try again",
} as const;

/** The playbook landing page's form (/Shopify-App-Launch-and-Scaling-Playbook). */
export const PLAYBOOK_LANDING_MESSAGES = {
  firstNameShort: "Please enter your first name",
  emailInvalid: "Enter a valid email",
  phoneInvalid: "Please enter a valid phone number",
  successTitle: "You're in!",
  successBody: "The playbook is on its way to your inbox, and the spreadsheet can be downloaded now.",
  failureTitle: "Submission failed",
  failureBody: "Please try again",
} as const;

/** The marketing checklist's email-only form (/shopify-app-marketing-checklist). */
export const CHECKLIST_MESSAGES = {
  emailRequired: "Please enter your email",
  emailInvalid: "Please enter a valid email address",
  successTitle: "Checklist ready",
  successBody: "All 69 points are below. The PDF copy reaches your inbox within 48 hours.",
  failureTitle: "Error",
  failureBody: "Something went wrong. Please try again.",
} as const;

export const PREMIUM_MESSAGES = {
  firstNameRequired: "First name is required",
  emailInvalid: "Please enter a valid email address",
  companyRequired: "Company is required",
  accessTimingRequired: "Please select when you need access",
  successTitle: "Request Submitted!",
  successBody: "We'll email you the payment details within 24 hours.",
  failureTitle: "Submission Failed",
  failureBody: (contactEmail: string) => `Please try again or email us directly at ${contactEmail}`,
} as const;
