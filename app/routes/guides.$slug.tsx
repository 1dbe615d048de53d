import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/features/content/ContentPage";
import { getPublishedGuide } from "~/features/content/resources.server";
import { NotFound } from "~/features/marketing/NotFound";
import { notFound } from "~/features/marketing/not-found.server";
import { parseJsonOrText } from "~/lib/json";
import { noindexMeta, seo, siteUrlFromMatches } from "~/lib/seo";
import { EDGE_TAG, edgeTags } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** /guides/{slug}: a published guide through the content renderer; a draft or unknown slug is a 404. */
/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const row = await getPublishedGuide(context.cloudflare.env, params.slug ?? "");
  if (!row) return notFound(new URL(request.url).pathname, { guide: null });
  edgeTags(context, EDGE_TAG.guide(row.id));
  return {
    guide: {
      slug: row.slug,
      title: row.title,
      description: row.description,
      category: row.category,
      content: parseJsonOrText(row.content),
      updatedAt: row.updatedAt,
    },
  };
}

export default function GuidePage() {
  const { guide } = useLoaderData<typeof loader>();
  if (!guide) return <NotFound />;
  return (
    <ContentPage
      title={guide.title}
      lead={guide.description}
      eyebrow={guide.category ?? "Guide"}
      content={guide.content}
      updatedAt={guide.updatedAt}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d, matches }) =>
  d?.guide
    ? seo({
        title: d.guide.title,
        description: d.guide.description ?? `${d.guide.title}: a free guide for Shopify app founders by Founder Leads.`,
        path: `/guides/${d.guide.slug}`,
        siteUrl: siteUrlFromMatches(matches),
      })
    : noindexMeta("Page not found | Founder Leads");
