/** The kinds of lead in the inbox (shared by the list, its filter and the export). */
export const inboxKinds = [
  { value: "onboarding", label: "Onboarding" },
  { value: "lead-magnet", label: "Lead magnet" },
  { value: "checklist", label: "Checklist" },
  { value: "premium", label: "Premium request" },
  { value: "waitlist", label: "Waitlist" },
  { value: "contact", label: "Contact message" },
  { value: "newsletter", label: "Newsletter" },
] as const;

export type InboxKind = (typeof inboxKinds)[number]["value"];

export function parseInboxKind(value: string | null): InboxKind | null {
  return inboxKinds.some((k) => k.value === value) ? (value as InboxKind) : null;
}
