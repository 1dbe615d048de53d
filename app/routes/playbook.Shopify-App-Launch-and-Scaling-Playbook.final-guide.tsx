import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FinalGuide, GUIDE_TITLE } from "~/features/playbooks/FinalGuide";
import { loadGuide } from "~/features/playbooks/guide/guide.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { FINAL_GUIDE_PATH } from "~/lib/paths";
import type { RouteHandle } from "~/root";
import { EDGE_TAG, edgeTags, markDegraded } from "~/lib/edge-tags";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const guide = await loadGuide(env, (promise) => ctx.waitUntil(promise));
  edgeTags(context, EDGE_TAG.finalGuide);
  // The bundled guide in place of the configured document: not a copy to keep.
  if (guide.source === "fallback" && env.GUIDE_DOC_URL) markDegraded(context);
  return {
    html: guide.html,
    toc: guide.toc,
    pdfUrl: env.PLAYBOOK_PDF_URL,
    xlsxUrl: env.PLAYBOOK_XLSX_URL,
    schedulerUrl: env.SCHEDULER_URL,
    welcome: new URL(request.url).searchParams.has("welcome"),
  };
}

export const handle: RouteHandle = { edgeCache: { params: ["welcome"] }, noPopup: true };

export default function FinalGuideRoute() {
  return <FinalGuide {...useLoaderData<typeof loader>()} />;
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: GUIDE_TITLE,
    description:
      "The complete Shopify App Launch & Scaling Playbook: validation, app review, launch week, your first 100 merchants, growth, pricing and retention.",
    path: FINAL_GUIDE_PATH,
    siteUrl: siteUrlFromMatches(matches),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: GUIDE_TITLE,
      author: { "@type": "Organization", name: "Founder Leads" },
    },
  });
