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
