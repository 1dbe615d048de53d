/**
 * What every part of the site agrees on about people (framework-free, shared
 * by the store procedure, the migration's backfill and the people feature):
 * the forms a submission comes from, and the promise each form makes.
 */

/** Every form whose submissions link to a person. `lead-magnet` is the popup's playbook. */
export const personForms = [
  { value: "onboarding", label: "Onboarding" },
  { value: "lead-magnet", label: "Lead magnet" },
  { value: "landing", label: "Playbook landing" },
  { value: "checklist", label: "Checklist" },
  { value: "premium", label: "Premium request" },
  { value: "contact", label: "Contact message" },
  { value: "waitlist", label: "Waitlist" },
  { value: "newsletter", label: "Newsletter" },
  { value: "question", label: "Question" },
] as const;

export type PersonForm = (typeof personForms)[number]["value"];

export function parsePersonForm(value: string | null | undefined): PersonForm | null {
  return personForms.some((f) => f.value === value) ? (value as PersonForm) : null;
}

export const personFormLabel = (form: string) => personForms.find((f) => f.value === form)?.label ?? form;

const HOUR = 60 * 60 * 1000;

/**
 * The promise a form makes, in hours: a premium request is answered within
 * 24 h; a finished onboarding (the free sample request) gets its first leads
 * within 48 h. Other forms promise no reply.
 */
export const DUE_PROMISE_HOURS: Partial<Record<PersonForm, number>> = { premium: 24, onboarding: 48 };

/** When a submission of `form` made at `at` is due, or null when the form promises nothing. */
export function dueFromPromise(form: PersonForm, at: number): number | null {
  const hours = DUE_PROMISE_HOURS[form];
  return hours === undefined ? null : at + hours * HOUR;
}

/** Which form a lead-magnet row came from (its source, or the checklist's type). */
export function leadMagnetForm(source: string, type?: string | null): PersonForm {
  if (source === "checklist-page" || type === "marketing-checklist") return "checklist";
  return source === "playbook-landing" ? "landing" : "lead-magnet";
}
