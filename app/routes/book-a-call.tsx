import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BookingHero } from "~/features/marketing/BookingHero";
import { CallIncludes, OutboundComparison } from "~/features/marketing/sections/CallSections";
import { TestimonialStrip } from "~/features/marketing/sections/Testimonials";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ context }: LoaderFunctionArgs) {
  return { schedulerUrl: context.cloudflare.env.SCHEDULER_URL };
}

/** The second booking page: cold outbound versus warm leads, and the scheduler without prefill. */
export default function BookACall() {
  const { schedulerUrl } = useLoaderData<typeof loader>();
  return (
    <>
      <BookingHero eyebrow="Free 30-minute call" title="Stop Struggling With Cold Outbound" schedulerUrl={schedulerUrl} prefill={false}>
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
