import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { categoryLabel, FEED_LINK } from "~/features/blog/blog.options";
import { BLOG_MESSAGES } from "~/features/blog/blog.messages";
import { getPublishedPost } from "~/features/blog/blog.server";
import { BlogPostView, PostNotFound } from "~/features/blog/BlogPost";
import { notFound } from "~/features/marketing/not-found.server";
import { canonicalUrl, noindexMeta, seo, SITE_NAME, siteUrlFromMatches } from "~/lib/seo";
import { EDGE_TAG, edgeTags, markDegraded } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  try {
    const found = await getPublishedPost(context.cloudflare.env, params.slug ?? "");
    if (!found) return notFound(new URL(request.url).pathname, { found: null, error: null });
    edgeTags(context, ...[found.post, ...found.related].map((post) => EDGE_TAG.post(post.id)));
    return { found, error: null };
  } catch (error) {
    console.error("Loading a blog post failed", error);
    markDegraded(context);
    return { found: null, error: BLOG_MESSAGES.postLoadFailed };
  }
}

export const links: LinksFunction = () => [FEED_LINK];

export default function BlogPostRoute() {
  const { found, error } = useLoaderData<typeof loader>();
  if (error)
    return (
      <Container className="py-24 text-center">
        <p role="alert" className="text-lg font-medium text-red-800">
          {error}
        </p>
      </Container>
    );
  return found ? <BlogPostView post={found.post} related={found.related} /> : <PostNotFound />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const post = data?.found?.post;
  if (!post) return noindexMeta(`${BLOG_MESSAGES.notFound} | ${SITE_NAME}`);
  const siteUrl = siteUrlFromMatches(matches);
  const url = canonicalUrl(siteUrl, `/blog/${post.slug}`);
  const image = post.featuredImage ? canonicalUrl(siteUrl, post.featuredImage) : null;
  return seo({
    title: post.title,
    description: post.excerpt ?? `${post.title}: ${categoryLabel(post.category)} on the Founder Leads blog.`,
    path: `/blog/${post.slug}`,
    siteUrl,
    image,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt ?? undefined,
          image: image ?? undefined,
          author: post.authorName ? { "@type": "Person", name: post.authorName } : { "@type": "Organization", name: SITE_NAME },
          datePublished: post.publishedAt,
          dateModified: post.updatedAt,
          mainEntityOfPage: url,
          publisher: { "@type": "Organization", name: SITE_NAME },
        },
        {
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Blog", item: canonicalUrl(siteUrl, "/blog") },
            {
              "@type": "ListItem",
              position: 2,
              name: categoryLabel(post.category),
              item: canonicalUrl(siteUrl, `/blog?category=${post.category}`),
            },
            { "@type": "ListItem", position: 3, name: post.title, item: url },
          ],
        },
      ],
    },
  });
};
