/** The wizard's options, steps and texts (no zod here: the wizard ships this to the browser). */
export const APP_CATEGORIES = [
  { value: "shipping", label: "Shipping & Fulfillment" },
  { value: "marketing", label: "Marketing & SEO" },
  { value: "customer-service", label: "Customer Service" },
  { value: "inventory", label: "Inventory Management" },
  { value: "accounting", label: "Accounting & Finance" },
  { value: "analytics", label: "Analytics & Reports" },
  { value: "upsell", label: "Upsell & Cross-sell" },
  { value: "other", label: "Other" },
] as const;

export const PRICING_MODELS = [
  { value: "free", label: "Free" },
  { value: "freemium", label: "Freemium" },
  { value: "subscription", label: "Monthly Subscription" },
  { value: "one-time", label: "One-time Purchase" },
  { value: "usage-based", label: "Usage-based" },
] as const;

export const STEP_TITLES = ["App Details", "Contact Information", "Pricing & Features", "Ideal Customer Profile"] as const;
export const STEP_COUNT = 4;
export const MIN_LONG_TEXT = 50;
export const PLAN_LIMITS = { min: 1, max: 5 } as const;
export const AUTOSAVE_DELAY_MS = 1000;

/** Which fields each step shows (the others travel along as hidden inputs). */
export const STEP_FIELDS = [
  ["appName", "appCategory", "appDescription", "appUrl"],
  ["firstName", "lastName", "email", "company", "phone"],
  ["pricingModel", "pricingPlans", "uniqueValue"],
  ["targetAudience", "idealContactPersona", "painPoints", "customerBehavior", "competitionApps"],
] as const;

/** The spec's simple email pattern (the browser's autosave trigger and the schema share it). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
