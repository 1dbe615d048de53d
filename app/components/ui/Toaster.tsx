import { useEffect, useState } from "react";
import { listenForToasts } from "~/lib/client-toast";
import { toToast, type Toast, type ToastInput } from "~/lib/toast";
import { cn } from "./cn";
import { CheckIcon } from "./Icons";

/**
 * Shows the flash toast of the current page. Server-rendered, so it is seen
 * without JavaScript (a CSS animation hides it after 10 s); with JavaScript it
 * can also be dismissed, and goes after 6 s.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
  useEffect(() => listenForToasts((input: ToastInput) => setVisible(toToast(input))), []);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), 6000);
    return () => clearTimeout(timer);
  }, [visible]);

  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4 sm:justify-end sm:px-6">
      {visible ? (
        <div
          key={visible.id}
          role={visible.type === "error" ? "alert" : "status"}
          data-testid="toast"
          className={cn(
            "toast-auto-hide pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white p-4 shadow-lg",
            visible.type === "error" ? "border-red-200" : "border-emerald-200",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white",
              visible.type === "error" ? "bg-red-600" : "bg-emerald-600",
            )}
          >
            {visible.type === "error" ? "!" : <CheckIcon className="h-4 w-4" />}
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-ink">{visible.title}</p>
            {visible.description ? <p className="mt-1 text-sm text-slate-600">{visible.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setVisible(null)}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
            aria-label="Dismiss notification"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
