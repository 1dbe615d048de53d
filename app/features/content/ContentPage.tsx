import { StructuredContent } from "~/components/content/StructuredContent";
import { Container } from "~/components/ui/Container";
import { formatDate } from "~/lib/format";

/** A site page or a guide: title, an optional lead, the content through the one renderer. */
export function ContentPage({
  title,
  content,
  updatedAt,
  lead,
  eyebrow,
}: {
  title: string;
  content: unknown;
  updatedAt: Date | string;
  lead?: string | null;
  eyebrow?: string | null;
}) {
  return (
    <Container className="py-16 sm:py-24">
      <article className="mx-auto max-w-3xl">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p> : null}
        <h1 className="mt-1 text-4xl font-extrabold tracking-tight">{title}</h1>
        {lead ? <p className="mt-4 text-xl leading-8 text-slate-600">{lead}</p> : null}
        <p className="mt-3 text-sm text-slate-600">Last updated {formatDate(new Date(updatedAt))}</p>
        <StructuredContent content={content} className="mt-10" />
      </article>
    </Container>
  );
}
