import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BookingHero } from "~/features/marketing/BookingHero";
import { CallReasons, DeliverySteps } from "~/features/marketing/sections/CallSections";
import { TestimonialStrip } from "~/features/marketing/sections/Testimonials";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { knownVisitor } from "~/features/meetings/index.server";
import { getVisitorEmail } from "~/lib/visitor.server";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: { bypassCookies: ["visitor"] } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  return { schedulerUrl: env.SCHEDULER_URL, known: await knownVisitor(env, await getVisitorEmail(request, env)) };
}

/** The strategy-call page, shown after onboarding: the scheduler is prefilled with the founder's name, email and reference. */
export default function CallBooking() {
  const { schedulerUrl, known } = useLoaderData<typeof loader>();
  return (
    <>
      <BookingHero
        eyebrow="Free 30-minute strategy call"
        title="Let's plan your first 50 merchants"
        schedulerUrl={schedulerUrl}
        known={known ?? undefined}
        prefill
      >
        <p>
          Thanks for telling us about your app. Pick a time for a free 30-minute call: we'll settle your ideal customer profile, your
          revenue goals and how delivery works, so your first leads arrive within 48 hours.
        </p>
        <p className="text-base">No pitch deck, no pressure. If we are not a fit, we'll tell you on the call.</p>
      </BookingHero>
      <CallReasons />
      <TestimonialStrip />
      <DeliverySteps />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Book your strategy call",
    description: "Book a free 30-minute strategy call to plan your ideal customer profile, revenue goals and first leads.",
    path: "/call-booking",
    siteUrl: siteUrlFromMatches(matches),
  });
