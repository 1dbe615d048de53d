/**
 * The look of a form control and a select's options, for a control used without the `Field` around it (the Q&A
 * list's search and filters). A module of its own, kept in the browser's `shell` chunk (`SHELL_TOO` in
 * vite.config.ts): through `Field.tsx` a page would load the layout's deferred group (16 KB gzip) with its first
 * load (ADR 0021).
 */
export const inputClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-200 sm:text-sm";

/** A select's options: an optional empty first choice (`empty`), then value/label pairs. */
export function Options({ options, empty }: { options: readonly { value: string; label: string }[]; empty?: string }) {
  return (
    <>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
