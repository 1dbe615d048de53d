import { forwardRef, type ReactNode } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { FreeTag } from "./FreeTag";
import { CheckIcon, LockIcon } from "~/components/ui/Icons";
import { HeadedSection, SectionHeading, type SectionHeadingProps } from "~/components/ui/SectionHeading";
import type { ChecklistView } from "./checklist-sections.server";
import { CHECKLIST_ABOUT, CHECKLIST_FAQ, CHECKLIST_SPRINT_ADVICE } from "./checklist.data";

const faqHeading: SectionHeadingProps = {
  id: "faq-title",
  title: "Frequently asked questions",
};

const totalOf = (sections: ChecklistView) => sections.reduce((n, s) => n + s.count, 0);

/** The checklist page's hero: the promise and, until it is unlocked, the email form. */
export function ChecklistHero({ sections, unlocked, form }: { sections: ChecklistView; unlocked: boolean; form: ReactNode }) {
  const TOTAL = totalOf(sections);
  return (
    <section aria-labelledby="checklist-title" className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-14 sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          <FreeTag>Free checklist</FreeTag>
          <h1 id="checklist-title" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
            The Shopify App Marketing Checklist
          </h1>
          <p className="mt-5 text-lg leading-8 text-slate-600">
            {TOTAL} practical marketing tasks for Shopify apps in seven areas, from your App Store listing and onboarding to outreach,
            pricing and retention.
          </p>
        </div>
        <div className="mx-auto mt-10 max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
          {unlocked ? (
            <p className="flex items-center gap-3 font-semibold text-emerald-800">
              <CheckIcon />
              Unlocked: all {TOTAL} points are below. The PDF reaches your inbox within 48 hours.
            </p>
          ) : (
            <>
              <h2 className="text-lg font-bold">{`Unlock all ${TOTAL} points`}</h2>
              <p className="mb-5 mt-1 text-sm text-slate-600">Free. We'll also email you the PDF within 48 hours.</p>
              {form}
            </>
          )}
        </div>
      </Container>
    </section>
  );
}

/** The seven sections: titles and counts while locked, every item once unlocked. */
export const ChecklistSections = forwardRef<HTMLElement, { sections: ChecklistView }>(function ChecklistSections({ sections }, ref) {
  const unlocked = sections.every((s) => s.items);
  const TOTAL = totalOf(sections);
  let n = 0;
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="sections-title" className="py-16 outline-none">
      <Container className="max-w-5xl">
        <SectionHeading
          id="sections-title"
          eyebrow={`${sections.length} areas · ${TOTAL} points`}
          title={unlocked ? "Your checklist" : "What's inside"}
          intro={unlocked ? CHECKLIST_SPRINT_ADVICE : "Enter your email above to unlock every point."}
        />
        {unlocked ? (
          <div className="mt-12 space-y-10">
            {sections.map((s) => (
              <section
                key={s.id}
                aria-labelledby={`section-${s.id}`}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`section-${s.id}`} className="text-xl font-bold">
                    {s.title}
                  </h3>
                  <span className="text-sm font-semibold text-brand-700">{s.count} items</span>
                </div>
                <p className="mt-2 text-slate-600">{s.intro}</p>
                <ol className="mt-6 space-y-4">
                  {(s.items ?? []).map((item) => {
                    n += 1;
                    return (
                      <li key={item.title} className="flex gap-4">
                        <span
                          aria-hidden="true"
                          className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700"
                        >
                          {n}
                        </span>
                        <div>
                          <p className="font-semibold text-ink">{item.title}</p>
                          <p className="mt-1 text-sm leading-6 text-slate-600">{item.detail}</p>
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </section>
            ))}
          </div>
        ) : (
          <ul className="mt-12 grid gap-4 sm:grid-cols-2">
            {sections.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <span className="font-semibold text-ink">{s.title}</span>
                <span className="flex shrink-0 items-center gap-2 text-sm text-slate-600">
                  {s.count} items
                  <LockIcon className="h-4 w-4" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </section>
  );
});

/** FAQ, about Founder Leads, and where to go next. */
export function ChecklistFooter() {
  return (
    <>
      <HeadedSection className="bg-slate-50 py-16" containerClassName="max-w-3xl" heading={faqHeading}>
        <div className="mt-10 space-y-3">
          {CHECKLIST_FAQ.map((f) => (
            <details key={f.question} className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <summary className="cursor-pointer font-semibold text-ink">{f.question}</summary>
              <p className="mt-3 leading-7 text-slate-600">{f.answer}</p>
            </details>
          ))}
        </div>
      </HeadedSection>
      <section aria-labelledby="about-title" className="py-16">
        <Container className="grid max-w-5xl gap-8 lg:grid-cols-[1fr_auto] lg:items-center">
          <div>
            <h2 id="about-title" className="text-2xl font-bold">
              {CHECKLIST_ABOUT.title}
            </h2>
            {CHECKLIST_ABOUT.paragraphs.map((p) => (
              <p key={p} className="mt-3 leading-7 text-slate-600">
                {p}
              </p>
            ))}
          </div>
          <div className="flex flex-col gap-3">
            <ButtonLink to="/onboarding" size="lg">
              Get free sample leads
            </ButtonLink>
            <ButtonLink to="/playbooks" variant="secondary" size="lg">
              Browse the playbooks
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
