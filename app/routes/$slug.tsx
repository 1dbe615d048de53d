import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/features/content/ContentPage";
import { getPublishedPage } from "~/features/content/pages.server";
import { NotFound } from "~/features/marketing/NotFound";
import { notFound } from "~/features/marketing/not-found.server";
import { noindexMeta, seo, siteUrlFromMatches } from "~/lib/seo";
import { EDGE_TAG, edgeTags } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** /about, /privacy-policy, /terms-of-use…: published rows of `pages`; anything else is a 404. */
/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const page = await getPublishedPage(context.cloudflare.env, params.slug ?? "");
  if (!page) return notFound(new URL(request.url).pathname, { page: null });
  edgeTags(context, EDGE_TAG.page(page.id));
  return { page };
}

export default function SitePage() {
  const { page } = useLoaderData<typeof loader>();
  return page ? <ContentPage title={page.title} content={page.content} updatedAt={page.updatedAt} /> : <NotFound />;
}

export const meta: MetaFunction<typeof loader> = ({ data: d, matches }) =>
  d?.page
    ? seo({
        title: d.page.title,
        description: d.page.metaDescription ?? `${d.page.title} of Founder Leads.`,
        path: `/${d.page.slug}`,
        siteUrl: siteUrlFromMatches(matches),
      })
    : noindexMeta("Page not found | Founder Leads");
