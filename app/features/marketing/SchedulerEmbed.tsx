import { useEffect, useState } from "react";

const USER_EMAIL_KEY = "userEmail";

/** The scheduler's URL for a 30-minute meeting, with the email prefilled when known. */
export function schedulerSrc(base: string, email?: string | null): string {
  const url = new URL(base);
  url.searchParams.set("hide_gdpr_banner", "1");
  if (email) url.searchParams.set("email", email);
  return url.toString();
}

/**
 * The embedded third-party scheduler, 600 px tall. Prefilled from the server
 * (the onboarding email, so it works without JavaScript) or, in the browser,
 * from localStorage `userEmail`. A plain link is the fallback.
 */
export function SchedulerEmbed({ baseUrl, email, prefill = true }: { baseUrl: string; email?: string | null; prefill?: boolean }) {
  const [src, setSrc] = useState(() => schedulerSrc(baseUrl, prefill ? email : null));
  useEffect(() => {
    if (!prefill) return;
    if (email) {
      // Remember the onboarding email in this browser too (localStorage `userEmail`).
      try {
        window.localStorage.setItem(USER_EMAIL_KEY, email);
      } catch {
        // storage unavailable
      }
      return;
    }
    try {
      const stored = window.localStorage.getItem(USER_EMAIL_KEY);
      if (stored) setSrc(schedulerSrc(baseUrl, stored));
    } catch {
      // storage unavailable: keep the embed without prefill
    }
  }, [baseUrl, email, prefill]);

  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <iframe title="Book a 30-minute strategy call" src={src} className="block h-[600px] w-full" loading="lazy" data-testid="scheduler" />
      <p className="border-t border-slate-200 px-4 py-3 text-center text-sm text-slate-600">
        Calendar not loading?{" "}
        <a href={src} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-2">
          Open the booking page
        </a>
      </p>
    </div>
  );
}
