import { useCallback, useEffect, useRef, useState } from "react";
import { sendViewBeacon } from "~/lib/view-beacon";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import { LeadMagnetForm } from "./LeadMagnetForm";

const POPUP_STATUS_KEY = "leadMagnetStatus";
const POPUP_DELAY_MS = 4000;
/** While a field has focus, how often the popup looks again. */
const POPUP_RECHECK_MS = 1000;

type Stored = { status: "submitted" | "dismissed"; ts: number };

function readStatus(): Stored | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(POPUP_STATUS_KEY) ?? "null") as Stored | null;
    return value?.status === "submitted" || value?.status === "dismissed" ? value : null;
  } catch {
    return null;
  }
}

function writeStatus(status: Stored["status"]) {
  try {
    window.localStorage.setItem(POPUP_STATUS_KEY, JSON.stringify({ status, ts: Date.now() } satisfies Stored));
  } catch {
    // storage unavailable: the popup may show again next time
  }
}

/** Focus in a field outside the popup: the visitor is busy with a form. */
function fieldHasFocus(dialog: HTMLDialogElement): boolean {
  const el = document.activeElement;
  return !!el && el.matches("input, textarea, select, [contenteditable]") && !dialog.contains(el);
}

/**
 * The lead-magnet popup: a native <dialog> (modal: focus stays inside, Escape
 * closes, focus returns), opened 4 s after load unless the visitor already
 * submitted or dismissed it. It needs JavaScript; without it, nothing shows.
 *
 * It never interrupts someone filling in a form: while focus is in a field it
 * waits until the field is left, and once the visitor has typed into any form
 * of the page it does not open on that visit. Routes whose main content is a
 * form set `handle.noPopup` and never render it.
 */
export function LeadMagnetPopup({ pdfUrl }: { pdfUrl: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [view, setView] = useState<"form" | "thanks">("form");
  const submitted = useRef(false);

  useEffect(() => {
    if (readStatus()) return;
    let typed = false;
    const onInput = (event: Event) => {
      // Only what the visitor typed: scripts (e.g. a form re-validating a field) dispatch untrusted events.
      const target = event.target as Element | null;
      if (event.isTrusted && target?.closest?.("form") && !dialog.current?.contains(target)) typed = true;
    };
    document.addEventListener("input", onInput, true);
    let timer: ReturnType<typeof setTimeout>;
    const tryOpen = () => {
      const el = dialog.current;
      if (typed || readStatus() || !el || el.open) return;
      if (fieldHasFocus(el)) {
        timer = setTimeout(tryOpen, POPUP_RECHECK_MS);
        return;
      }
      returnFocus.current = document.activeElement as HTMLElement | null;
      el.showModal();
      // A view of the popup, for its form's conversion rate (ADR 0023).
      sendViewBeacon("popup");
    };
    timer = setTimeout(tryOpen, POPUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("input", onInput, true);
    };
  }, []);

  const close = () => dialog.current?.close();
  const onClose = () => {
    if (!submitted.current) writeStatus("dismissed");
    returnFocus.current?.focus?.();
  };
  const onSuccess = useCallback(() => {
    submitted.current = true;
    writeStatus("submitted");
    setView("thanks");
  }, []);

  return (
    <Modal ref={dialog} onClose={onClose} labelledBy="lead-magnet-title">
      {view === "form" ? (
        <>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Free playbook</p>
          <h2 id="lead-magnet-title" className="mt-1 pr-8 text-2xl font-bold">
            Get the Shopify App Launch &amp; Scaling Playbook
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            The PDF playbook and the scaling checklist, plus a few warm store leads for your app, in your inbox.
          </p>
          <div className="mt-5">
            <LeadMagnetForm onSuccess={onSuccess} />
          </div>
          <button type="button" onClick={close} className="mt-3 w-full text-center text-sm font-medium text-slate-600 hover:text-ink">
            No thanks
          </button>
        </>
      ) : (
        <div className="text-center">
          <h2 id="lead-magnet-title" className="text-2xl font-bold">
            Thank you! Check your inbox
          </h2>
          <p className="mt-3 text-slate-600">The playbook is on its way. You can also download it right now.</p>
          <a href={pdfUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: "lg" }) + " mt-6 w-full"}>
            Download the playbook (PDF)
          </a>
          <Button type="button" variant="ghost" onClick={close} className="mt-2 w-full">
            Close
          </Button>
        </div>
      )}
    </Modal>
  );
}
