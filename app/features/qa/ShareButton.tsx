import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { showToast } from "~/lib/client-toast";
import { useHydrated } from "~/lib/forms";
import { QA_MESSAGES } from "./qa.messages";

/**
 * Share: the device's share sheet, else copy the link ('Link copied to
 * clipboard!'). Without JavaScript, plain share links.
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!hydrated) {
    const enc = encodeURIComponent;
    return (
      <p className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
        <span>Share:</span>
        <a className="font-semibold text-brand-700 underline" href={`https://twitter.com/intent/tweet?url=${enc(url)}&text=${enc(title)}`}>
          X
        </a>
        <a className="font-semibold text-brand-700 underline" href={`https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`}>
          LinkedIn
        </a>
        <a className="font-semibold text-brand-700 underline" href={`mailto:?subject=${enc(title)}&body=${enc(url)}`}>
          Email
        </a>
      </p>
    );
  }
  const share = async () => {
    setBusy(true);
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, url });
      } else {
        await navigator.clipboard.writeText(url);
        showToast({ type: "success", title: QA_MESSAGES.linkCopied });
      }
    } catch {
      // the visitor closed the share sheet
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={share} disabled={busy}>
      Share
    </Button>
  );
}
