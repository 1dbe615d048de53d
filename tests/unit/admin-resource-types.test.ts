/**
 * Type-level tests of the admin resource pattern, checked by `tsc --noEmit`
 * (npm run typecheck): a declaration whose field, column, preview field or
 * filter names a key its schema lacks does not compile. Each
 * `@ts-expect-error` fails the type check if the error it expects goes away,
 * so removing the check from `defineResource` makes tsc fail.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineResource, type AnyResourceDef } from "~/lib/admin-resource/types";

const schema = z.object({ title: z.string(), status: z.enum(["draft", "live"]), isFeatured: z.boolean() });
const base = {
  tab: "things",
  singular: "Thing",
  plural: "Things",
  description: "Things.",
  schema,
  messages: {
    updated: "Updated",
    deleted: "Deleted",
    saveFailed: "Save failed",
    deleteFailed: "Delete failed",
    fetchFailed: "Fetch failed",
  },
  searchLabel: "Search things",
};

const good = defineResource({
  ...base,
  fields: [
    { name: "title", label: "Title", kind: "text" },
    { name: "status", label: "Status", kind: "select" },
  ],
  listKeys: ["usedOn"],
  columns: [
    { key: "title", header: "Title" },
    { key: "updatedAt", header: "Updated" },
    { key: "usedOn", header: "Used on", cell: (row) => String(row.usedOn ?? "") },
    { key: "status", header: "Status", cell: (row) => (row.isFeatured ? "★ " : "") + String(row.status) },
  ],
  filter: { key: "status", label: "Status", options: [{ value: "draft", label: "Draft" }], initial: "draft" },
  previewField: "title",
});

// A typo in a field's name.
defineResource({
  ...base,
  // @ts-expect-error "titel" is not a key of the schema
  fields: [{ name: "titel", label: "Title", kind: "text" }],
  columns: [],
});

// A column naming a key the schema lacks (and not declared in listKeys).
defineResource({
  ...base,
  fields: [],
  // @ts-expect-error "usedOn" is neither a schema key, a standard key nor a listKey
  columns: [{ key: "usedOn", header: "Used on" }],
});

// A cell reading a key the row does not carry.
defineResource({
  ...base,
  fields: [],
  // @ts-expect-error "isPublished" is not a key of the rows
  columns: [{ key: "title", header: "Title", cell: (row) => String(row.isPublished) }],
});

// The preview field and the filter name schema keys too.
defineResource({
  ...base,
  fields: [],
  columns: [],
  // @ts-expect-error "content" is not a key of the schema
  previewField: "content",
});
defineResource({
  ...base,
  fields: [],
  columns: [],
  // @ts-expect-error "state" is not a key of the schema
  filter: { key: "state", label: "State", options: [], initial: "all" },
});

describe("admin resource declarations", () => {
  it("are checked by the type system (see tsc --noEmit); a good one is any resource", () => {
    const registry: AnyResourceDef[] = [good];
    expect(registry[0]!.columns.map((c) => c.key)).toEqual(["title", "updatedAt", "usedOn", "status"]);
  });
});
