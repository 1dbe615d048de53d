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
