import type { MetaFunction } from "@remix-run/cloudflare";
import { ACADEMY_DESCRIPTION, academyFaqJsonLd, SaasAcademyPage } from "~/features/marketing/SaasAcademy";
import { PREMIUM_PLAYBOOKS } from "~/features/playbooks/playbooks.data";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export default function SaasAcademy() {
  return <SaasAcademyPage playbooks={PREMIUM_PLAYBOOKS} />;
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "SaaS Academy: Shopify App Playbooks",
    description: ACADEMY_DESCRIPTION,
    path: "/saas-academy",
    siteUrl: siteUrlFromMatches(matches),
    jsonLd: academyFaqJsonLd,
  }); /** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };
