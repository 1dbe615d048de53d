import type { MetaFunction } from "@remix-run/cloudflare";
import { FinalCta, Hero, HowItWorks, Pricing, Problems } from "~/features/marketing/HomeSections";
import { seo, siteUrlFromMatches, SITE_NAME } from "~/lib/seo";

export default function Home() {
  return (
    <>
      <Hero />
      <Problems />
      <HowItWorks />
      <Pricing />
      <FinalCta />
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
    jsonLd: { "@context": "https://schema.org", "@type": "Organization", name: SITE_NAME, url: siteUrl },
  });
};
