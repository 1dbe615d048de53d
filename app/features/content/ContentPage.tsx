import { Container } from "~/components/ui/Container";
import { formatDate } from "~/components/ui/format";
import type { PageBlock } from "./page-content";

export function ContentPage({ title, blocks, updatedAt }: { title: string; blocks: PageBlock[]; updatedAt: Date }) {
  return (
    <Container className="py-16 sm:py-24">
      <article className="mx-auto max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">Last updated {formatDate(updatedAt)}</p>
        <div className="mt-10 space-y-5 text-lg leading-8 text-slate-700">
          {blocks.map((b, i) =>
            b.type === "heading" ? (
              <h2 key={i} className="pt-4 text-2xl font-bold">
                {b.text}
              </h2>
            ) : (
              <p key={i}>{b.text}</p>
            ),
          )}
        </div>
      </article>
    </Container>
  );
}
