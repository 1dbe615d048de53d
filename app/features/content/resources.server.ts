/** The server half of the content resources: queries and checks on D1 (see resources.tsx). */
import { asc, desc, eq, sql } from "drizzle-orm";
import { contentBlocks, guides, pages } from "~/db/schema";
import type { ResourceServer, ServerContext } from "~/lib/admin-resource/server-types";
import { AUDIT_ACTIONS, auditStatement, type Actor } from "~/lib/audit.server";
import { tableQueries } from "~/lib/admin-resource/table.server";
import { getDb } from "~/lib/db.server";
import type { z } from "zod";
import { CONTENT_MESSAGES } from "./content.messages";
import {
  contentBlocksResource,
  guidesResource,
  pagesResource,
  type contentBlockSchema,
  type guideSchema,
  type pageSchema,
} from "./resources";
import { SITE_BLOCKS } from "./site-blocks";
import { EDGE_TAG } from "~/lib/edge-tags";

const orNull = (v: string | undefined) => (v === undefined || v === "" ? null : v);

async function slugErrors(ctx: ServerContext, taken: boolean, slug: string, checkReserved: boolean) {
  if (checkReserved && ctx.reservedPaths.has(slug)) return { slug: [CONTENT_MESSAGES.slugReserved] };
  if (taken) return { slug: [CONTENT_MESSAGES.slugTaken] };
  return null;
}

// ------------------------------------------------------------------ pages

const pageQueries = tableQueries(pages, {
  search: pages.title,
  orderBy: [desc(pages.createdAt)],
  listColumns: ["id", "title", "slug", "isPublished", "updatedAt", "updatedBy"],
  revisions: pagesResource.tab,
});

type PageValue = z.output<typeof pageSchema>;
const pageColumns = (v: PageValue) => ({
  slug: v.slug,
  title: v.title,
  metaDescription: orNull(v.metaDescription),
  content: orNull(v.content),
  isPublished: v.isPublished,
});

export const pagesServer: ResourceServer<typeof pagesResource> = {
  def: pagesResource,
  list: pageQueries.list,
  get: pageQueries.get,
  async check(ctx, value, id) {
    return slugErrors(ctx, await pageQueries.taken(ctx.env, pages.slug, value.slug, id), value.slug, true);
  },
  ...pageQueries.writes(pageColumns),
  // A new or renamed page can take a path that was a 404.
  edgeTags: (_env, { id }) => [...(id ? [EDGE_TAG.page(id)] : []), EDGE_TAG.list("pages"), EDGE_TAG.notFound],
  revisions: pageQueries.revisions,
};

// ----------------------------------------------------------------- guides

const guideQueries = tableQueries(guides, {
  search: guides.title,
  orderBy: [asc(guides.orderIndex), asc(guides.title)],
  listColumns: ["id", "title", "slug", "category", "isPublished", "orderIndex", "updatedAt", "updatedBy"],
  revisions: guidesResource.tab,
});

type GuideValue = z.output<typeof guideSchema>;
const guideColumns = (v: GuideValue) => ({
  slug: v.slug,
  title: v.title,
  description: orNull(v.description),
  category: orNull(v.category),
  content: orNull(v.content),
  isPublished: v.isPublished,
  orderIndex: v.orderIndex,
});

/** Moves a guide one place up or down: every guide renumbered 0..n-1 in the new order, in one statement, with its audit entry. */
async function moveGuide(env: Env, id: string, by: -1 | 1, actor: Actor) {
  const db = getDb(env);
  const ordered = await db.select({ id: guides.id }).from(guides).orderBy(asc(guides.orderIndex), asc(guides.title));
  const ids = ordered.map((g) => g.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from >= 0 && to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE guides SET order_index = (SELECT key FROM json_each(?1) WHERE value = guides.id), updated_at = ?2
       WHERE id IN (SELECT value FROM json_each(?1))`,
    ).bind(JSON.stringify(ids), Date.now()),
    auditStatement(env.DB, {
      action: AUDIT_ACTIONS.guidesReorder,
      actor,
      resource: guidesResource.tab,
      recordId: id,
      detail: { moved: by < 0 ? "up" : "down" },
    }),
  ]);
}

export const guidesServer: ResourceServer<typeof guidesResource> = {
  def: guidesResource,
  list: guideQueries.list,
  get: guideQueries.get,
  suggestions: async (env) => ({ category: await guideCategories(env) }),
  /** A new guide goes last: its order is the current count of guides (spec). */
  async defaults(env) {
    const row = await getDb(env)
      .select({ n: sql<number>`count(*)` })
      .from(guides)
      .get();
    return { orderIndex: row?.n ?? 0 };
  },
  async check(ctx, value, id) {
    return slugErrors(ctx, await guideQueries.taken(ctx.env, guides.slug, value.slug, id), value.slug, false);
  },
  ...guideQueries.writes(guideColumns),
  revisions: guideQueries.revisions,
  edgeTags: (_env, { id }) => [...(id ? [EDGE_TAG.guide(id)] : []), EDGE_TAG.list("guides"), EDGE_TAG.notFound],
  listActions: {
    "move-up": async (env, form, actor) => {
      await moveGuide(env, String(form.get("id")), -1, actor);
      return { type: "success", title: "Guide moved up" };
    },
    "move-down": async (env, form, actor) => {
      await moveGuide(env, String(form.get("id")), 1, actor);
      return { type: "success", title: "Guide moved down" };
    },
  },
};

/** Categories already used, for the category field's suggestions. */
async function guideCategories(env: Env): Promise<string[]> {
  const rows = await getDb(env).selectDistinct({ category: guides.category }).from(guides).orderBy(asc(guides.category));
  return rows.map((r) => r.category).filter((c): c is string => !!c);
}

// --------------------------------------------------------- content blocks

/** Suggested block types, with those already used. */
const BLOCK_TYPE_SUGGESTIONS = ["banner", "section", "widget"];

const blockQueries = tableQueries(contentBlocks, {
  search: contentBlocks.name,
  orderBy: [desc(contentBlocks.createdAt)],
  listColumns: ["id", "name", "type", "updatedAt", "updatedBy"],
  titleOf: "name",
  revisions: contentBlocksResource.tab,
  toRow: (r) => ({
    ...r,
    id: String(r.id),
    title: String(r.name),
    usedOn: SITE_BLOCKS[String(r.name)]?.usedOn ?? null,
    deleteWarning: SITE_BLOCKS[String(r.name)]?.loses ?? null,
  }),
});

type BlockValue = z.output<typeof contentBlockSchema>;
const blockColumns = (v: BlockValue) => ({ name: v.name, type: v.type, content: orNull(v.content), description: orNull(v.description) });

export const contentBlocksServer: ResourceServer<typeof contentBlocksResource> = {
  def: contentBlocksResource,
  list: blockQueries.list,
  get: blockQueries.get,
  async check(ctx, value, id) {
    return (await blockQueries.taken(ctx.env, contentBlocks.name, value.name, id)) ? { name: [CONTENT_MESSAGES.nameTaken] } : null;
  },
  ...blockQueries.writes(blockColumns),
  revisions: blockQueries.revisions,
  edgeTags: () => [EDGE_TAG.blocks],
  deleteWarning: (row) => SITE_BLOCKS[String(row.name)]?.loses ?? null,
  suggestions: async (env) => {
    const used = await getDb(env).selectDistinct({ type: contentBlocks.type }).from(contentBlocks);
    return { type: [...new Set([...BLOCK_TYPE_SUGGESTIONS, ...used.map((u) => u.type)])] };
  },
};

// ------------------------------------------------------------- public reads

export async function listPublishedGuides(env: Env) {
  return getDb(env)
    .select({
      slug: guides.slug,
      title: guides.title,
      description: guides.description,
      category: guides.category,
      updatedAt: guides.updatedAt,
    })
    .from(guides)
    .where(eq(guides.isPublished, true))
    .orderBy(asc(guides.orderIndex), asc(guides.title));
}

export async function getPublishedGuide(env: Env, slug: string) {
  const row = await getDb(env)
    .select()
    .from(guides)
    .where(sql`${guides.slug} = ${slug} AND ${guides.isPublished} = 1`)
    .get();
  return row ?? null;
}
