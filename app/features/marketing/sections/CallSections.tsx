import type { ReactNode } from "react";
import { CheckIcon } from "~/components/ui/Icons";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";

const deliveryHeading: SectionHeadingProps = {
  id: "delivery-steps-title",
  eyebrow: "How delivery works",
  title: "From call to first leads in 48 hours",
  intro: "Five steps, no long setup project. You approve the brief; we do the research.",
};

const comparisonHeading: SectionHeadingProps = {
  id: "outbound-comparison-title",
  eyebrow: "Why founders switch",
  title: "Traditional outbound vs. Founder Leads",
  intro: "Same goal, very different week. Here is what changes when the research is done for you.",
};

function CrossIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={className}>
      <path d="M5.7 4.3a1 1 0 0 0-1.4 1.4L8.58 10l-4.3 4.3a1 1 0 1 0 1.42 1.4L10 11.42l4.3 4.3a1 1 0 0 0 1.4-1.42L11.42 10l4.3-4.3a1 1 0 0 0-1.42-1.4L10 8.58 5.7 4.3Z" />
    </svg>
  );
}

/** A section of cards, each led by a badge beside its title and text: the section's classes, heading and cards. */
interface BadgeCardsSection {
  className: string;
  heading: SectionHeadingProps;
  list: string;
  card: string;
  badge: string;
  cards: readonly { title: string; body: string }[];
}

/** The cards of `section`, each badge showing `mark` of the card's place (its number, or a tick). */
function BadgeCards({ section: s, mark }: { section: BadgeCardsSection; mark: (index: number) => ReactNode }) {
  return (
    <HeadedSection className={s.className} heading={s.heading}>
      <ul className={s.list}>
        {s.cards.map((card, i) => (
          <li key={card.title} className={s.card}>
            <span aria-hidden="true" className={s.badge}>
              {mark(i)}
            </span>
            <div>
              <h3 className="text-lg font-semibold">{card.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{card.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

/* ------------------------------------------------------------------ */
/* Why book the call                                                  */
/* ------------------------------------------------------------------ */

const reasons: BadgeCardsSection = {
  className: "py-20",
  heading: {
    id: "call-reasons-title",
    eyebrow: "Free 30-minute strategy call",
    title: "What we'll settle in 30 minutes",
    intro: "A working session with the team that will build your lead list. You leave with a clear plan, whether or not you work with us.",
  },
  list: "mt-12 grid gap-6 sm:grid-cols-2",
  card: "flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm",
  badge:
    "flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-sm font-bold text-brand-700 ring-1 ring-brand-100",
  cards: [
    {
      title: "Your ideal customer profile",
      body: "We pin down the stores that get the most from your app: category, Shopify plan, revenue band, the apps they already run and the person who makes the call.",
    },
    {
      title: "Your revenue goals",
      body: "We work back from the MRR you want in the next 90 days to the leads, replies and installs it takes, so the targets are realistic from day one.",
    },
    {
      title: "Your delivery process",
      body: "How leads reach you, how often and in what format, and who on your side follows up, so no lead sits in a spreadsheet going cold.",
    },
    {
      title: "Your first outreach angle",
      body: "We look at the buying signals in your niche and agree the message that opens conversations, so your first batch is ready to send the day it lands.",
    },
  ],
};

/** Why book the 30-minute strategy call: four things it settles. */
export function CallReasons() {
  return <BadgeCards section={reasons} mark={(i) => String(i + 1).padStart(2, "0")} />;
}

/* ------------------------------------------------------------------ */
/* The five-step delivery process                                     */
/* ------------------------------------------------------------------ */

const deliverySteps = [
  {
    title: "Strategy call",
    when: "Day 0",
    body: "30 minutes to agree your ideal customer profile, your revenue goals and how you want leads delivered.",
  },
  {
    title: "Targeting brief",
    when: "Same day",
    body: "We turn the call into a written brief: filters, intent signals and exclusions, sent to you for a quick sign-off.",
  },
  {
    title: "AI prospecting",
    when: "Within 24 hours",
    body: "We search 10+ databases for stores that match your brief and are showing buying-intent signals right now.",
  },
  {
    title: "Manual verification",
    when: "Before delivery",
    body: "A person checks every store and every founder or decision-maker contact: right role, working email, LinkedIn profile, no duplicates.",
  },
  {
    title: "First leads, then every week",
    when: "Within 48 hours",
    body: "Your first verified leads arrive within 48 hours, then fresh batches keep coming: up to 50 a month on the Early-Founder plan.",
  },
] as const;

/** The five-step delivery process, from the strategy call to ongoing delivery. */
export function DeliverySteps() {
  return (
    <HeadedSection className="py-20" heading={deliveryHeading}>
      <ol className="relative mt-12 grid gap-6 lg:grid-cols-5 lg:gap-4">
        {deliverySteps.map((s, i) => (
          <li key={s.title} className="relative flex gap-4 lg:flex-col lg:gap-0">
            {i < deliverySteps.length - 1 ? (
              <span
                aria-hidden="true"
                className="absolute left-5 top-12 -bottom-6 w-px bg-brand-200 lg:left-12 lg:-right-4 lg:top-5 lg:bottom-auto lg:h-px lg:w-auto"
              />
            ) : null}
            <span
              aria-hidden="true"
              className="relative z-10 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white ring-4 ring-white"
            >
              {i + 1}
            </span>
            <div className="flex-1 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:mt-5">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{s.when}</p>
              <h3 className="mt-1 text-base font-semibold">{s.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{s.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </HeadedSection>
  );
}

/* ------------------------------------------------------------------ */
/* Traditional outbound versus Founder Leads                          */
/* ------------------------------------------------------------------ */

const comparison = [
  {
    topic: "Finding prospects",
    traditional: "Scraped lists bought by the thousand, mostly stores that will never install an app.",
    ours: "Curated stores matched to your ideal customer profile, each with a buying-intent signal.",
  },
  {
    topic: "Contact details",
    traditional: "Generic info@ and support@ addresses that bounce or go unread.",
    ours: "Founder and decision-maker contacts, verified by hand, with email and LinkedIn.",
  },
  {
    topic: "Time to first conversation",
    traditional: "Weeks of list building and research before the first email goes out.",
    ours: "First leads within 48 hours of your strategy call.",
  },
  {
    topic: "Your week",
    traditional: "Evenings spent in spreadsheets instead of on the product.",
    ours: "Your time goes on conversations; we do the research.",
  },
  {
    topic: "Results",
    traditional: "Low reply rates and a pipeline you can't predict.",
    ours: "3x higher response rates and a steady flow of new leads every week.",
  },
] as const;

const columns = [
  {
    key: "traditional",
    title: "Traditional outbound",
    headingId: "comparison-traditional",
    card: "border border-slate-200 bg-white",
    badge: "bg-slate-100 text-slate-700",
    icon: <CrossIcon className="h-4 w-4" />,
  },
  {
    key: "ours",
    title: "With Founder Leads",
    headingId: "comparison-founder-leads",
    card: "border-2 border-brand-600 bg-brand-50 shadow-lg",
    badge: "bg-brand-600 text-white",
    icon: <CheckIcon className="h-4 w-4" />,
  },
] as const;

/**
 * Traditional outbound versus Founder Leads, as two labelled lists (stacked on
 * phones, side by side from md). Each item names its topic, so either list is
 * clear on its own to a screen reader.
 */
export function OutboundComparison() {
  return (
    <HeadedSection className="py-20" heading={comparisonHeading}>
      <div className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
        {columns.map((col) => (
          <div key={col.key} className={`rounded-2xl p-6 sm:p-8 ${col.card}`}>
            <h3 id={col.headingId} className="text-xl font-semibold">
              {col.title}
            </h3>
            <ul aria-labelledby={col.headingId} className="mt-6 space-y-5">
              {comparison.map((row) => (
                <li key={row.topic} className="flex gap-3">
                  <span aria-hidden="true" className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${col.badge}`}>
                    {col.icon}
                  </span>
                  <p className="min-w-0 text-sm leading-6 text-slate-700">
                    <span className="block font-semibold text-ink">
                      {row.topic}
                      <span className="sr-only">:</span>
                    </span>
                    {row[col.key]}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </HeadedSection>
  );
}

/* ------------------------------------------------------------------ */
/* What you get in the call                                           */
/* ------------------------------------------------------------------ */

const includes: BadgeCardsSection = {
  className: "bg-slate-50 py-20",
  heading: {
    id: "call-includes-title",
    eyebrow: "30 minutes · Free · No obligation",
    title: "What you get in the call",
    intro: "Four things you walk away with, even if you never buy a single lead from us.",
  },
  list: "mx-auto mt-12 grid max-w-5xl gap-6 sm:grid-cols-2",
  card: "flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200",
  badge: "flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700",
  cards: [
    {
      title: "An ideal-customer teardown",
      body: "We review your App Store listing, pricing and current customers, and tell you which merchant segment to go after first.",
    },
    {
      title: "A live look at your market",
      body: "We show you real stores in your niche with buying-intent signals, so you can judge the lead quality before you commit to anything.",
    },
    {
      title: "A 90-day pipeline plan",
      body: "The lead volume, reply rate and close rate you need to hit your MRR goal, written down and yours to keep.",
    },
    {
      title: "Outreach that fits your app",
      body: "A first message and follow-up built around the signals we find, ready to use whether you work with us or not.",
    },
  ],
};

/** What the 30-minute call includes: four items. */
export function CallIncludes() {
  return <BadgeCards section={includes} mark={() => <CheckIcon className="h-5 w-5" />} />;
}
