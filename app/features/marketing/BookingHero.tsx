import type { ReactNode } from "react";
import { Container } from "~/components/ui/Container";
import { SchedulerEmbed, type SchedulerPrefill } from "./SchedulerEmbed";

/** The top of a booking page: the pitch beside the embedded scheduler. */
export function BookingHero({
  eyebrow,
  title,
  children,
  schedulerUrl,
  known,
  prefill,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
  schedulerUrl: string;
  known?: SchedulerPrefill;
  prefill: boolean;
}) {
  return (
    <section aria-labelledby="booking-title" className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="grid gap-10 py-16 lg:grid-cols-2 lg:items-start lg:py-20">
        <div className="lg:pt-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
          <h1 id="booking-title" className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            {title}
          </h1>
          <div className="mt-6 space-y-4 text-lg text-slate-600">{children}</div>
        </div>
        <div id="book">
          <SchedulerEmbed baseUrl={schedulerUrl} known={known} prefill={prefill} />
        </div>
      </Container>
    </section>
  );
}
