import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";

const benefitsHeading: SectionHeadingProps = {
  id: "benefits-title",
  title: "Leads that answer, not lists that bounce",
  intro: "Pre-qualified merchants with verified contacts and a reason to talk to you this week.",
};

interface Benefit {
  title: string;
  body: string;
  /** The icon's shapes, drawn in the card's 24-pixel stroked svg. */
  shapes: ReactNode[];
}

const benefits: Benefit[] = [
  {
    title: "3x higher response rates",
    body: "Every lead arrives with the buying signal behind it: a competitor trial, a new store launch, a review complaining about the tool they use today. Your first line writes itself, and merchants reply because the message is about their problem, not your feature list.",
    shapes: [<path key="line" d="M3 17l6-6 4 4 8-8" />, <path key="arrow" d="M15 7h6v6" />],
  },
  {
    title: "Verified within 48 hours",
    body: "AI prospecting across 10+ databases finds the stores; our team then checks every founder and decision-maker contact by hand. You get current emails and LinkedIn profiles within 48 hours, not a stale export full of info@ addresses.",
    shapes: [<circle key="face" cx="12" cy="12" r="9" />, <path key="hands" d="M12 7v5l3 2" />],
  },
  {
    title: "92% relevance score",
    body: "We score each store against the ideal customer profile you give us: category, Shopify plan, size, and the apps already installed. Only stores that match reach your list, so you stop pitching merchants who could never become customers.",
    shapes: [
      <circle key="outer" cx="12" cy="12" r="9" />,
      <circle key="ring" cx="12" cy="12" r="5" />,
      <circle key="dot" cx="12" cy="12" r="1" />,
    ],
  },
];

/** A benefit's card: its icon, title and text, and a 'Learn more →' link to /contact. */
function BenefitCard({ benefit: b }: { benefit: Benefit }) {
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="h-6 w-6"
        >
          {b.shapes}
        </svg>
      </span>
      <h3 className="mt-6 text-xl font-semibold">{b.title}</h3>
      <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{b.body}</p>
      <Link
        to="/contact"
        className="mt-6 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Learn more<span className="sr-only">{` about ${b.title.toLowerCase()}`}</span>
        <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}

/** Three benefit cards. */
export function BenefitCards() {
  return (
    <HeadedSection id="benefits" className="py-20" heading={benefitsHeading}>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {benefits.map((b) => (
          <BenefitCard key={b.title} benefit={b} />
        ))}
      </ul>
    </HeadedSection>
  );
}
