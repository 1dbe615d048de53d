/** A sent broadcast on the site (`/newsletter/{slug}`, ADR 0025): its title, introduction and sections through the one content renderer. */
import { Link } from "@remix-run/react";
import { StructuredContent } from "~/components/content/StructuredContent";
import { Container } from "~/components/ui/Container";
import { formatDate } from "~/lib/format";
import type { WebVersion } from "./web-version.server";

export const WEB_VERSION_MESSAGES = {
  notFound: "Newsletter not found",
  notFoundDetail: "This newsletter is not on the site.",
  loadFailed: "This newsletter could not be loaded. Please try again in a moment.",
  readOn: "Read on the site",
  subscribe: "Get the next one by email",
} as const;

export function WebVersionPage({ broadcast }: { broadcast: WebVersion }) {
  return (
    <Container className="py-12 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <p className="text-sm font-semibold text-brand-700">
          Newsletter
          {broadcast.startedAt ? <span className="font-normal text-slate-600">{` · ${formatDate(broadcast.startedAt)}`}</span> : null}
        </p>
        <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{broadcast.title || broadcast.subject}</h1>
        {broadcast.intro ? <p className="mt-4 text-xl leading-8 text-slate-600">{broadcast.intro}</p> : null}
        <StructuredContent content={broadcast.sections} className="mt-10" />
        <div className="mt-10 flex flex-wrap gap-4 border-t border-slate-200 pt-6 text-sm font-semibold">
          {broadcast.postSlug ? (
            <Link to={`/blog/${broadcast.postSlug}`} className="text-brand-700 hover:underline">
              {WEB_VERSION_MESSAGES.readOn}
            </Link>
          ) : null}
          <Link to="/newsletter" className="text-brand-700 hover:underline">
            {WEB_VERSION_MESSAGES.subscribe}
          </Link>
        </div>
      </article>
    </Container>
  );
}

export function WebVersionNotFound({ error }: { error: string | null }) {
  return (
    <Container className="py-24 text-center">
      <h1 className="text-3xl font-bold">{error ? WEB_VERSION_MESSAGES.loadFailed : WEB_VERSION_MESSAGES.notFound}</h1>
      {error ? null : <p className="mt-3 text-slate-600">{WEB_VERSION_MESSAGES.notFoundDetail}</p>}
    </Container>
  );
}
