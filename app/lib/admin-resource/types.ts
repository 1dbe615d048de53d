/**
 * The admin resource pattern: every dashboard resource (pages, guides,
 * content blocks, blogs...) is a declaration of what is special about it;
 * the pattern owns the routes (list, new, edit, delete confirmation), the
 * toasts, search, paging, preview and the stale-save check.
 *
 * This module is the browser-safe half of a declaration (schema, fields,
 * columns, messages). The server half (queries and hooks) is a
 * `ResourceServer` in `./server.ts`.
 */
import type { ReactNode } from "react";
import type { z } from "zod";

export type FieldKind =
  /** one line of text */
  | "text"
  /** several lines */
  | "textarea"
  /** structured content as JSON (with the section reference and a preview) */
  | "content"
  | "checkbox"
  | "number"
  | "select"
  /** free text with suggestions (a <datalist>) */
  | "suggest";

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  hint?: string;
  placeholder?: string;
  /** For `select`. */
  options?: readonly { value: string; label: string }[];
  /** Grid span on wide screens (default: full width). */
  half?: boolean;
}

export interface ResourceMessages {
  created: string;
  updated: string;
  deleted: string;
  saveFailed: string;
  deleteFailed: string;
  fetchFailed: string;
}

/** A list row: its id, its title, and whatever the columns read. */
export type ResourceRow = { id: string; title: string } & Record<string, unknown>;

export interface ListColumn {
  header: string;
  cell: (row: ResourceRow) => ReactNode;
  className?: string;
}

export interface ResourceDef<Schema extends z.ZodType = z.ZodType> {
  /** The URL segment: /admin/dashboard/{tab}. */
  tab: string;
  singular: string;
  plural: string;
  description: string;
  /** The same schema validates in the browser (on blur) and in the action. */
  schema: Schema;
  fields: FieldDef[];
  columns: ListColumn[];
  messages: ResourceMessages;
  /** Placeholder of the list's search box, e.g. "Search by title". */
  searchLabel: string;
  /** The field rendered by Preview. */
  previewField?: string;
  /** Content must be valid JSON (the schema refuses text); otherwise text is stored and the form notes it. */
  contentMustBeJson?: boolean;
  /** Extra controls on each list row (e.g. reorder buttons). */
  rowActions?: (row: ResourceRow) => ReactNode;
}

export const defineResource = <Schema extends z.ZodType>(def: ResourceDef<Schema>) => def;

/** Hidden fields and intents the pattern owns. */
export const UPDATED_AT_FIELD = "_updatedAt";
export const INTENT = { save: "save", preview: "preview", delete: "delete" } as const;
export const PAGE_SIZE = 25;

/** A message shown when another admin saved the record after this form was opened. */
export const staleMessage = (singular: string) =>
  `This ${singular.toLowerCase()} was changed by someone else after you opened it. Your text is kept below: copy what you need, reload the page to see their version, then save again.`;

/** Under the stronger confirmation's box when a delete is sent without it. */
export const CONFIRM_DELETE_MESSAGE = "Tick the box to confirm what the site will lose.";
