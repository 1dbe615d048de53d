/** The pipeline's choices, shared by the list's filters, the person page's forms and the schema. */
import type { PersonStatus } from "~/db/schema";
import { PRIVACY_PATH } from "~/lib/paths";

export { LEADS_PATH, personPath } from "~/lib/paths";

export { personForms, personFormLabel, type PersonForm } from "~/lib/people";

export const STATUS_OPTIONS = [
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "qualified", label: "Qualified" },
  { value: "customer", label: "Customer" },
  { value: "lost", label: "Lost" },
] as const satisfies readonly { value: PersonStatus; label: string }[];

export const statusLabel = (status: string) => STATUS_OPTIONS.find((s) => s.value === status)?.label ?? status;

/** The due filter: past due, or due before the end of today (in the team's time zone, /admin/settings/digest). */
export const DUE_OPTIONS = [
  { value: "overdue", label: "Overdue" },
  { value: "today", label: "Due today" },
  { value: "any", label: "Has a due date" },
] as const;
export type DueFilter = (typeof DUE_OPTIONS)[number]["value"];

/** The owner filter: an admin's id, or nobody. */
export const NO_OWNER = "none";

export const PEOPLE_PAGE_SIZE = 50;
/** The Privacy page with a person's address filled in: its summary (export), or the erasure's confirmation. */
export const personPrivacyPath = (id: string, step?: "erase") =>
  `${PRIVACY_PATH}?person=${encodeURIComponent(id)}${step ? `&step=${step}` : ""}`;

export const LOST_REASON_MAX = 200;
export const NOTE_MAX = 5000;
/** Search text: longer is cut (it is matched as a substring of email, name, company and app). */
export const SEARCH_MAX = 100;
