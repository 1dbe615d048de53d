import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BookingHero } from "~/features/marketing/BookingHero";
import { CallIncludes, OutboundComparison } from "~/features/marketing/sections/CallSections";
import { TestimonialStrip } from "~/features/marketing/sections/Testimonials";
import { knownVisitor } from "~/features/meetings/index.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { getVisitorEmail } from "~/lib/visitor.server";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020), but for a visitor the site knows (their scheduler is prefilled). */
export const handle: RouteHandle = { edgeCache: { bypassCookies: ["visitor"] } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  return { schedulerUrl: env.SCHEDULER_URL, known: await knownVisitor(env, await getVisitorEmail(request, env)) };
}

/** The second booking page: cold outbound versus warm leads, and the scheduler prefilled only from what the server knows. */
export default function BookACall() {
  const { schedulerUrl, known } = useLoaderData<typeof loader>();
  return (
    <>
      <BookingHero
        eyebrow="Free 30-minute call"
        title="Stop Struggling With Cold Outbound"
        schedulerUrl={schedulerUrl}
        known={known ?? undefined}
        prefill={false}
      >
        <p>
          Cold lists, ignored sequences and ad spend that never pays back. In 30 minutes we'll show you which merchants are already looking
          for an app like yours, and how to reach them with a reason to reply.
        </p>
      </BookingHero>
      <OutboundComparison />
      <TestimonialStrip tone="plain" />
      <CallIncludes />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Stop Struggling With Cold Outbound",
    description: "Book a free 30-minute call and see which merchants are already looking for an app like yours.",
    path: "/book-a-call",
    siteUrl: siteUrlFromMatches(matches),
  });
