import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";
import { inputClasses } from "./inputs";

export { inputClasses, Options } from "./inputs";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(inputClasses, className)} {...props} />;
});

/** The error list under a field (or under a form, for form-level errors). */
export function ErrorList({
  id,
  errors,
  tone = "default",
  title,
}: {
  id?: string;
  errors?: string[] | null;
  /** `inverse` for errors on a dark background. */
  tone?: "default" | "inverse";
  /** A heading line above form-level errors (the failure toast's title, for pages without JavaScript). */
  title?: string;
}) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <div id={id} role="alert" className={cn("mt-1.5 space-y-1 text-sm font-medium", tone === "inverse" ? "text-red-200" : "text-red-700")}>
      {title ? <p className="font-bold">{title}</p> : null}
      {list.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/**
 * What a field needs to be wired for assistive tech: its control's `id` (the
 * label's `for`), the `id` of its error list (the control's
 * `aria-describedby`) and its errors. A conform field's metadata is one.
 */
export interface FieldWiring {
  id: string;
  errorId: string;
  errors?: string[] | null;
}

/**
 * Label, control, hint and errors, wired with ids for assistive tech: the one
 * field of every form. The control (`children`) carries `aria-invalid` and
 * `aria-describedby` (conform's `getInputProps` and friends set them).
 */
export function Field({
  label,
  field,
  errors,
  hint,
  srOnlyLabel,
  tone,
  children,
  className,
}: {
  label: string;
  field: FieldWiring;
  /** Errors shown instead of the field's own (e.g. the form's, when the form has one field). */
  errors?: string[] | null;
  hint?: ReactNode;
  srOnlyLabel?: boolean;
  /** The error list's tone (`inverse` on a dark background). */
  tone?: "default" | "inverse";
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className={cn("mb-1.5 block text-sm font-medium text-ink", srOnlyLabel && "sr-only")}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1.5 text-sm text-slate-600">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={errors ?? field.errors} tone={tone} />
    </div>
  );
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(inputClasses, "min-h-32", className)} {...props} />;
});
