/** The kinds of lead the dashboard chart stacks, their colours, and a day of it. */
export const CHART_KINDS = [
  { key: "onboarding", label: "Onboarding", color: "#4f46e5" },
  { key: "lead-magnet", label: "Lead magnets", color: "#0891b2" },
  { key: "waitlist", label: "Waitlist", color: "#059669" },
  { key: "newsletter", label: "Newsletter", color: "#ca8a04" },
  { key: "contact", label: "Contact", color: "#db2777" },
  { key: "premium", label: "Premium", color: "#7c3aed" },
  { key: "question", label: "Questions", color: "#64748b" },
] as const;
export type ChartKind = (typeof CHART_KINDS)[number]["key"];
export const CHART_DAYS = 30;

export interface ChartDay {
  /** ISO date (UTC) */
  date: string;
  counts: Record<ChartKind, number>;
  total: number;
}
