/**
 * The bot-check fields of a public form (ADR 0015): the page's signed time
 * stamp (from the root loader), and Cloudflare's Turnstile widget, which
 * writes its token into the form. The widget's script is not in the page's
 * bundle: it is fetched from Cloudflare once the form comes near the screen
 * or gets focus, so a page whose forms are never reached never loads it. When
 * it cannot run (JavaScript off, blocked, offline) the form posts without a
 * token and the server applies the stamp and a tighter limit instead.
 */
import { useEffect, useRef } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import { STAMP_FIELD, TURNSTILE_FIELD, TURNSTILE_SCRIPT_URL } from "~/lib/form-guard";

type RootGuardData = { formGuard?: { stamp: string; siteKey: string } };

interface TurnstileApi {
  render: (container: HTMLElement, options: Record<string, unknown>) => string | undefined;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let scriptLoad: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once per page; a failure lets a later form try again. */
function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  scriptLoad ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile did not start")));
    script.onerror = () => reject(new Error("Turnstile script did not load"));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptLoad = null;
    throw error;
  });
  return scriptLoad;
}

function TurnstileWidget({ siteKey }: { siteKey: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = container.current;
    const form = el?.closest("form");
    if (!el || !form) return;
    let widgetId: string | undefined;
    let gone = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      observer.disconnect();
      form.removeEventListener("focusin", start);
      loadTurnstile()
        .then((turnstile) => {
          if (gone) return;
          widgetId = turnstile.render(el, {
            sitekey: siteKey,
            "response-field-name": TURNSTILE_FIELD,
            appearance: "interaction-only",
            size: "flexible",
          });
        })
        .catch(() => {
          // Offline or blocked: the form posts without a token (the server's time-stamp path).
        });
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: "200px" });
    observer.observe(form);
    form.addEventListener("focusin", start);
    // A token is good for one post: after each submit (its data already taken), the widget fetches a new one.
    const onSubmit = () =>
      setTimeout(() => {
        if (widgetId !== undefined) window.turnstile?.reset(widgetId);
      }, 0);
    form.addEventListener("submit", onSubmit);
    return () => {
      gone = true;
      observer.disconnect();
      form.removeEventListener("focusin", start);
      form.removeEventListener("submit", onSubmit);
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
  }, [siteKey]);
  return <div ref={container} className="empty:hidden" data-turnstile="" />;
}

/** Inside a public form's <form>: the time stamp and, where configured, the Turnstile widget. */
export function FormGuardFields() {
  const guard = useRouteLoaderData<RootGuardData>("root")?.formGuard;
  if (!guard) return null;
  return (
    <>
      <input type="hidden" name={STAMP_FIELD} value={guard.stamp} />
      {guard.siteKey ? <TurnstileWidget siteKey={guard.siteKey} /> : null}
    </>
  );
}
