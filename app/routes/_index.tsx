import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getContentBlockText } from "~/features/content/content-blocks.server";
import { Announcement, FinalCta, Hero, HowItWorks, Pricing, Problems } from "~/features/marketing/HomeSections";
import { RoiCalculator, Testimonials } from "~/features/marketing/deferred";
import { roiFromSearchParams } from "~/features/marketing/roi";
import { ROI_FIELDS } from "~/features/marketing/roi-shared";
import { BenefitCards } from "~/features/marketing/sections/Benefits";
import { seo, siteUrlFromMatches, SITE_NAME } from "~/lib/seo";
import { SectionBoundary } from "~/components/ui/SectionBoundary";
import type { ReactNode } from "react";
import { EDGE_TAG, edgeTags, markDegraded } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: { params: ROI_FIELDS } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const roi = roiFromSearchParams(new URL(request.url).searchParams);
  // The announcement is optional: if it cannot be read, the home page still renders.
  edgeTags(context, EDGE_TAG.blocks);
  const announcement = await getContentBlockText(context.cloudflare.env, "home-announcement").catch((error: unknown) => {
    console.error("Reading the home announcement failed", error);
    markDegraded(context);
    return null;
  });
  return data({ roi, announcement }, { status: roi.status === "invalid" ? 400 : 200 });
}

export default function Home() {
  const { roi, announcement } = useLoaderData<typeof loader>();
  // Each section stands on its own: one that fails leaves the rest of the page in place.
  const sections: [string, ReactNode, { suspense?: boolean }?][] = [
    ["announcement", announcement ? <Announcement text={announcement} /> : null],
    ["hero", <Hero />],
    ["problems", <Problems />],
    ["how it works", <HowItWorks />],
    ["benefits", <BenefitCards />],
    // The deferred parts (ROI calculator, testimonials) are their own Suspense boundary already.
    ["ROI calculator", <RoiCalculator state={roi} />, { suspense: false }],
    ["testimonials", <Testimonials />, { suspense: false }],
    ["pricing", <Pricing />],
    ["final call to action", <FinalCta />],
  ];
  return (
    <>
      {sections.map(([name, section, options]) => (
        <SectionBoundary key={name} name={name} {...options}>
          {section}
        </SectionBoundary>
      ))}
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  return seo({
    title: SITE_NAME,
    description:
      "Pre-qualified merchant leads for Shopify app founders: verified contacts and buying-intent signals, first leads within 48 hours.",
    path: "/",
    siteUrl,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: SITE_NAME,
      url: siteUrl,
      description: "Curated, pre-qualified merchant leads for Shopify app founders.",
    },
  });
};
