/** The onboarding feature's messages: the spec's texts, shared by the browser and the server. */

export const ONBOARDING_MESSAGES = {
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  url: "Please enter a valid URL",
  min50: "Please enter at least 50 characters",
  required: "This field is required",
  selectCategory: "Please select a category",
  selectPricingModel: "Please select a pricing model",
  plansMin: "Add at least one pricing plan",
  plansMax: "You can add up to 5 pricing plans",
  successTitle: "Success!",
  successBody: "Your information has been submitted and our team has been notified.",
  emailErrorTitle: "Email Error",
  emailErrorBody: "Failed to send notification email, but your submission was recorded.",
  submissionErrorTitle: "Submission Error",
  submissionErrorBody: "There was an issue submitting your form. Please try again.",
} as const;
