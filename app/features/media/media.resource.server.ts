/** The server half of the Media tab (see media.resource.tsx): the list with where each image is used, upload, edit, delete. */
import { and, count, desc, eq, or, sql } from "drizzle-orm";
import { media } from "~/db/schema";
import type { ResourceServer } from "~/lib/admin-resource/server-types";
import { auditEntry } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { mediaSrc } from "./media";
import { MEDIA_MESSAGES } from "./media.messages";
import { deleteImage, inspectImage, inUseWarning, mediaUsage, storeImage, useLabel, type MediaUse } from "./media.server";
import { mediaResource } from "./media.resource";
import { EDGE_TAG } from "~/lib/edge-tags";

const matches = (q: string) =>
  q ? or(sql`instr(lower(${media.name}), lower(${q})) > 0`, sql`instr(lower(${media.alt}), lower(${q})) > 0`) : undefined;

/** The edge cache's tags of a page, guide, content block or post that uses an image (blog cards show the featured image). */
const USE_TAGS: Record<MediaUse["kind"], (id: string) => string[]> = {
  page: (id) => [EDGE_TAG.page(id)],
  guide: (id) => [EDGE_TAG.guide(id)],
  "content-block": () => [EDGE_TAG.blocks],
  blog: (id) => [EDGE_TAG.post(id), EDGE_TAG.list("blog")],
};

const listUses = (uses: MediaUse[]) => uses.map((u) => ({ label: useLabel(u), href: u.href }));

export const mediaServer: ResourceServer<typeof mediaResource> = {
  def: mediaResource,

  async list(env, { q, page, pageSize }) {
    const db = getDb(env);
    const [rows, [total]] = await db.batch([
      db
        .select()
        .from(media)
        .where(matches(q))
        .orderBy(desc(media.createdAt), desc(media.key))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ n: count() }).from(media).where(matches(q)),
    ]);
    const usage = await mediaUsage(
      env,
      rows.map((r) => r.key),
    );
    return {
      total: total?.n ?? 0,
      rows: rows.map((r) => {
        const uses = usage.get(r.key) ?? [];
        return {
          id: r.key,
          title: r.name,
          src: mediaSrc(r.key),
          alt: r.alt,
          contentType: r.contentType,
          width: r.width,
          height: r.height,
          size: r.size,
          createdAt: r.createdAt.toISOString(),
          usedOn: listUses(uses),
          deleteWarning: inUseWarning(uses.map(useLabel)),
        };
      }),
    };
  },

  /** The record with where it is used (the delete confirmation names those pages). */
  async get(env, id) {
    const row = await getDb(env).select().from(media).where(eq(media.key, id)).get();
    if (!row) return null;
    const uses = (await mediaUsage(env, [row.key])).get(row.key) ?? [];
    return { id: row.key, title: row.name, updatedAt: row.updatedAt.getTime(), alt: row.alt, name: row.name, usedOn: listUses(uses) };
  },

  /** An upload needs a file, and its bytes must be an image the site accepts: refused here, nothing is stored. */
  async check(_ctx, value, id) {
    if (id !== null) return null;
    if (!value.file) return { file: [MEDIA_MESSAGES.fileRequired] };
    const inspected = await inspectImage(value.file);
    return inspected.ok ? null : { file: [inspected.error] };
  },

  async create(env, value, actor) {
    const stored = await storeImage(env, value.file!, { alt: value.alt, actor });
    // check() refused every such file already: this is only reached if the rules changed in between.
    if ("error" in stored) throw new Error(stored.error);
  },

  async update(env, id, value, expectedUpdatedAt, _actor, audit) {
    const db = getDb(env);
    const current = and(eq(media.key, id), eq(media.updatedAt, new Date(expectedUpdatedAt)));
    const [, [changed]] = await db.batch([
      // Only when the update below changes the row: the same stale check, first in the same transaction.
      auditEntry(db, { ...audit, recordId: id }, sql`EXISTS (SELECT 1 FROM ${media} WHERE ${current})`),
      db
        .update(media)
        .set({
          alt: value.alt,
          ...(value.name ? { name: value.name } : {}),
          updatedAt: new Date(Math.max(Date.now(), expectedUpdatedAt + 1)),
        })
        .where(current)
        .returning({ key: media.key }),
    ]);
    if (changed) return "ok";
    const exists = await db.select({ key: media.key }).from(media).where(eq(media.key, id)).get();
    return exists ? "stale" : "missing";
  },

  remove: deleteImage,

  /** The public pages that show the image: an edit or a delete changes them (an upload is shown nowhere yet). */
  async edgeTags(env, { id }) {
    if (!id) return [];
    const uses = (await mediaUsage(env, [id])).get(id) ?? [];
    return uses.flatMap((use) => USE_TAGS[use.kind](use.id));
  },

  deleteWarning: (row) => inUseWarning(Array.isArray(row.usedOn) ? (row.usedOn as { label: string }[]).map((u) => u.label) : []),
};
