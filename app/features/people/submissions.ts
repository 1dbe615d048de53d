/**
 * A submission laid out for reading on the person page: headed groups of
 * label and value, never raw JSON. An onboarding shows its app, contact,
 * pricing (every plan) and ideal customer profile.
 */
import type { PersonForm } from "~/lib/people";

export interface SubmissionSection {
  heading?: string;
  rows: { label: string; value: string }[];
}

type Rec = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");

/** Rows whose value is empty are left out. */
const rows = (pairs: [string, unknown][]) => pairs.map(([label, v]) => ({ label, value: text(v) })).filter((r) => r.value !== "");
const section = (heading: string | undefined, pairs: [string, unknown][]): SubmissionSection[] => {
  const r = rows(pairs);
  return r.length ? [{ ...(heading ? { heading } : {}), rows: r }] : [];
};

function parseJson(value: unknown): Rec {
  if (typeof value !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Rec) : {};
  } catch {
    return {};
  }
}

function onboarding(r: Rec): SubmissionSection[] {
  const d = parseJson(r.form_data);
  const plans = Array.isArray(d.pricingPlans) ? (d.pricingPlans as Rec[]) : [];
  return [
    ...section("App", [
      ["Name", d.appName],
      ["Category", d.appCategory],
      ["Listing", d.appUrl],
      ["Description", d.appDescription],
    ]),
    ...section("Contact", [
      ["Name", `${text(d.firstName)} ${text(d.lastName)}`],
      ["Email", d.email],
      ["Company", d.company],
      ["Phone", d.phone],
    ]),
    ...section("Pricing", [
      ["Model", d.pricingModel],
      ...plans.map((p, i): [string, unknown] => [
        `Plan ${i + 1}: ${text(p?.name) || "unnamed"}${text(p?.price) ? ` (${text(p?.price)})` : ""}`,
        text(p?.features) || "—",
      ]),
      ["Unique value", d.uniqueValue],
    ]),
    ...section("Ideal customer profile", [
      ["Target audience", d.targetAudience],
      ["Ideal contact", d.idealContactPersona],
      ["Pain points", d.painPoints],
      ["Customer behaviour", d.customerBehavior],
      ["Competing apps", d.competitionApps],
    ]),
  ];
}

export function submissionSections(form: PersonForm, r: Rec): SubmissionSection[] {
  switch (form) {
    case "onboarding":
      return onboarding(r);
    case "lead-magnet":
    case "landing":
    case "checklist":
      return section(undefined, [
        ["Name", r.first_name],
        ["App", r.app_url],
        ["Phone", r.phone],
        ["Page", r.page],
      ]);
    case "premium":
      return section(undefined, [
        ["Name", r.first_name],
        ["Company", r.company],
        ["Access wanted", r.access_timing],
      ]);
    case "contact":
      return section(undefined, [
        ["Name", r.name],
        ["Company", r.company],
        ["Message", r.message],
      ]);
    case "question":
      return section(undefined, [
        ["Title", r.title],
        ["Question", r.question],
        ["Category", r.category],
        ["Status", r.status],
      ]);
    default:
      return [];
  }
}
