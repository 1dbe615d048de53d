/** The Blogs tab, declared on the admin resource pattern (server half: blog.resource.server.ts). */
import { z } from "zod";
import { Badge } from "~/components/ui/Badge";
import { formatDate } from "~/lib/format";
import { defineResource, lastSavedByColumn } from "~/lib/admin-resource/types";
import { contentEditorShape, contentRules, storedContent } from "~/features/content";
import { checkboxField, multiLine, optionalField, singleLine, slugRule } from "~/lib/validation";
import { BLOG_CATEGORIES, categoryLabel } from "./blog.options";
import { BLOG_MESSAGES as M } from "./blog.messages";
import { imageChoiceValue, MAX_UPLOAD_BODY_BYTES } from "~/features/media";

/**
 * An image of the media library (/media/{key}), an https URL (images are shown on an https site), or a path
 * of this site such as /blog/covers/launch.svg; sent by the form's image picker (`imageChoiceValue`).
 */
const imageUrl = z.preprocess(
  imageChoiceValue,
  optionalField(
    singleLine(M.invalidUrl)
      .max(500, M.invalidUrl)
      .refine((v) => {
        if (/^\/(?!\/)[\w./-]+$/.test(v)) return true;
        try {
          return new URL(v).protocol === "https:";
        } catch {
          return false;
        }
      }, M.invalidUrl),
  ),
);

/** Tags: a comma-separated list, trimmed, empties dropped; none means an empty list (spec). */
const tagsField = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((t) => t.replace(/\s+/g, " ").trim())
      .filter(Boolean),
  )
  .refine((tags) => tags.length <= 10, M.tooManyTags)
  .refine((tags) => tags.every((t) => t.length <= 40), M.tagTooLong);

export const blogSchema = z
  .object({
    title: singleLine(M.titleRequired).min(1, M.titleRequired).max(200, M.titleTooLong),
    slug: optionalField(slugRule(undefined)),
    excerpt: optionalField(multiLine().max(500, "Excerpt must be less than 500 characters")),
    ...contentEditorShape,
    featuredImage: imageUrl,
    authorName: optionalField(singleLine().max(100, "Author name must be less than 100 characters")),
    authorImage: imageUrl,
    category: z.enum(BLOG_CATEGORIES.map((c) => c.value) as [string, ...string[]], { error: M.category }),
    tags: tagsField,
    isPublished: checkboxField,
  })
  .superRefine(contentRules({ mustBeJson: M.invalidJson }))
  .transform(storedContent);

export const blogsResource = defineResource({
  tab: "blogs",
  singular: "Blog",
  plural: "Blog posts",
  description: "Posts at /blog. Published posts are listed newest first.",
  schema: blogSchema,
  fields: [
    { name: "title", label: "Title", kind: "text", half: true },
    { name: "slug", label: "Slug", kind: "text", half: true, hint: "Made from the title when left empty: /blog/your-slug" },
    { name: "excerpt", label: "Excerpt", kind: "textarea", hint: "Shown on the cards, in search results and in the feed." },
    { name: "content", label: "Content", kind: "content" },
    { name: "category", label: "Category", kind: "select", options: BLOG_CATEGORIES, half: true },
    { name: "tags", label: "Tags", kind: "text", half: true, hint: "Comma-separated, at most 10 of 40 characters." },
    { name: "featuredImage", label: "Featured image", kind: "image" },
    { name: "authorName", label: "Author name", kind: "text" },
    { name: "authorImage", label: "Author image", kind: "image" },
    {
      name: "isPublished",
      label: "Published",
      kind: "checkbox",
      hint: "Saving a published post sets its publication date to now, on every save: it moves to the top of the blog. A draft has no date and is hidden.",
    },
  ],
  listKeys: ["publishedAt", "updatedBy"],
  columns: [
    { key: "title", header: "Title", className: "font-medium text-ink" },
    { key: "category", header: "Category", cell: (r) => categoryLabel(String(r.category)) },
    { key: "isPublished", header: "Status", cell: (r) => (r.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>) },
    {
      key: "publishedAt",
      header: "Published",
      cell: (r) => (r.publishedAt ? formatDate(new Date(r.publishedAt as string)) : "—"),
      className: "whitespace-nowrap",
    },
    lastSavedByColumn,
  ],
  messages: { ...M },
  searchLabel: "Search posts by title",
  contentMustBeJson: true,
  previewField: "content",
  maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
});
