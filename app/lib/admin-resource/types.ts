/**
 * The admin resource pattern: every dashboard resource (pages, guides,
 * content blocks, blogs, Q&A...) is a declaration of what is special about
 * it; the pattern owns the routes (list, new, edit, delete confirmation), the
 * toasts, search, paging, filters with counts, preview and the stale-save
 * check.
 *
 * This module is the browser-safe half of a declaration (schema, fields,
 * columns, filter, messages). The server half (queries and hooks) is a
 * `ResourceServer` in `./server.ts`.
 *
 * Names are checked by the type system: a field, a column, the preview field
 * or the filter naming a key the schema lacks does not compile
 * (tests/unit/admin-resource-types.test.ts).
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
  | "suggest"
  /** an image: one of the media library, none, or an https address (the schema reads it with `imageChoiceValue`) */
  | "image"
  /** a file upload (the form is sent as multipart; see `accept` and `ResourceDef.maxBodyBytes`) */
  | "file";

/** The keys of a schema's form values. */
type SchemaKey<Schema extends z.ZodType> = Extract<keyof z.input<Schema>, string>;
/** Every list row carries these, whatever the schema (the pattern's tables all have them). */
type StandardRowKey = "id" | "title" | "createdAt" | "updatedAt";

export interface FieldDef<Key extends string = string> {
  name: Key;
  label: string;
  kind: FieldKind;
  hint?: string;
  placeholder?: string;
  /** For `select`. */
  options?: readonly { value: string; label: string }[];
  /** Grid span on wide screens (default: full width). */
  half?: boolean;
  /** Lines of a `textarea` (default 4). */
  rows?: number;
  /** For `file`: the types the browser offers, e.g. "image/png,image/jpeg". */
  accept?: string;
  /** Shown only on the new form or only on the edit form (default: both). */
  only?: "create" | "edit";
}

export interface ResourceMessages {
  /** Needed when the server half can create records. */
  created?: string;
  updated: string;
  deleted: string;
  saveFailed: string;
  deleteFailed: string;
  fetchFailed: string;
}

/** A list row: its id, its title, and the keys the columns read (values cross JSON: read them as unknown). */
export type ResourceRow<Key extends string = string> = { id: string; title: string } & { [K in Key]?: unknown };

export interface ListColumn<Key extends string = string> {
  /** The key the column shows; without `cell`, its value as text. */
  key: Key;
  header: string;
  cell?: (row: ResourceRow<Key>) => ReactNode;
  className?: string;
}

/**
 * A filter with counts above the list, as links (`?{key}=value`): the list
 * opens on `initial`, each option shows how many records it holds (within the
 * search), and `all` adds an option for every record. After a save the list
 * opens on the option the record now belongs to.
 */
export interface ResourceFilter<Key extends string = string> {
  /** The schema key filtered on; also the query parameter. */
  key: Key;
  /** Names the filter for screen readers, e.g. "Q&A status". */
  label: string;
  options: readonly { value: string; label: string }[];
  /** The label of the option showing every record (its value is `all`). */
  all?: string;
  /** The option the list opens on: a value of `options`, or `all`. */
  initial: string;
}
export const FILTER_ALL = "all";

export interface ResourceDef<Key extends string = string, RowKey extends string = string, Schema extends z.ZodType = z.ZodType> {
  /** The URL segment: /admin/dashboard/{tab}. */
  tab: string;
  singular: string;
  plural: string;
  description: string;
  /** The same schema validates in the browser (on blur) and in the action. */
  schema: Schema;
  fields: FieldDef<Key>[];
  columns: ListColumn<RowKey>[];
  /** Keys list rows carry besides the schema's and the standard ones (the server half must read them), e.g. `usedOn`. */
  listKeys?: readonly string[];
  filter?: ResourceFilter<Key>;
  messages: ResourceMessages;
  /** Placeholder of the list's search box, e.g. "Search by title". */
  searchLabel: string;
  /** The field rendered by Preview. */
  previewField?: Key;
  /** Content must be valid JSON (the schema refuses text); otherwise text is stored and the form notes it. */
  contentMustBeJson?: boolean;
  /** Extra controls on each list row (e.g. reorder buttons). */
  rowActions?: (row: ResourceRow<RowKey>) => ReactNode;
  /** Largest body the new and edit forms accept, in bytes (default 512 KB); above it, a 413. For file fields. */
  maxBodyBytes?: number;
  /**
   * Whether the audit log keeps a deleted record's title (default true). False where titles are
   * visitors' own text (Q&A): the entry then names the record by its id only.
   */
  auditTitle?: boolean;
}

/** Any declaration, as the registries and the generic views see it. */
export type AnyResourceDef = ResourceDef<string, string, z.ZodType>;
/** The row keys of a declaration. */
export type RowKeyOf<Def> = Def extends ResourceDef<string, infer RowKey, z.ZodType> ? RowKey : never;

/**
 * Declares a resource. The schema decides the names: `fields`, `previewField`
 * and `filter.key` must name its keys, and `columns` its keys, the standard
 * ones (id, title, createdAt, updatedAt) or one of `listKeys`.
 */
export function defineResource<Schema extends z.ZodType, const Extra extends string = never>(
  // NoInfer: only `listKeys` declares extra row keys; a column's key never does.
  def: ResourceDef<SchemaKey<Schema>, SchemaKey<Schema> | StandardRowKey | NoInfer<Extra>, Schema> & { listKeys?: readonly Extra[] },
): ResourceDef<SchemaKey<Schema>, SchemaKey<Schema> | StandardRowKey | Extra, Schema> {
  return def;
}

/** The pattern's addresses. */
export const resourcePath = (def: Pick<AnyResourceDef, "tab">, id?: string, page?: "delete") =>
  `/admin/dashboard/${def.tab}${id ? `/${id}` : ""}${page ? `/${page}` : ""}`;

/** Hidden fields and intents the pattern owns. */
export const UPDATED_AT_FIELD = "_updatedAt";
export const INTENT = { save: "save", preview: "preview", delete: "delete" } as const;
export const PAGE_SIZE = 25;

/** A message shown when another admin saved the record after this form was opened. */
export const staleMessage = (singular: string) =>
  `This ${singular.toLowerCase()} was changed by someone else after you opened it. Your text is kept below: copy what you need, reload the page to see their version, then save again.`;

/** Under the stronger confirmation's box when a delete is sent without it. */
export const CONFIRM_DELETE_MESSAGE = "Tick the box to confirm what the site will lose.";

/** The page of one kept version of a record: view, compare, restore. */
export const revisionPath = (def: Pick<AnyResourceDef, "tab">, id: string, revisionId: string) =>
  `${resourcePath(def, id)}/revisions/${revisionId}`;

/** "Last saved by": the admin who last saved each record (its declaration lists `updatedBy` in `listKeys`). */
export const lastSavedByColumn: ListColumn<"updatedBy"> = {
  key: "updatedBy",
  header: "Last saved by",
  cell: (r) => (r.updatedBy ? String(r.updatedBy) : "—"),
  className: "whitespace-nowrap",
};
