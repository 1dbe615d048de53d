/**
 * The one wording of the privacy notice every form that collects personal data
 * shows near its button, and its version. A consent record (newsletter,
 * waitlist) stores the version it was given under: change the wording, change
 * the version.
 */
export const PRIVACY_NOTICE = {
  version: "2026-11-27",
  /** Before the link. */
  text: "We use your details only to answer you and send what you asked for, and never sell them. See our",
  linkText: "privacy policy",
  href: "/privacy-policy",
  /** Added by the forms whose sender may be sent follow-up emails (FOLLOW_UP_FORMS), before the link sentence. */
  followUpText: "We may send you a few follow-up emails about it; every one has a one-click unsubscribe link.",
} as const;

/** The forms whose notice names follow-up emails: only their submitters are enrolled in a follow-up sequence. */
export const FOLLOW_UP_FORMS = ["onboarding", "lead-magnet", "landing", "checklist", "premium"] as const;
