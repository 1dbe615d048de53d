/**
 * The one wording of the privacy notice every form that collects personal data
 * shows near its button, and its version. A consent record (newsletter,
 * waitlist) stores the version it was given under: change the wording, change
 * the version.
 */
export const PRIVACY_NOTICE = {
  version: "2026-11-23",
  /** Before the link. */
  text: "We use your details only to answer you and send what you asked for, and never sell them. See our",
  linkText: "privacy policy",
  href: "/privacy-policy",
} as const;
