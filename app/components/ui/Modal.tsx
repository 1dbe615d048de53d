import { forwardRef, type ReactNode } from "react";

/**
 * A native modal <dialog> (focus stays inside, Escape closes) with the site's
 * frame and a Close button. The caller opens it with `ref.current.showModal()`.
 */
export const Modal = forwardRef<HTMLDialogElement, { labelledBy: string; onClose?: () => void; children: ReactNode; className?: string }>(
  function Modal({ labelledBy, onClose, children, className = "max-w-md" }, ref) {
    return (
      <dialog
        ref={ref}
        onClose={onClose}
        aria-labelledby={labelledBy}
        className={`m-auto w-[calc(100%-2rem)] ${className} rounded-2xl bg-white p-0 text-slate-700 shadow-2xl backdrop:bg-slate-950/60`}
      >
        <div className="relative p-6 sm:p-8">
          <button
            type="button"
            onClick={(e) => e.currentTarget.closest("dialog")?.close()}
            aria-label="Close"
            className="absolute right-3 top-3 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
          {children}
        </div>
      </dialog>
    );
  },
);

/** Opens a Modal with the focus on its `[data-autofocus]` element (else the browser's choice: the Close button). */
export function openModal(dialog: HTMLDialogElement) {
  dialog.showModal();
  dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
}
