import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { categoryLabel, FEED_LINK } from "~/features/blog/blog.options";
import { BLOG_MESSAGES } from "~/features/blog/blog.messages";
import { listPublishedPosts, parseCategory } from "~/features/blog/blog.server";
import { BlogGrid, CategoryFilter } from "~/features/blog/BlogCards";
import { pageFromUrl } from "~/lib/pagination";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { OFFER } from "~/lib/offer";
import { EDGE_TAG, edgeTags, markDegraded } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: { params: ["category", "page"] } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const category = parseCategory(url.searchParams.get("category"));
  edgeTags(context, EDGE_TAG.list("blog"));
  try {
    return { category, list: await listPublishedPosts(context.cloudflare.env, { category, page: pageFromUrl(url) }), error: null };
  } catch (error) {
    console.error("Listing blog posts failed", error);
    markDegraded(context);
    return { category, list: null, error: BLOG_MESSAGES.loadFailed };
  }
}

export const links: LinksFunction = () => [FEED_LINK];

export default function Blog() {
  const { category, list, error } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-14 sm:py-20">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Blog</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight">
            {category ? categoryLabel(category) : "Notes for Shopify app founders"}
          </h1>
          <p className="mt-3 text-lg text-slate-600">{`Growth, product and go-to-market lessons from working with ${OFFER.foundersServed} app founders.`}</p>
        </div>
        <div className="mt-8">
          <CategoryFilter active={category} />
        </div>
        <div className="mt-10">
          <BlogGrid list={list} error={error} search={location.search} />
        </div>
      </Container>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({
    title: data?.category ? `${categoryLabel(data.category)} | Blog` : "Blog",
    description: "Growth, product and go-to-market notes for Shopify app founders.",
    path: data?.category ? `/blog?category=${data.category}` : "/blog",
    siteUrl: siteUrlFromMatches(matches),
  });
