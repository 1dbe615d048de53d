import { Container } from "~/components/ui/Container";
import { WaitlistForm } from "./WaitlistForm";

/** The game waitlist banner, shown above the footer on every page. */
export function WaitlistBanner() {
  return (
    <section id="game-waitlist" aria-labelledby="waitlist-title" className="bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900">
      <Container className="grid gap-8 py-14 md:grid-cols-2 md:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-200">Coming soon · Founder Quest</p>
          <h2 id="waitlist-title" className="mt-2 text-2xl font-bold text-white sm:text-3xl">
            Can you grow a SaaS from $0 to $10K MRR?
          </h2>
          <p className="mt-3 text-brand-100">
            A browser game about founding a software company: ship features, price your plans, win your first merchants. Join the waitlist
            and be first to play.
          </p>
        </div>
        <WaitlistForm />
      </Container>
    </section>
  );
}
