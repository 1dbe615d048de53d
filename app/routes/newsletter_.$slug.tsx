import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getWebVersion } from "~/features/broadcasts/index.server";
import { WEB_VERSION_MESSAGES, WebVersionNotFound, WebVersionPage } from "~/features/broadcasts/WebVersion";
import { notFound } from "~/features/marketing/not-found.server";
import { EDGE_TAG, edgeTags, markDegraded } from "~/lib/edge-tags";
import { noindexMeta, seo, SITE_NAME, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020), tagged with its broadcast. */
export const handle: RouteHandle = { edgeCache: {} };

/** A sent broadcast's web version (ADR 0025): only one whose admin chose it; otherwise a 404. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  try {
    const broadcast = await getWebVersion(context.cloudflare.env, params.slug ?? "");
    if (!broadcast) return notFound(new URL(request.url).pathname, { broadcast: null, error: null });
    edgeTags(context, EDGE_TAG.broadcast(broadcast.id));
    return { broadcast, error: null };
  } catch (error) {
    console.error("Loading a newsletter's web version failed", error);
    markDegraded(context);
    return { broadcast: null, error: WEB_VERSION_MESSAGES.loadFailed };
  }
}

export default function NewsletterWebVersion() {
  const { broadcast, error } = useLoaderData<typeof loader>();
  return broadcast ? <WebVersionPage broadcast={broadcast} /> : <WebVersionNotFound error={error} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const broadcast = data?.broadcast;
  if (!broadcast) return noindexMeta(`${WEB_VERSION_MESSAGES.notFound} | ${SITE_NAME}`);
  return seo({
    title: broadcast.subject,
    description: broadcast.intro || `${broadcast.title || broadcast.subject}: the Founder Leads newsletter.`,
    path: `/newsletter/${broadcast.slug}`,
    siteUrl: siteUrlFromMatches(matches),
    type: "article",
  });
};
