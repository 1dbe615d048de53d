/**
 * The Q&A tab, declared on the admin resource pattern (server half:
 * qa.resource.server.ts): visitors submit questions; admins answer, edit,
 * publish (status, both ways) and delete them. It opens on Pending, with
 * counts for Pending, Published and All (spec). No "New": questions come from
 * the public form.
 */
import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { formatDate } from "~/lib/format";
import { defineResource, resourcePath } from "~/lib/admin-resource/types";
import { qaEditSchema } from "./qa-admin.schema";
import { QA_ADMIN_MESSAGES as M } from "./qa.messages";
import { categoryLabel, QA_CATEGORIES } from "./qa.options";

const TAB = "qa";
const STATUSES = [
  { value: "pending", label: "Pending" },
  { value: "published", label: "Published" },
] as const;

export const qaResource = defineResource({
  tab: TAB,
  singular: "Question",
  plural: "Q&A submissions",
  // Titles are visitors' own words: a deleted question's entry names it by id only.
  auditTitle: false,
  description: "Questions asked by visitors. Answer one and publish it to show it at /questions-and-answers.",
  schema: qaEditSchema,
  fields: [
    { name: "title", label: "Title", kind: "text" },
    { name: "category", label: "Category", kind: "select", options: QA_CATEGORIES, half: true },
    { name: "status", label: "Status", kind: "select", options: STATUSES, half: true },
    { name: "isFeatured", label: "Featured", kind: "checkbox", hint: "Featured questions come first when visitors sort by featured." },
    { name: "question", label: "Question", kind: "textarea", rows: 5 },
    { name: "answer", label: "Answer", kind: "textarea", rows: 8, hint: "Leave empty to show 'Answer Coming Soon'." },
  ],
  filter: { key: "status", label: "Q&A status", options: STATUSES, all: "All", initial: "pending" },
  columns: [
    {
      key: "title",
      header: "Title",
      className: "font-medium text-ink",
      cell: (r) => (
        <>
          <Link to={resourcePath({ tab: TAB }, r.id)} className="hover:text-brand-700 hover:underline">
            {r.title}
          </Link>{" "}
          {r.isFeatured ? <Badge tone="brand">Featured</Badge> : null}
        </>
      ),
    },
    { key: "category", header: "Category", cell: (r) => categoryLabel(String(r.category)) },
    {
      key: "status",
      header: "Status",
      cell: (r) => (r.status === "published" ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Pending</Badge>),
    },
    { key: "createdAt", header: "Submitted", cell: (r) => formatDate(new Date(r.createdAt as string)), className: "whitespace-nowrap" },
  ],
  messages: {
    updated: M.updated,
    saveFailed: M.updateFailed,
    deleted: M.deleted,
    deleteFailed: M.deleteFailed,
    fetchFailed: M.fetchFailed,
  },
  searchLabel: "Search questions by title",
});
