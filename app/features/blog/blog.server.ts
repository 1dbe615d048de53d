/** Public reads of the blog: the list, a post with its related posts, the feed and the sitemap entries. */
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { blogs } from "~/db/schema";
import { contentText } from "~/components/content/sections";
import { getDb } from "~/lib/db.server";
import { BLOG_CATEGORIES, BLOG_PAGE_SIZE, FEED_SIZE, RELATED_POSTS, type BlogCategory } from "./blog.options";

const card = {
  slug: blogs.slug,
  title: blogs.title,
  excerpt: blogs.excerpt,
  featuredImage: blogs.featuredImage,
  authorName: blogs.authorName,
  authorImage: blogs.authorImage,
  category: blogs.category,
  tags: blogs.tags,
  publishedAt: blogs.publishedAt,
};

export function parseCategory(value: string | null): BlogCategory | null {
  return BLOG_CATEGORIES.some((c) => c.value === value) ? (value as BlogCategory) : null;
}

const published = eq(blogs.isPublished, true);

/** One page of published posts, newest first, optionally of one category: rows and count in one round trip. */
export async function listPublishedPosts(env: Env, { category, page }: { category: BlogCategory | null; page: number }) {
  const db = getDb(env);
  const where = category ? and(published, eq(blogs.category, category)) : published;
  const [rows, [total]] = await db.batch([
    db
      .select(card)
      .from(blogs)
      .where(where)
      .orderBy(desc(blogs.publishedAt))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    db.select({ n: count() }).from(blogs).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page, pageCount: Math.max(1, Math.ceil(n / BLOG_PAGE_SIZE)) };
}

export type BlogCard = Awaited<ReturnType<typeof listPublishedPosts>>["rows"][number];

/** A published post and up to three newer-first posts of its category, in one round trip. */
export async function getPublishedPost(env: Env, slug: string) {
  const db = getDb(env);
  const [posts, related] = await db.batch([
    db
      .select({ ...card, id: blogs.id, content: blogs.content, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(and(published, eq(blogs.slug, slug)))
      .limit(1),
    // With ids: the edge cache tags the post's page with every post it shows.
    db
      .select({ ...card, id: blogs.id })
      .from(blogs)
      .where(
        and(
          published,
          ne(blogs.slug, slug),
          sql`${blogs.category} = (SELECT category FROM blogs WHERE slug = ${slug} AND is_published = 1)`,
        ),
      )
      .orderBy(desc(blogs.publishedAt))
      .limit(RELATED_POSTS),
  ]);
  const post = posts[0];
  if (!post) return null;
  const words = contentText(post.content).split(" ").filter(Boolean).length;
  return { post: { ...post, readingMinutes: Math.max(1, Math.round(words / 200)) }, related };
}

export async function feedPosts(env: Env) {
  return getDb(env).select(card).from(blogs).where(published).orderBy(desc(blogs.publishedAt)).limit(FEED_SIZE);
}

export async function listPublishedPostSlugs(env: Env) {
  return getDb(env).select({ slug: blogs.slug, updatedAt: blogs.updatedAt }).from(blogs).where(published);
}

/** A published post as a newsletter broadcast takes it: title, excerpt, sections and its slug (for "read on the site"). */
export async function postForNewsletter(env: Env, id: string) {
  const post = await getDb(env)
    .select({ title: blogs.title, excerpt: blogs.excerpt, content: blogs.content, slug: blogs.slug })
    .from(blogs)
    .where(and(published, eq(blogs.id, id)))
    .get();
  return post ?? null;
}

/** The published posts a broadcast can be made from (the broadcast editor's choice), newest first. */
export async function postsForNewsletter(env: Env) {
  return getDb(env)
    .select({ id: blogs.id, title: blogs.title, publishedAt: blogs.publishedAt })
    .from(blogs)
    .where(published)
    .orderBy(desc(blogs.publishedAt))
    .limit(200);
}
