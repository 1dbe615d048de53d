import { useCallback, useEffect, useRef, useState } from "react";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";
import { LeadMagnetForm } from "./LeadMagnetForm";

export const POPUP_STATUS_KEY = "leadMagnetStatus";
export const POPUP_DELAY_MS = 4000;

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

/**
 * The lead-magnet popup: a native <dialog> (modal: focus stays inside, Escape
 * closes, focus returns), opened 4 s after load unless the visitor already
 * submitted or dismissed it. It needs JavaScript; without it, nothing shows.
 */
export function LeadMagnetPopup({ pdfUrl }: { pdfUrl: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [view, setView] = useState<"form" | "thanks">("form");
  const submitted = useRef(false);

  useEffect(() => {
    if (readStatus()) return;
    const timer = setTimeout(() => {
      if (readStatus() || !dialog.current || dialog.current.open) return;
      returnFocus.current = document.activeElement as HTMLElement | null;
      dialog.current.showModal();
    }, POPUP_DELAY_MS);
    return () => clearTimeout(timer);
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
