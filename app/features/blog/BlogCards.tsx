/** Blog cards, the category filter and the list's states (public, rendered on the server). */
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { formatDate } from "~/lib/format";
import { Pagination } from "~/components/ui/Pagination";
import { cn } from "~/components/ui/cn";
import { BLOG_CATEGORIES, CARD_TAGS, categoryLabel } from "./blog.options";
import { BLOG_MESSAGES } from "./blog.messages";
import type { BlogCard } from "./blog.server";

/** "All Posts" and the six categories, as links: shareable and working without JavaScript. */
export function CategoryFilter({ active }: { active: string | null }) {
  const items = [{ value: null, label: "All Posts" }, ...BLOG_CATEGORIES];
  return (
    <nav aria-label="Blog categories" className="flex flex-wrap gap-2">
      {items.map((c) => {
        const current = c.value === active;
        return (
          <Link
            key={c.label}
            to={c.value ? `/blog?category=${c.value}` : "/blog"}
            aria-current={current ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 text-sm font-medium transition",
              current
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:border-brand-300 hover:text-brand-700",
            )}
          >
            {c.label}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The featured image, or a calm placeholder in the category's colour when there is none. `eager` for the first
 * card's: the largest paint of /blog on a phone and on a desktop, so the browser fetches it with the stylesheet
 * instead of after the first layout, as `loading="lazy"` would. Only the first: on a phone the others are below the
 * first screen, and Chrome fetched the second and third eager covers at Medium priority beside the page's scripts,
 * requests Lighthouse's LCP simulation counts (docs/speed.md, *Lighthouse*). On a desktop's first row they load
 * after the first layout, and the first cover, painted first, stays the largest paint.
 */
function Cover({ post, eager = false }: { post: BlogCard; eager?: boolean }) {
  return post.featuredImage ? (
    <img
      src={post.featuredImage}
      alt=""
      width={640}
      height={360}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="aspect-[16/9] w-full object-cover"
    />
  ) : (
    <div
      aria-hidden="true"
      className="flex aspect-[16/9] w-full items-center justify-center bg-gradient-to-br from-brand-100 via-brand-50 to-white"
    >
      <span className="text-sm font-semibold uppercase tracking-wider text-brand-700/70">{categoryLabel(post.category)}</span>
    </div>
  );
}

export function Author({
  name,
  image,
  date,
  extra,
}: {
  name: string | null;
  image: string | null;
  date: Date | string | null;
  extra?: string;
}) {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      {image ? <img src={image} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full object-cover" /> : null}
      <div>
        {name ? <p className="font-semibold text-ink">{name}</p> : null}
        <p>
          {date ? <time dateTime={new Date(date).toISOString()}>{formatDate(date)}</time> : null}
          {extra ? ` · ${extra}` : ""}
        </p>
      </div>
    </div>
  );
}

export function BlogCardView({ post, eager = false }: { post: BlogCard; eager?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Cover post={post} eager={eager} />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{categoryLabel(post.category)}</Badge>
          {(post.tags ?? []).slice(0, CARD_TAGS).map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
        </div>
        <h2 className="mt-3 text-xl font-bold leading-snug text-ink">
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p> : <div className="flex-1" />}
        <div className="mt-5">
          <Author name={post.authorName} image={post.authorImage} date={post.publishedAt} />
        </div>
      </div>
    </article>
  );
}

export function BlogGrid({
  list,
  error,
  search,
}: {
  list: { rows: BlogCard[]; page: number; pageCount: number } | null;
  error: string | null;
  search: string;
}) {
  if (error || !list)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800">
        {error ?? BLOG_MESSAGES.loadFailed}
      </p>
    );
  if (list.rows.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center text-lg text-slate-600">
        {BLOG_MESSAGES.empty}
      </p>
    );
  return (
    <>
      <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {list.rows.map((p, i) => (
          <BlogCardView key={p.slug} post={p} eager={i === 0} />
        ))}
      </div>
      <Pagination page={list.page} pageCount={list.pageCount} search={search} />
    </>
  );
}
