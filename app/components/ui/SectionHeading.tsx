import type { ReactNode } from "react";

/** A centred section heading: an optional eyebrow, the h2 (with the id the section is labelled by), an intro. */
export function SectionHeading({ id, eyebrow, title, intro }: { id: string; eyebrow?: string; title: ReactNode; intro?: ReactNode }) {
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
