/** Q&A categories, sorts and texts (no zod here: it ships to the browser). */
export const QA_CATEGORIES = [
  { value: "app-approval", label: "App Store Approval" },
  { value: "gtm-strategy", label: "Go-to-Market Strategy" },
  { value: "growth-marketing", label: "Growth & Marketing" },
  { value: "churn-retention", label: "Churn & Retention" },
  { value: "technical", label: "Technical Development" },
  { value: "general", label: "General Questions" },
] as const;

export type QaCategory = (typeof QA_CATEGORIES)[number]["value"];

export const QA_SORTS = [
  { value: "recent", label: "Most recent" },
  { value: "popular", label: "Most popular" },
  { value: "featured", label: "Featured first" },
] as const;

export type QaSort = (typeof QA_SORTS)[number]["value"];

export const QA_PAGE_SIZE = 20;

export function categoryLabel(value: string): string {
  return QA_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}
