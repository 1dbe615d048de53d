/** Site pages (About, Privacy Policy, Terms of Use…) from the `pages` table. */
import { and, eq } from "drizzle-orm";
import { pages } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { parseJsonOrText } from "~/lib/json";

interface PublishedPage {
  /** The edge cache's tag names it (`page:<id>`). */
  id: string;
  slug: string;
  title: string;
  metaDescription: string | null;
  /** Parsed JSON, or the raw text: the renderer takes either. */
  content: unknown;
  updatedAt: Date;
}

export async function getPublishedPage(env: Env, slug: string): Promise<PublishedPage | null> {
  const row = await getDb(env)
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.isPublished, true)))
    .get();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    metaDescription: row.metaDescription,
    content: parseJsonOrText(row.content),
    updatedAt: row.updatedAt,
  };
}

export async function listPublishedPageSlugs(env: Env): Promise<{ slug: string; updatedAt: Date }[]> {
  return getDb(env).select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).where(eq(pages.isPublished, true));
}
