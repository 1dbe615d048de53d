import { useEffect, useState } from "react";

const USER_EMAIL_KEY = "userEmail";

/** What the site knows of the visitor for the scheduler: their name and email, and their person's reference. */
export interface SchedulerPrefill {
  name?: string | null;
  email?: string | null;
  /** The person's signed reference (ADR 0024): a booking made with another address still links back. */
  reference?: string | null;
}

/**
 * The scheduler's URL for a 30-minute meeting, prefilled with what is known: `name` and `email` (both schedulers
 * read them), and the reference as Cal.com's `metadata[ref]` and Calendly's `utm_content`, which each returns in its
 * webhook (the other ignores the parameter it does not know).
 */
export function schedulerSrc(base: string, prefill: SchedulerPrefill = {}): string {
  const url = new URL(base);
  url.searchParams.set("hide_gdpr_banner", "1");
  if (prefill.name) url.searchParams.set("name", prefill.name);
  if (prefill.email) url.searchParams.set("email", prefill.email);
  if (prefill.reference) {
    url.searchParams.set("metadata[ref]", prefill.reference);
    url.searchParams.set("utm_content", prefill.reference);
  }
  return url.toString();
}

/**
 * The embedded third-party scheduler, 600 px tall. Prefilled from the server
 * (the onboarding email, so it works without JavaScript) or, in the browser,
 * from localStorage `userEmail`. A plain link is the fallback.
 */
export function SchedulerEmbed({
  baseUrl,
  known,
  prefill = true,
}: {
  baseUrl: string;
  /** From the server (the onboarding visitor cookie and their person). */
  known?: SchedulerPrefill;
  /** Whether the browser's remembered email (localStorage) fills in when the server knows none. */
  prefill?: boolean;
}) {
  const email = known?.email ?? null;
  const [src, setSrc] = useState(() => schedulerSrc(baseUrl, known));
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
      if (stored) setSrc(schedulerSrc(baseUrl, { email: stored }));
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
