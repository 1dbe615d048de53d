import type { ReactNode } from "react";
import { Container } from "~/components/ui/Container";
import { FreeTag } from "./FreeTag";
import { CheckIcon } from "~/components/ui/Icons";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";
import { OFFER } from "~/lib/offer";

const chaptersHeading: SectionHeadingProps = {
  id: "inside-title",
  eyebrow: "What's inside",
  title: "Six chapters, in the order you'll need them",
};

const promises = [
  "The full guide, readable in your browser right away",
  "A PDF copy and the launch and scaling spreadsheet",
  "Checklists for each stage, from pre-launch to your first 100 merchants",
] as const;

const chapters = [
  ["Validate before you build", "Interview merchants, mine competitor reviews and decide what not to build."],
  ["Pass app review the first time", "The listing, the billing and the onboarding details reviewers check."],
  ["Launch week", "A day-by-day plan for installs, first reviews and momentum that lasts."],
  ["Your first 100 merchants", "Outreach to stores already testing apps like yours, with scripts that get replies."],
  ["Growth channels that compound", "App Store search, agencies and partners, content, and when to pay for ads."],
  ["Pricing and retention", "Plans merchants upgrade through, annual billing, and the uninstall signals to act on."],
] as const;

/** The free playbook's landing page: the offer beside the form, then what is inside. */
export function PlaybookLanding({ form }: { form: ReactNode }) {
  return (
    <>
      <section aria-labelledby="landing-title" className="bg-gradient-to-b from-brand-50 to-white">
        <Container className="grid gap-12 py-14 sm:py-20 lg:grid-cols-[1fr_28rem] lg:items-start">
          <div>
            <FreeTag>Free playbook</FreeTag>
            <h1 id="landing-title" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
              The Shopify App Launch &amp; Scaling Playbook
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">
              What we have learned helping {OFFER.foundersServed} Shopify app founders go from an approved listing to paying merchants: the
              steps, the order to take them in, and the mistakes that cost months.
            </p>
            <ul className="mt-8 space-y-3">
              {promises.map((p) => (
                <li key={p} className="flex gap-3 text-slate-700">
                  <CheckIcon />
                  {p}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
            <h2 className="text-xl font-bold">Get instant access</h2>
            <p className="mb-5 mt-1 text-sm text-slate-600">Tell us where to send your copy.</p>
            {form}
          </div>
        </Container>
      </section>
      <HeadedSection className="py-16 sm:py-20" heading={chaptersHeading}>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {chapters.map(([title, body], i) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span
                aria-hidden="true"
                className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 text-sm font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </HeadedSection>
    </>
  );
}
