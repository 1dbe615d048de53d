import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";
import { cn } from "~/components/ui/cn";
import { PlanFeatures, PlanPrice } from "./PlanParts";
import { plans } from "./pricing";

const pricingHeading: SectionHeadingProps = {
  id: "pricing-title",
  title: "Simple pricing",
  intro: "Start free. 50 new founders get the early-founder price; 23 spots are left.",
};

/** The `home-announcement` content block, when admins have set one. */
export function Announcement({ text }: { text: string }) {
  return (
    <div className="bg-ink px-4 py-2.5 text-center text-sm font-medium text-white" role="note" aria-label="Announcement">
      {text}
    </div>
  );
}

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-20 text-center sm:py-28">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-4 py-1.5 text-sm font-medium text-brand-800">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-500" />
          23 founders joined last month · 487 leads active this week
        </p>
        <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          Merchants ready to install your Shopify app, <span className="text-brand-600">delivered in 48 hours</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-600">
          We find stores that are actively testing apps like yours, verify the founder or decision-maker, and hand you their contact details
          with the buying signal that makes them worth a message.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <ButtonLink to="/onboarding" reloadDocument size="lg">
            Get My Sample Leads
          </ButtonLink>
          <ButtonLink to="/#how-it-works" variant="secondary" size="lg">
            See how it works
          </ButtonLink>
        </div>
        <p className="mt-4 text-sm text-slate-600">2-3 verified leads free · No credit card</p>
      </Container>
    </section>
  );
}

const problems = [
  {
    title: "Cold emails that vanish",
    body: "Generic lists bounce or land in spam, and the few replies are from stores that will never install an app.",
  },
  { title: "Ads that burn cash", body: "App Store ads and paid social cost more every month while your install-to-paid rate stays flat." },
  {
    title: "The wrong prospects",
    body: "Hours spent on merchants who are too small, on the wrong plan, or not looking for a solution at all.",
  },
  {
    title: "Competitors get there first",
    body: "The stores trialling a rival app this week are the ones deciding right now, and nobody tells you who they are.",
  },
];

export function Problems() {
  return (
    <section aria-labelledby="problems-title" className="py-20">
      <Container>
        <h2 id="problems-title" className="text-center text-3xl font-bold sm:text-4xl">
          Growing an app shouldn't feel like guesswork
        </h2>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {problems.map((p) => (
            <li key={p.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="text-lg font-semibold">{p.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{p.body}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

const steps = [
  {
    n: "1",
    title: "Tell us about your app",
    body: "Four short steps: what your app does, who it serves, how you price it, and your ideal customer.",
  },
  {
    n: "2",
    title: "We prospect and verify",
    body: "AI prospecting across 10+ databases, then manual checks of every founder and decision-maker contact.",
  },
  {
    n: "3",
    title: "You get warm leads",
    body: "Stores with buying-intent signals, their contacts and the app they are testing, within 48 hours.",
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="bg-slate-50 py-20">
      <Container>
        <h2 id="how-title" className="text-center text-3xl font-bold sm:text-4xl">
          How it works
        </h2>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {steps.map((s) => (
            <li key={s.n} className="rounded-2xl bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
              >
                {s.n}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{s.body}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

export function Pricing() {
  return (
    <HeadedSection id="pricing" className="py-20" heading={pricingHeading}>
      <div className="mx-auto mt-12 grid max-w-4xl gap-6 md:grid-cols-2">
        {plans.map((plan) => (
          <div
            key={plan.name}
            className={cn(
              "relative flex flex-col rounded-2xl bg-white p-8",
              plan.highlighted ? "border-2 border-brand-600 shadow-lg" : "border border-slate-200",
            )}
          >
            {plan.badge ? (
              <p className="absolute -top-3 right-6 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold text-amber-950">{plan.badge}</p>
            ) : null}
            <h3 className="text-xl font-semibold">{plan.name}</h3>
            <p className="text-sm text-slate-600">{plan.subtitle}</p>
            <PlanPrice plan={plan} />
            <p className="mt-3 text-sm text-slate-600">{plan.description}</p>
            <PlanFeatures plan={plan} className="mt-6 flex-1" />
            <ButtonLink
              to="/onboarding"
              reloadDocument
              variant={plan.highlighted ? "primary" : "secondary"}
              size="lg"
              className="mt-8 w-full"
            >
              {plan.buttonText}
            </ButtonLink>
          </div>
        ))}
      </div>
    </HeadedSection>
  );
}

export function FinalCta() {
  return (
    <section id="contact" aria-labelledby="cta-title" className="bg-slate-50 py-20">
      <Container className="text-center">
        <h2 id="cta-title" className="text-3xl font-bold sm:text-4xl">
          Your next 50 merchants are already looking
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">Start with a free sample and judge the leads yourself.</p>
        <ButtonLink to="/onboarding" reloadDocument size="lg" className="mt-8">
          Get My Sample Leads
        </ButtonLink>
      </Container>
    </section>
  );
}
