import { Container } from "~/components/ui/Container";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";
import { cn } from "~/components/ui/cn";
import { OFFER } from "~/lib/offer";

const testimonialsHeading: SectionHeadingProps = {
  id: "testimonials-title",
  eyebrow: "Founder results",
  title: "Founders grow faster with leads that are ready to talk",
  intro: "73% of founders saw results within 3 weeks. Here is what a few of them told us.",
};

interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** The outcome shown as a highlight, e.g. "+$4K MRR in 30 days". */
  result: string;
  /** A shorter quote for compact cards; the full quote is used when absent. */
  excerpt?: string;
}

const featured: Testimonial = {
  quote:
    "We'd spent four months on bought lists and App Store ads with almost nothing to show for it. The first batch from Founder Leads arrived in under two days: stores already trialling upsell tools, each with the owner's direct email and the reason they were worth a message. Our replies went from polite silence to booked demos, and within a month we'd added revenue from merchants we would never have found on our own.",
  name: "Sarah M.",
  role: "Founder, post-purchase upsell app",
  result: "+$4K MRR in 30 days",
  excerpt:
    "The first batch arrived in under two days: stores already trialling upsell tools, each with the owner's direct email. Our replies went from polite silence to booked demos.",
};

const others: Testimonial[] = [
  {
    quote:
      "Every lead came with its buying signal: a new 3PL, a one-star review of their current shipping app, a competitor trial. My first line writes itself now, and reply rates stopped being a guessing game.",
    name: "James O.",
    role: "Founder, shipping & fulfillment app",
    result: "First paying merchant in week one",
  },
  {
    quote:
      "I was skeptical about 'verified contacts' until our emails started reaching store owners instead of info@ inboxes. The strategy call alone sharpened our ideal customer profile more than a quarter of paid ads did.",
    name: "Anika R.",
    role: "Co-founder, inventory management app",
    result: "Demos booked from the first batch",
  },
  {
    quote:
      "We'd tried two list vendors before. This is the first time the stores were the right size, on the right Shopify plan, and actually shopping for a reviews app. I stopped building lists at midnight.",
    name: "Tomás L.",
    role: "Founder, reviews & UGC app",
    result: "Hours of research back every week",
  },
];

const stats = [
  { label: "Active leads", value: "3819" },
  { label: "Close rate", value: "94%" },
  { label: "Revenue generated", value: "$97K" },
  { label: "Average response time", value: "48hrs" },
] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join("")
    .replace(/[^A-Za-zÀ-ÿ]/g, "")
    .slice(0, 2)
    .toUpperCase();
}

function StarRating({ size = "md" }: { size?: "sm" | "md" }) {
  return (
    <p className="flex items-center gap-2">
      <span aria-hidden="true" className="flex gap-0.5 text-amber-400">
        {[0, 1, 2, 3, 4].map((i) => (
          <svg key={i} viewBox="0 0 20 20" fill="currentColor" className={size === "sm" ? "h-4 w-4" : "h-5 w-5"}>
            <path d="M9.05 2.93c.3-.92 1.6-.92 1.9 0l1.24 3.82a1 1 0 0 0 .95.69h4.02c.97 0 1.37 1.24.59 1.81l-3.25 2.36a1 1 0 0 0-.36 1.12l1.24 3.82c.3.92-.75 1.69-1.54 1.12l-3.25-2.36a1 1 0 0 0-1.18 0l-3.25 2.36c-.79.57-1.84-.2-1.54-1.12l1.24-3.82a1 1 0 0 0-.36-1.12L2.25 9.25c-.78-.57-.38-1.81.59-1.81h4.02a1 1 0 0 0 .95-.69l1.24-3.82Z" />
          </svg>
        ))}
      </span>
      <span aria-hidden="true" className={cn("font-semibold text-ink", size === "sm" ? "text-sm" : "text-base")}>
        5.0
      </span>
      <span className="sr-only">Rated 5.0 out of 5</span>
    </p>
  );
}

/** The figure's caption; it must stay a direct child of its <figure>. */
function Attribution({ testimonial, className }: { testimonial: Testimonial; className?: string }) {
  return (
    <figcaption className={cn("flex items-center gap-3", className)}>
      <span
        aria-hidden="true"
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
      >
        {initials(testimonial.name)}
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-ink">{testimonial.name}</span>
        <span className="block text-sm text-slate-600">{testimonial.role}</span>
      </span>
    </figcaption>
  );
}

function ResultPill({ children, className }: { children: string; className?: string }) {
  return (
    <p
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200",
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
        <path
          fillRule="evenodd"
          d="M12.58 5.3a.75.75 0 0 1 .75-.75h3.92c.41 0 .75.34.75.75v3.92a.75.75 0 0 1-1.5 0V7.11l-5.22 5.22a.75.75 0 0 1-1.06 0L7.6 10.71 3.53 14.78a.75.75 0 1 1-1.06-1.06l4.6-4.6a.75.75 0 0 1 1.06 0l1.62 1.62 4.69-4.69h-2.1a.75.75 0 0 1-.75-.75Z"
          clipRule="evenodd"
        />
      </svg>
      {children}
    </p>
  );
}

/** A short quote card, shared by the full section and the compact strip. */
function QuoteCard({ testimonial, rated = false }: { testimonial: Testimonial; rated?: boolean }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {rated ? (
        <div className="mb-4">
          <StarRating size="sm" />
        </div>
      ) : null}
      <ResultPill className="self-start">{testimonial.result}</ResultPill>
      <blockquote className="mt-4 flex-1 text-sm leading-6 text-slate-700">
        <p>&ldquo;{testimonial.excerpt ?? testimonial.quote}&rdquo;</p>
      </blockquote>
      <Attribution testimonial={testimonial} className="mt-6 border-t border-slate-100 pt-5" />
    </figure>
  );
}

function QuoteMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 36" fill="currentColor" className="h-9 w-12 text-brand-200">
      <path d="M0 36V22.3C0 9.6 6.6 2.2 19.8 0l2 4.6c-6.3 1.7-9.6 5.3-10 10.8H20V36H0Zm28 0V22.3C28 9.6 34.6 2.2 47.8 0l2 4.6c-6.3 1.7-9.6 5.3-10 10.8H48V36H28Z" />
    </svg>
  );
}

/** The landing page's testimonials (anchor #testimonials): a featured review, results and three short quotes. */
export function Testimonials() {
  return (
    <HeadedSection id="testimonials" className="bg-slate-50 py-20" heading={testimonialsHeading}>
      <div className="mt-12 grid gap-6 lg:grid-cols-5">
        <figure className="relative overflow-hidden rounded-3xl bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-10 lg:col-span-3">
          <div aria-hidden="true" className="pointer-events-none absolute -right-16 -top-16 h-48 w-48 rounded-full bg-brand-50" />
          <div className="relative flex flex-wrap items-center justify-between gap-4">
            <StarRating />
            <ResultPill>{featured.result}</ResultPill>
          </div>
          <blockquote className="relative mt-6 text-lg leading-8 text-ink sm:text-xl sm:leading-9">
            <QuoteMark />
            <p className="mt-4">{featured.quote}</p>
          </blockquote>
          <Attribution testimonial={featured} className="relative mt-8" />
        </figure>

        <div className="rounded-3xl bg-brand-700 p-6 text-white shadow-md sm:p-10 lg:col-span-2">
          <h3 className="text-lg font-semibold text-white">Results across our founders</h3>
          <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8">
            {stats.map((s) => (
              <div key={s.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm text-brand-100">{s.label}</dt>
                <dd className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">{s.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 border-t border-white/20 pt-6 text-sm text-brand-100">
            {`${OFFER.foundersServed} founders served, with new leads delivered every week.`}
          </p>
        </div>
      </div>

      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {others.map((t) => (
          <li key={t.name}>
            <QuoteCard testimonial={t} />
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

/** A compact row of three quotes for the booking pages. */
export function TestimonialStrip({
  title = "Founders who booked the same call",
  headingId = "testimonial-strip-title",
  tone = "muted",
}: {
  title?: string;
  /** Must be unique on the page; the section is labelled by it. */
  headingId?: string;
  /** `muted` for a slate-50 band, `plain` for white. */
  tone?: "muted" | "plain";
}) {
  const quotes = [featured, ...others.slice(0, 2)];
  return (
    <section aria-labelledby={headingId} className={cn("py-16 sm:py-20", tone === "muted" ? "bg-slate-50" : "bg-white")}>
      <Container>
        <h2 id={headingId} className="text-center text-2xl font-bold sm:text-3xl">
          {title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {quotes.map((t) => (
            <li key={t.name}>
              <QuoteCard testimonial={t} rated={t === featured} />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
