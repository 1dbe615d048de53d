/** The premium access request's options and texts (no zod here: the form ships to the browser). */
export const ACCESS_TIMINGS = [
  { value: "instantly", label: "Instantly" },
  { value: "this-week", label: "This week" },
  { value: "this-month", label: "This month" },
] as const;

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

export function accessTimingLabel(value: string): string {
  return ACCESS_TIMINGS.find((t) => t.value === value)?.label ?? value;
}
