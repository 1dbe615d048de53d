/** A blog post page: back link, image, category and tags, title, excerpt, author and date, the body, related posts. */
import { Link } from "@remix-run/react";
import { StructuredContent } from "~/components/content/StructuredContent";
import { Badge } from "~/components/ui/Badge";
import { Container } from "~/components/ui/Container";
import { categoryLabel } from "./blog.options";
import { BLOG_MESSAGES } from "./blog.messages";
import type { BlogCard } from "./blog.server";
import { Author, BlogCardView } from "./BlogCards";

interface PostView extends BlogCard {
  content: unknown;
  readingMinutes: number;
}

const backLink = (
  <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
    <span aria-hidden="true">←</span> Back to the blog
  </Link>
);

export function BlogPostView({ post, related }: { post: PostView; related: BlogCard[] }) {
  return (
    <>
      <Container className="py-12 sm:py-16">
        <article className="mx-auto max-w-3xl">
          {backLink}
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <Link to={`/blog?category=${post.category}`}>
              <Badge tone="brand">{categoryLabel(post.category)}</Badge>
            </Link>
            {(post.tags ?? []).map((t) => (
              <Badge key={t}>{t}</Badge>
            ))}
          </div>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{post.title}</h1>
          {post.excerpt ? <p className="mt-4 text-xl leading-8 text-slate-600">{post.excerpt}</p> : null}
          <div className="mt-6">
            <Author name={post.authorName} image={post.authorImage} date={post.publishedAt} extra={`${post.readingMinutes} min read`} />
          </div>
          {post.featuredImage ? (
            <img src={post.featuredImage} alt="" width={1200} height={675} className="mt-8 aspect-[16/9] w-full rounded-2xl object-cover" />
          ) : null}
          <StructuredContent content={post.content} className="mt-10" />
        </article>
      </Container>
      {related.length ? (
        <section aria-labelledby="related-title" className="border-t border-slate-200 bg-slate-50 py-14">
          <Container>
            <h2 id="related-title" className="text-2xl font-bold">
              {`More on ${categoryLabel(post.category)}`}
            </h2>
            <div className="mt-6 grid gap-8 md:grid-cols-3">
              {related.map((p) => (
                <BlogCardView key={p.slug} post={p} />
              ))}
            </div>
          </Container>
        </section>
      ) : null}
    </>
  );
}

export function PostNotFound() {
  return (
    <Container className="py-24 text-center">
      <h1 className="text-3xl font-bold">{BLOG_MESSAGES.notFound}</h1>
      <p className="mt-3 text-slate-600">It may have moved or not be published yet.</p>
      <div className="mt-6">{backLink}</div>
    </Container>
  );
}
