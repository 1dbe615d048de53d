import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { FreeTag } from "./FreeTag";
import { CheckIcon, LockIcon } from "~/components/ui/Icons";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";
import { ACADEMY, FREE_RESOURCE, HUB_STATS, PREMIUM_PLAYBOOKS } from "./playbooks.data";
import { PLAYBOOK_LANDING_PATH } from "~/lib/paths";

const premiumHeading: SectionHeadingProps = {
  id: "premium-playbooks-title",
  eyebrow: "Premium",
  title: "Six playbooks, one for every stage",
  intro: "Each playbook ends with a checklist you can act on this week, plus the templates and scripts we use ourselves.",
};

/** Renders an Unlock / Get Premium Access button (the route decides: a dialog with JavaScript, a page without). */
type UnlockButton = (
  label: string,
  props?: { variant?: "primary" | "secondary" | "light"; size?: "md" | "lg"; className?: string; ariaLabel?: string },
) => ReactNode;

/** A published guide, as the hub lists it (the route reads them from the content feature). */
interface HubGuide {
  slug: string;
  title: string;
  description: string | null;
  category: string | null;
}

/** The playbooks hub (/playbooks): stats, the free checklist and guides, six premium playbooks, the academy offer, calls to action. */
export function PlaybooksHub({ unlock, guides = [] }: { unlock: UnlockButton; guides?: HubGuide[] }) {
  return (
    <>
      <section aria-labelledby="hub-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
        <Container className="py-16 text-center sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Playbooks</p>
          <h1 id="hub-title" className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Playbooks for every stage of your Shopify app
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-600">
            Start free with the marketing checklist and the launch playbook. Go deeper with six premium playbooks built from the launches we
            have worked on.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={PLAYBOOK_LANDING_PATH} size="lg">
              Get the free playbook
            </ButtonLink>
            {unlock("Get Premium Access", { variant: "secondary", size: "lg" })}
          </div>
          <dl className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
            {HUB_STATS.map((s) => (
              <div key={s.label} className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-white px-4 py-5 shadow-sm">
                <dt className="mt-1 text-sm text-slate-600">{s.label}</dt>
                <dd className="text-3xl font-extrabold tracking-tight text-ink">{s.value}</dd>
              </div>
            ))}
          </dl>
        </Container>
      </section>

      <section aria-labelledby="free-title" className="py-16">
        <Container>
          <div className="flex flex-col gap-6 rounded-3xl border border-emerald-200 bg-emerald-50/60 p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
            <div className="max-w-2xl">
              <FreeTag>Free</FreeTag>
              <h2 id="free-title" className="mt-3 text-2xl font-bold">
                {FREE_RESOURCE.title}
              </h2>
              <p className="mt-2 text-slate-700">{FREE_RESOURCE.description}</p>
              <p className="mt-3 text-sm font-semibold text-emerald-800">{FREE_RESOURCE.itemsLabel}</p>
            </div>
            <ButtonLink to={FREE_RESOURCE.href} size="lg" className="shrink-0">
              Get the free checklist
            </ButtonLink>
          </div>
          {guides.length > 0 ? (
            <div className="mt-10">
              <h3 className="text-xl font-bold">Free guides</h3>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {guides.map((g) => (
                  <li key={g.slug} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                    {g.category ? <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{g.category}</p> : null}
                    <h4 className="mt-1 text-lg font-bold text-ink">
                      <a href={`/guides/${g.slug}`} className="hover:text-brand-700">
                        {g.title}
                      </a>
                    </h4>
                    {g.description ? <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{g.description}</p> : null}
                    <a
                      href={`/guides/${g.slug}`}
                      className="mt-4 text-sm font-semibold text-brand-700 hover:underline"
                      aria-hidden="true"
                      tabIndex={-1}
                    >
                      Read the guide →
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Container>
      </section>

      <HeadedSection className="bg-slate-50 py-20" heading={premiumHeading}>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {PREMIUM_PLAYBOOKS.map((p) => (
            <li key={p.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between gap-3">
                <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">{p.stage}</span>
                <span className="flex items-center gap-1 text-xs font-semibold text-slate-600">
                  <LockIcon className="h-4 w-4" />
                  Premium
                </span>
              </div>
              <h3 id={`playbook-${p.id}`} className="mt-4 text-lg font-semibold">
                {p.title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{p.tagline}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {p.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
                    {point}
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-xs text-slate-600">{p.format}</p>
              <div className="mt-auto pt-6">
                {unlock("Unlock", { variant: "secondary", className: "w-full", ariaLabel: `Unlock ${p.title}` })}
              </div>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <section aria-labelledby="academy-offer-title" className="py-20">
        <Container>
          <div className="grid gap-10 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 p-8 text-white shadow-xl sm:p-12 lg:grid-cols-2 lg:items-center">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{ACADEMY.title}</p>
              <h2 id="academy-offer-title" className="mt-2 text-3xl font-bold sm:text-4xl">
                Every playbook, for good
              </h2>
              <p className="mt-4 flex items-baseline gap-3">
                <span className="text-5xl font-extrabold">{ACADEMY.price}</span>
                <span className="text-brand-100">{ACADEMY.priceNote}</span>
              </p>
              <div className="mt-8">{unlock("Get Premium Access", { variant: "light", size: "lg" })}</div>
              <p className="mt-3 text-sm text-brand-100">We reply within 24 hours with the payment details.</p>
            </div>
            <ul className="space-y-3">
              {ACADEMY.includes.map((item) => (
                <li key={item} className="flex gap-3 text-brand-50">
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </Container>
      </section>

      <section aria-labelledby="hub-cta-title" className="pb-20">
        <Container className="text-center">
          <h2 id="hub-cta-title" className="text-2xl font-bold sm:text-3xl">
            Not sure where to start?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-600">
            Read the free Shopify App Launch &amp; Scaling Playbook, or tell us about your app and we'll point you to the right playbook.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={PLAYBOOK_LANDING_PATH} size="lg">
              Read the free playbook
            </ButtonLink>
            <ButtonLink to="/contact" variant="secondary" size="lg">
              Talk to us
            </ButtonLink>
          </div>
        </Container>
      </section>
    </>
  );
}
