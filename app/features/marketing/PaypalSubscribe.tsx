import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/forms";

type PaypalButtons = (options: {
  style?: Record<string, string>;
  createSubscription: (
    data: unknown,
    actions: { subscription: { create: (o: { plan_id: string }) => Promise<string> } },
  ) => Promise<string>;
  onApprove: (data: { subscriptionID?: string }) => void;
  onError: (error: unknown) => void;
}) => { render: (el: HTMLElement) => Promise<void> };

declare global {
  interface Window {
    paypal?: { Buttons?: PaypalButtons };
  }
}

function Fallback({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      {children}{" "}
      <Link to="/contact" className="font-semibold underline underline-offset-2">
        Contact us
      </Link>{" "}
      and we'll send you a payment link.
    </div>
  );
}

/**
 * The card-payment provider's subscription button. Its script is loaded only
 * here (and the page's CSP allows only this page to load it). Without the
 * script, JavaScript or configuration, a clear message and a contact link.
 */
export function PaypalSubscribe({ clientId, planId }: { clientId: string; planId: string }) {
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "error" | "approved">("loading");
  const [subscriptionId, setSubscriptionId] = useState<string | null>(null);
  const configured = Boolean(clientId && planId);

  useEffect(() => {
    if (!configured) return;
    const script = document.createElement("script");
    script.src = `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&vault=true&intent=subscription`;
    script.async = true;
    script.onerror = () => setState("error");
    script.onload = () => {
      const buttons = window.paypal?.Buttons;
      if (!buttons || !container.current) {
        setState("error");
        return;
      }
      buttons({
        style: { shape: "rect", color: "gold", layout: "vertical", label: "subscribe" },
        createSubscription: (_data, actions) => actions.subscription.create({ plan_id: planId }),
        onApprove: (data) => {
          setSubscriptionId(data.subscriptionID ?? null);
          setState("approved");
        },
        onError: () => setState("error"),
      })
        .render(container.current)
        .then(() => setState("ready"))
        .catch(() => setState("error"));
    };
    document.body.appendChild(script);
    return () => {
      script.remove();
    };
  }, [configured, clientId, planId]);

  if (!configured) return <Fallback>Online subscription is not available at the moment.</Fallback>;
  return (
    <div>
      <noscript>
        <Fallback>The subscription button needs JavaScript, which is turned off in your browser.</Fallback>
      </noscript>
      {hydrated && state === "loading" ? <p className="text-sm text-slate-600">Loading secure checkout…</p> : null}
      {state === "error" ? <Fallback>The payment button could not be loaded. Please reload the page to try again.</Fallback> : null}
      {state === "approved" ? (
        <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="font-semibold">Subscription confirmed. Welcome aboard!</p>
          <p className="mt-1">
            Your subscription ID is <strong data-testid="subscription-id">{subscriptionId ?? "on its way by email"}</strong>. We'll be in
            touch within 24 hours.
          </p>
        </div>
      ) : null}
      <div ref={container} className={state === "approved" ? "hidden" : undefined} />
    </div>
  );
}
