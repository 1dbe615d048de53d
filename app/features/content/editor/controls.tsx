/** The section editor's buttons: every one a submit button carrying an action (see intents.ts). */
import type { ReactNode } from "react";
import { cn } from "~/components/ui/cn";
import { useEditor } from "./editor-context";
import { intents } from "./intents";
import { EDITABLE_TYPES, TYPE_LABELS } from "./model";

export const smallButton =
  "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40";

/** A submit button carrying an editor action. */
export function ActionButton({
  intent,
  label,
  children,
  disabled,
  className,
}: {
  intent: string;
  label: string;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const { onAction } = useEditor();
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      aria-label={label}
      title={label}
      onClick={onAction}
      disabled={disabled}
      className={className ?? smallButton}
    >
      {children}
    </button>
  );
}

/** The type choice of an add: a menu of submit buttons (a native <details>, so it opens without JavaScript). */
export function AddMenu({ after, label }: { after: number | "end"; label: string }) {
  return (
    <details className="group relative">
      <summary className={cn(smallButton, "cursor-pointer list-none gap-1 [&::-webkit-details-marker]:hidden")}>
        <span aria-hidden="true">+</span>
        {label}
      </summary>
      <div className="absolute right-0 z-20 mt-1 grid w-56 gap-0.5 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        {EDITABLE_TYPES.map((type) => (
          <ActionButton
            key={type}
            intent={intents.add(type, after)}
            label={`${TYPE_LABELS[type]}${after === "end" ? "" : ` after section ${after + 1}`}`}

            className="rounded-md px-3 py-1.5 text-left text-sm text-ink hover:bg-brand-50"
          >
            {TYPE_LABELS[type]}
          </ActionButton>
        ))}
      </div>
    </details>
  );
}

/** "+ Add item" / "+ Add subsection": its name starts with what it shows (axe), then says where. */
export function AddRowButton({
  intent,
  what,
  index,
  className,
}: {
  intent: string;
  what: "item" | "subsection";
  index: number;
  className?: string;
}) {
  return (
    <ActionButton
      intent={intent}
      label={`Add ${what} to section ${index + 1}`}

      className={cn(smallButton, "text-brand-700", className)}
    >
      <span aria-hidden="true">+ </span>Add {what}
    </ActionButton>
  );
}

/** Up, down and remove for a row (a section, an item, a subsection). */
export function RowButtons({
  intent,
  name,
  index,
  count,
}: {
  intent: (op: "up" | "down" | "remove") => string;
  name: string;
  index: number;
  count: number;
}) {
  return (
    <div className="flex items-center gap-0.5">
      <ActionButton intent={intent("up")} label={`Move ${name} up`} disabled={index === 0}>
        <span aria-hidden="true">↑</span>
      </ActionButton>
      <ActionButton intent={intent("down")} label={`Move ${name} down`} disabled={index === count - 1}>
        <span aria-hidden="true">↓</span>
      </ActionButton>
      <ActionButton
        intent={intent("remove")}
        label={`Remove ${name}`}

        className={cn(smallButton, "text-red-700 hover:bg-red-50")}
      >
        <span aria-hidden="true">✕</span>
      </ActionButton>
    </div>
  );
}
