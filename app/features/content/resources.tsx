/**
 * The content resources of the dashboard, declared on the admin resource
 * pattern (app/lib/admin-resource): Pages, Guides and Content Blocks. The
 * server half of each is in resources.server.ts.
 */
import { z } from "zod";
import { singleLine } from "~/lib/validation";
import { Badge } from "~/components/ui/Badge";
import { formatDate } from "~/lib/format";
import { defineResource, lastSavedByColumn, type ListColumn, type ResourceMessages } from "~/lib/admin-resource/types";
import { contentEditorShape, contentRules, storedContent } from "./editor/schema";
import { checkboxField, integerOrZero, optionalLongText, optionalText, slugField, titleField } from "./content.schema";
import { CONTENT_MESSAGES } from "./content.messages";
import { MAX_UPLOAD_BODY_BYTES } from "~/features/media";
import { ReorderButtons } from "~/components/ui/ReorderButtons";

const messagesFor = (singular: string, plural: string): ResourceMessages => ({
  created: `${singular} created successfully`,
  updated: `${singular} updated successfully`,
  deleted: `${singular} deleted successfully`,
  saveFailed: `Failed to save ${singular.toLowerCase()}`,
  deleteFailed: `Failed to delete ${singular.toLowerCase()}`,
  fetchFailed: `Failed to fetch ${plural.toLowerCase()}`,
});

// Columns the three resources share: each declaration checks their keys against its own schema.
const status: ListColumn<"isPublished"> = {
  key: "isPublished",
  header: "Status",
  cell: (r) => (r.isPublished ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>),
};
const updated: ListColumn<"updatedAt"> = {
  key: "updatedAt",
  header: "Updated",
  cell: (r) => formatDate(new Date(r.updatedAt as string)),
  className: "whitespace-nowrap",
};
const titleCol: ListColumn<"title"> = { key: "title", header: "Title", className: "font-medium text-ink" };
/** The address, linked to the live page when it is published. */
const liveLink = (prefix: string): ListColumn<"slug" | "isPublished"> => ({
  key: "slug",
  header: "Address",
  cell: (r) =>
    r.isPublished ? (
      <a href={`${prefix}${r.slug}`} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
        {`${prefix}${r.slug}`}
        <span className="sr-only"> (live page, opens in a new tab)</span>
      </a>
    ) : (
      <span className="text-slate-500">{`${prefix}${r.slug}`}</span>
    ),
});

export const pageSchema = z
  .object({
    slug: slugField(),
    title: titleField,
    metaDescription: optionalText("Meta description", 300),
    ...contentEditorShape,
    isPublished: checkboxField,
  })
  .superRefine(contentRules())
  .transform(storedContent);

export const pagesResource = defineResource({
  tab: "pages",
  singular: "Page",
  plural: "Pages",
  description: "Site pages such as About, Privacy Policy and Terms of Use, served at /{slug} when published.",
  schema: pageSchema,
  fields: [
    { name: "title", label: "Title", kind: "text", half: true },
    { name: "slug", label: "Slug", kind: "text", half: true, hint: "The page's address: /your-slug" },
    { name: "metaDescription", label: "Meta description", kind: "textarea", hint: "Shown by search engines; about 150 characters." },
    { name: "content", label: "Content", kind: "content" },
    { name: "isPublished", label: "Published", kind: "checkbox", hint: "Drafts answer 404 to visitors." },
  ],
  listKeys: ["updatedBy"],
  columns: [titleCol, liveLink("/"), status, updated, lastSavedByColumn],
  messages: messagesFor("Page", "Pages"),
  searchLabel: "Search pages by title",
  previewField: "content",
  maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
});

export const guideSchema = z
  .object({
    slug: slugField(),
    title: titleField,
    description: optionalLongText("Description", 1000),
    category: optionalText("Category", 100),
    ...contentEditorShape,
    isPublished: checkboxField,
    orderIndex: integerOrZero,
  })
  .superRefine(contentRules())
  .transform(storedContent);

export const guidesResource = defineResource({
  tab: "guides",
  singular: "Guide",
  plural: "Guides",
  description: "Free guides, listed in this order on the playbooks page and served at /guides/{slug}.",
  schema: guideSchema,
  listKeys: ["updatedBy"],
  fields: [
    { name: "title", label: "Title", kind: "text", half: true },
    { name: "slug", label: "Slug", kind: "text", half: true, hint: "The guide's address: /guides/your-slug" },
    { name: "description", label: "Description", kind: "textarea" },
    { name: "category", label: "Category", kind: "suggest", half: true, hint: "Free text; existing categories are suggested." },
    { name: "orderIndex", label: "Order", kind: "number", half: true, hint: "Lower comes first. Not a number: 0." },
    { name: "content", label: "Content", kind: "content" },
    { name: "isPublished", label: "Published", kind: "checkbox", hint: "Drafts answer 404 and are not listed." },
  ],
  columns: [
    { key: "orderIndex", header: "#", className: "tabular-nums text-slate-500" },
    titleCol,
    { key: "category", header: "Category", cell: (r) => (r.category ? String(r.category) : "—") },
    liveLink("/guides/"),
    status,
    lastSavedByColumn,
  ],
  rowActions: (r) => <ReorderButtons id={r.id} label={r.title} />,
  messages: messagesFor("Guide", "Guides"),
  searchLabel: "Search guides by title",
  previewField: "content",
  maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
});

export const contentBlockSchema = z
  .object({
    name: slugField(CONTENT_MESSAGES.nameRequired, CONTENT_MESSAGES.nameFormat),
    type: singleLine(CONTENT_MESSAGES.typeRequired).min(1, CONTENT_MESSAGES.typeRequired).max(50, CONTENT_MESSAGES.tooLong("Type", 50)),
    ...contentEditorShape,
    description: optionalLongText("Description", 500),
  })
  .superRefine(contentRules())
  .transform(storedContent);

export const contentBlocksResource = defineResource({
  tab: "content-blocks",
  singular: "Content block",
  plural: "Content Blocks",
  description: "Named pieces of content the site shows, such as home-announcement.",
  schema: contentBlockSchema,
  fields: [
    { name: "name", label: "Name", kind: "text", half: true, hint: "The identifier the site reads it by." },
    { name: "type", label: "Type", kind: "suggest", half: true, hint: "For example banner, section or widget." },
    { name: "description", label: "Description", kind: "textarea", hint: "For admins: where it shows and what it is for." },
    { name: "content", label: "Content", kind: "content", hint: 'Text, or JSON such as { "text": "…" }.' },
  ],
  listKeys: ["usedOn", "deleteWarning", "updatedBy"],
  columns: [
    { key: "title", header: "Name", className: "font-medium text-ink" },
    { key: "type", header: "Type", cell: (r) => <Badge tone="brand">{String(r.type)}</Badge> },
    {
      key: "usedOn",
      header: "Used on",
      cell: (r) =>
        r.usedOn ? (
          <a href={String(r.usedOn)} className="text-brand-700 hover:underline">{`Used on ${String(r.usedOn)}`}</a>
        ) : (
          <span className="text-slate-500">Not used by the site</span>
        ),
    },
    updated,
    lastSavedByColumn,
  ],
  messages: messagesFor("Content block", "Content blocks"),
  searchLabel: "Search blocks by name",
  previewField: "content",
  maxBodyBytes: MAX_UPLOAD_BODY_BYTES,
});
