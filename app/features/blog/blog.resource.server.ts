/** The server half of the Blogs tab: queries and checks on D1 (see blog.resource.tsx). */
import { desc } from "drizzle-orm";
import type { z } from "zod";
import { blogs } from "~/db/schema";
import type { ResourceServer } from "~/lib/admin-resource/server-types";
import { tableQueries } from "~/lib/admin-resource/table.server";
import { slugify } from "~/lib/slug";
import type { BlogCategory } from "./blog.options";
import { blogsResource, type blogSchema } from "./blog.resource";
import { EDGE_TAG } from "~/lib/edge-tags";

type BlogValue = z.output<typeof blogSchema>;

const queries = tableQueries(blogs, {
  search: blogs.title,
  orderBy: [desc(blogs.createdAt)],
  listColumns: ["id", "title", "slug", "category", "isPublished", "publishedAt", "updatedAt", "updatedBy"],
  revisions: blogsResource.tab,
  // The form shows content as pretty JSON and tags as "a, b": a record and its revisions alike.
  toFormValues: (values) => ({
    ...values,
    content: JSON.stringify(values.content, null, 2),
    tags: Array.isArray(values.tags) ? values.tags.join(", ") : "",
  }),
});

const slugOf = (v: BlogValue) => v.slug || slugify(v.title) || "post";

/** The row for a value. A published post's date is now, on every save (spec); a draft has none. */
function columns(v: BlogValue) {
  return {
    title: v.title,
    slug: slugOf(v),
    excerpt: v.excerpt ?? null,
    content: JSON.parse(v.content ?? "[]") as unknown[],
    featuredImage: v.featuredImage ?? null,
    authorName: v.authorName ?? null,
    authorImage: v.authorImage ?? null,
    category: v.category as BlogCategory,
    tags: v.tags,
    isPublished: v.isPublished,
    publishedAt: v.isPublished ? new Date() : null,
  };
}

export const blogsServer: ResourceServer<typeof blogsResource> = {
  def: blogsResource,
  list: queries.list,
  get: queries.get,
  async check(ctx, value, id) {
    return (await queries.taken(ctx.env, blogs.slug, slugOf(value), id))
      ? {
          [value.slug ? "slug" : "title"]: [
            value.slug
              ? "This slug is already used: choose another"
              : `A post already uses the slug "${slugOf(value)}": enter another slug`,
          ],
        }
      : null;
  },
  ...queries.writes(columns),
  edgeTags: (_env, { id }) => [...(id ? [EDGE_TAG.post(id)] : []), EDGE_TAG.list("blog"), EDGE_TAG.notFound],
  revisions: queries.revisions,
};
