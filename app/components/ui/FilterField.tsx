/**
 * A GET form's filter: a label over its control, with no errors to wire (a filter has none). The admin lists' and
 * reports' filter bars (the audit log, the Leads list, Insights, the dashboard's period) draw their controls with it.
 */
import type { ReactNode } from "react";
import { inputClasses } from "./inputs";

export function FilterField({ id, label, className, children }: { id: string; label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter's select: its options are the caller's (`Options`, or option elements). */
export function FilterSelect({
  id,
  label,
  name,
  value,
  children,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value} className={inputClasses}>
        {children}
      </select>
    </FilterField>
  );
}

/** A filter's plain input (an address, a date). */
export function FilterInput({
  id,
  label,
  name,
  type,
  value,
}: {
  id: string;
  label: string;
  name: string;
  type: "email" | "date";
  value: string;
}) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} name={name} type={type} defaultValue={value} className={inputClasses} />
    </FilterField>
  );
}
