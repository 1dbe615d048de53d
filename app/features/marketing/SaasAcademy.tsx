/** The SaaS Academy page (/saas-academy): its copy and sections. The route only adds the meta. */
import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { CheckIcon } from "~/components/ui/Icons";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";
import { OFFER } from "~/lib/offer";
import { PLAYBOOK_LANDING_PATH, PREMIUM_PATH } from "~/lib/paths";

const insideHeading: SectionHeadingProps = {
  id: "inside-title",
  eyebrow: "What's inside",
  title: "Six playbooks, one for every stage of your app",
  intro: "Work through them in order or jump to the stage you are in today. Each one ends with a checklist you can act on this week.",
};

/** The premium playbooks as the page lists them (the playbooks feature holds them; the route passes them in). */
export interface AcademyPlaybook {
  stage: string;
  title: string;
  tagline: string;
  points: readonly string[];
}

const audiences = [
  {
    title: "Founders getting ready to launch",
    body: "You have a build or a prototype and want paying merchants lined up before you submit to the Shopify App Store.",
  },
  {
    title: "Founders with a live app and slow growth",
    body: "Installs trickle in, reviews are thin, and you aren't sure which channel deserves your next month of effort.",
  },
  {
    title: "Founders ready to scale",
    body: "You have paying merchants and need repeatable acquisition, sharper pricing and a plan for your next hire.",
  },
] as const;

const included = [
  "All six premium playbooks",
  "Templates, scripts and worked examples",
  "Every future update at no extra cost",
  "Lifetime access for one payment",
] as const;

const faqs = [
  {
    q: `What does the ${OFFER.premiumPrice} cover?`,
    a: `One payment of ${OFFER.premiumPrice} gives you lifetime access to all six playbooks, with their templates, scripts and checklists, plus every update we make to them. There is no subscription and nothing to renew.`,
  },
  {
    q: "How do I get access?",
    a: "Choose Get Premium Access and send the short request form. We reply within 24 hours with payment details, and your access follows as soon as the payment is through.",
  },
  {
    q: "How is this different from the free playbook?",
    a: "The free Shopify App Launch and Scaling Playbook is a checklist and guide covering the essentials. SaaS Academy goes deeper: six stage-by-stage playbooks with the templates, scripts and examples we use with the founders we work with.",
  },
  {
    q: "Is it only for Shopify apps?",
    a: "It is written for founders selling in the Shopify App Store, so the examples, listing advice and merchant outreach are Shopify-specific. The pricing and prospecting material carries over well to other app marketplaces.",
  },
  {
    q: "Do I need to be a Founder Leads customer?",
    a: "No. SaaS Academy stands on its own. Many founders start with the playbooks and add verified leads later, once they know exactly which merchants they want to reach.",
  },
] as const;

const heroFacts = [
  { label: "Premium playbooks", value: String(OFFER.premiumPlaybooks) },
  { label: "One-time payment", value: OFFER.premiumPrice },
  { label: "Access", value: "Lifetime" },
  { label: "Founders served", value: OFFER.foundersServed },
] as const;

function AcademyHero() {
  return (
    <section aria-labelledby="academy-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute left-1/2 top-0 h-72 w-[40rem] max-w-full -translate-x-1/2 rounded-full bg-brand-100/60 blur-3xl"
      />
      <Container className="relative py-20 text-center sm:py-28">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-4 py-1.5 text-sm font-medium text-brand-800">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-brand-600" />
          SaaS Academy · Premium playbooks for Shopify app founders
        </p>
        <h1 id="academy-title" className="mx-auto mt-6 max-w-4xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          Launch, grow and scale your Shopify app <span className="text-brand-600">with a proven plan</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-600">
          Six step-by-step playbooks built from what worked for the {OFFER.foundersServed} founders we've served, from validating your idea
          to your first hundred merchants and beyond. One payment, yours for good.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <ButtonLink to={PREMIUM_PATH} size="lg">
            Get Premium Access
          </ButtonLink>
          <ButtonLink to={PLAYBOOK_LANDING_PATH} variant="secondary" size="lg">
            Start with the free playbook
          </ButtonLink>
        </div>
        <p className="mt-4 text-sm text-slate-600">{`${OFFER.premiumPrice} one-time · Lifetime access · Requests answered within ${OFFER.premiumReplyHours} hours`}</p>
        <dl className="mx-auto mt-14 grid max-w-3xl grid-cols-2 gap-4 sm:grid-cols-4">
          {heroFacts.map((f) => (
            <div key={f.label} className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white px-4 py-5 shadow-sm">
              <dt className="mt-1 text-sm text-slate-600">{f.label}</dt>
              <dd className="text-2xl font-extrabold tracking-tight text-ink">{f.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

function WhatsInside({ playbooks }: { playbooks: readonly AcademyPlaybook[] }) {
  return (
    <HeadedSection id="playbooks" className="py-20" heading={insideHeading}>
      <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {playbooks.map((p, i) => (
          <li
            key={p.title}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <div className="flex items-center justify-between gap-3">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-600 text-sm font-bold text-white"
              >
                {String(i + 1).padStart(2, "0")}
              </span>
              <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">{p.stage}</span>
            </div>
            <h3 className="mt-5 text-lg font-semibold">{p.title}</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">{p.tagline}</p>
            <ul className="mt-5 space-y-2 border-t border-slate-100 pt-5">
              {p.points.map((t) => (
                <li key={t} className="flex gap-2 text-sm text-slate-700">
                  <CheckIcon />
                  <span>{t}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </HeadedSection>
  );
}

function WhoItsFor() {
  return (
    <section aria-labelledby="audience-title" className="bg-slate-50 py-20">
      <Container>
        <div className="grid gap-12 lg:grid-cols-5 lg:items-start">
          <div className="lg:col-span-2">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Who it's for</p>
            <h2 id="audience-title" className="mt-2 text-3xl font-bold sm:text-4xl">
              Built for founders who sell to Shopify merchants
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Whether you're pre-launch or past your first thousand installs, there is a playbook for the problem in front of you right now.
            </p>
          </div>
          <ul className="grid gap-4 lg:col-span-3">
            {audiences.map((a) => (
              <li key={a.title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 ring-1 ring-emerald-200"
                >
                  <CheckIcon />
                </span>
                <div>
                  <h3 className="text-lg font-semibold">{a.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{a.body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

function PremiumOffer() {
  return (
    <section id="premium" aria-labelledby="premium-title" className="py-20">
      <Container>
        <div className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl border-2 border-brand-600 bg-white shadow-xl md:grid-cols-2">
          <div className="p-8 sm:p-10">
            <h2 id="premium-title" className="text-2xl font-bold sm:text-3xl">
              SaaS Academy Premium
            </h2>
            <p className="mt-3 text-slate-600">Every playbook, template and script, with lifetime access and free updates.</p>
            <ul className="mt-8 space-y-3">
              {included.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <CheckIcon />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col justify-center bg-brand-700 p-8 text-center text-white sm:p-10">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">One-time payment</p>
            <p className="mt-3 text-5xl font-extrabold tracking-tight text-white">
              {OFFER.premiumPrice}
              <span className="sr-only">, one-time payment with lifetime access</span>
            </p>
            <p className="mt-2 text-brand-100">Lifetime access · No subscription</p>
            <ButtonLink to={PREMIUM_PATH} variant="light" size="lg" className="mt-8">
              Get Premium Access
            </ButtonLink>
            <p className="mt-4 text-sm text-brand-100">{`We reply with payment details within ${OFFER.premiumReplyHours} hours.`}</p>
          </div>
        </div>
      </Container>
    </section>
  );
}

function Faq() {
  return (
    <section aria-labelledby="faq-title" className="bg-slate-50 py-20">
      <Container className="max-w-3xl">
        <h2 id="faq-title" className="text-center text-3xl font-bold sm:text-4xl">
          Questions founders ask
        </h2>
        <div className="mt-10 space-y-4">
          {faqs.map((f) => (
            <details key={f.q} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl p-5 font-semibold text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                <h3 className="text-base font-semibold">{f.q}</h3>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-45"
                >
                  <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1Z" />
                </svg>
              </summary>
              <p className="px-5 pb-5 text-sm leading-6 text-slate-600">{f.a}</p>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}

function AcademyCta() {
  return (
    <section aria-labelledby="academy-cta-title" className="py-20">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center sm:px-12">
          <div aria-hidden="true" className="pointer-events-none absolute -right-20 -top-20 h-64 w-64 rounded-full bg-brand-600" />
          <div aria-hidden="true" className="pointer-events-none absolute -bottom-24 -left-16 h-64 w-64 rounded-full bg-brand-800" />
          <div className="relative">
            <h2 id="academy-cta-title" className="text-3xl font-bold text-white sm:text-4xl">
              Stop guessing what to do next
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
              Get the playbooks our founders use to launch, grow and scale, for one payment of {OFFER.premiumPrice}.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
              <ButtonLink to={PREMIUM_PATH} variant="light" size="lg">
                Get Premium Access
              </ButtonLink>
              <Link
                to={PLAYBOOK_LANDING_PATH}
                className="rounded px-2 py-1 font-semibold text-white underline decoration-white/50 underline-offset-4 hover:decoration-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                Or get the free playbook <span aria-hidden="true">→</span>
              </Link>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}

export function SaasAcademyPage({ playbooks }: { playbooks: readonly AcademyPlaybook[] }) {
  return (
    <>
      <AcademyHero />
      <WhatsInside playbooks={playbooks} />
      <WhoItsFor />
      <PremiumOffer />
      <Faq />
      <AcademyCta />
    </>
  );
}

/** The page's FAQ as schema.org's FAQPage, for the route's meta. */
export const academyFaqJsonLd = {
  "@context": "https://schema.org",
  "@type": "FAQPage",
  mainEntity: faqs.map((f) => ({ "@type": "Question", name: f.q, acceptedAnswer: { "@type": "Answer", text: f.a } })),
};

export const ACADEMY_DESCRIPTION = `Six premium playbooks for Shopify app founders, from pre-launch to scaling, lead generation and revenue. ${OFFER.premiumPrice} one-time, lifetime access.`;
