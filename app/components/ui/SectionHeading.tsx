import type { ReactNode } from "react";
import { Container } from "./Container";

export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
}

/** A centred section heading: an optional eyebrow, the h2 (with the id the section is labelled by), an intro. */
export function SectionHeading({ id, eyebrow, title, intro }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p> : null}
      <h2 id={id} className={eyebrow ? "mt-2 text-3xl font-bold sm:text-4xl" : "text-3xl font-bold sm:text-4xl"}>
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
    </div>
  );
}

/** A section labelled by its SectionHeading, in the page's Container: the heading, then the section's own content. */
export function HeadedSection({
  id,
  className,
  containerClassName,
  heading,
  children,
}: {
  id?: string;
  className: string;
  containerClassName?: string;
  heading: SectionHeadingProps;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={heading.id} className={className}>
      <Container className={containerClassName}>
        <SectionHeading {...heading} />
        {children}
      </Container>
    </section>
  );
}
