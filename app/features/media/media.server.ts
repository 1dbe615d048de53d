/**
 * The media library on the server: storing an upload (R2 for the bytes, D1
 * for the row), where each image is used, and the reads renderers and the
 * editor's picker need.
 */
import { desc, eq, sql } from "drizzle-orm";
import { media, type MediaRow } from "~/db/schema";
import { auditEntry, type Actor, type AuditInput } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { MAX_ALT_LENGTH, MAX_IMAGE_BYTES, MAX_NAME_LENGTH, mediaSrc, type MediaItem } from "./media";
import { MEDIA_MESSAGES } from "./media.messages";
import { detectImage, type Detected } from "./sniff";

export type { MediaRow };

const REFUSALS: Record<Extract<Detected, { ok: false }>["reason"], string> = {
  empty: MEDIA_MESSAGES.empty,
  svg: MEDIA_MESSAGES.svgRefused,
  unknown: MEDIA_MESSAGES.notAnImage,
  "no-size": MEDIA_MESSAGES.noSize,
};

export type Inspected = { ok: true; bytes: Uint8Array<ArrayBuffer>; image: Extract<Detected, { ok: true }> } | { ok: false; error: string };

/** The file's bytes and what they are, or the message refusing it (size first: a large file is never read). */
export async function inspectImage(file: File): Promise<Inspected> {
  if (file.size === 0) return { ok: false, error: MEDIA_MESSAGES.empty };
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, error: MEDIA_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const image = detectImage(bytes);
  return image.ok ? { ok: true, bytes, image } : { ok: false, error: REFUSALS[image.reason] };
}

/** The alt text's problem, if any (required, at most MAX_ALT_LENGTH characters). */
export function altProblem(alt: string): string | null {
  if (!alt.trim()) return MEDIA_MESSAGES.altRequired;
  return alt.trim().length > MAX_ALT_LENGTH ? MEDIA_MESSAGES.altTooLong : null;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A name for people: the file's own, without control characters, or "image.{ext}". */
function displayName(name: string | undefined, ext: string): string {
  const clean = (name ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || `image.${ext}`).slice(0, MAX_NAME_LENGTH);
}

/**
 * Stores an uploaded image, or says why not (nothing stored on a refusal):
 * at most 5 MB, not empty, a JPEG, PNG, WebP, AVIF or GIF by its bytes, with
 * alt text. The key is the bytes' SHA-256 and the type's extension, so the
 * same image uploaded again stores nothing new and answers the row already
 * there. The object goes to R2 before the row to D1, so a row never names a
 * missing object.
 */
export async function storeImage(
  env: Env,
  file: File,
  { alt, actor, name }: { alt: string; actor: Actor; name?: string },
): Promise<MediaRow | { error: string }> {
  const problem = altProblem(alt);
  if (problem) return { error: problem };
  const inspected = await inspectImage(file);
  if (!inspected.ok) return { error: inspected.error };
  const { bytes, image } = inspected;
  const key = `${await sha256Hex(bytes)}.${image.ext}`;
  const db = getDb(env);
  const existing = await db.select().from(media).where(eq(media.key, key)).get();
  if (existing) return existing;
  await env.MEDIA.put(key, bytes, {
    httpMetadata: { contentType: image.mime },
    sha256: key.slice(0, 64),
  });
  const row = {
    key,
    contentType: image.mime,
    size: bytes.byteLength,
    width: image.width,
    height: image.height,
    alt: alt.trim(),
    name: displayName(name || file.name, image.ext),
    uploadedBy: actor.email,
    // To the millisecond (the column's default has seconds): the library lists the newest first.
    createdAt: new Date(),
  };
  const [, [inserted]] = await db.batch([
    // The upload's audit entry, only when this insert will add the row (not when the same bytes raced in).
    auditEntry(
      db,
      { action: "media.create", actor, resource: "media", recordId: key, detail: { name: row.name } },
      sql`NOT EXISTS (SELECT 1 FROM ${media} WHERE ${media.key} = ${key})`,
    ),
    db.insert(media).values(row).onConflictDoNothing({ target: media.key }).returning(),
  ]);
  // Another upload of the same bytes won the race: its row stands (the object is the same).
  return inserted ?? (await db.select().from(media).where(eq(media.key, key)).get())!;
}

export const toMediaItem = (row: Pick<MediaRow, "key" | "alt" | "width" | "height" | "name">): MediaItem => ({
  key: row.key,
  src: mediaSrc(row.key),
  alt: row.alt,
  width: row.width,
  height: row.height,
  name: row.name,
});

// ------------------------------------------------------------------ usage

export type MediaUse = { kind: "page" | "guide" | "content-block" | "blog"; id: string; title: string; href: string };

const USE_TABS: Record<MediaUse["kind"], string> = { page: "pages", guide: "guides", "content-block": "content-blocks", blog: "blogs" };
const USE_LABELS: Record<MediaUse["kind"], string> = { page: "Page", guide: "Guide", "content-block": "Content block", blog: "Blog post" };

/**
 * Where each image is used, in one query: pages', guides' and content blocks'
 * content and blog posts' content, featured image and author image that
 * mention its key. Keys go in as one JSON parameter (D1's 100-parameter limit).
 */
export async function mediaUsage(env: Env, keys: readonly string[]): Promise<Map<string, MediaUse[]>> {
  const usage = new Map<string, MediaUse[]>(keys.map((k) => [k, []]));
  if (keys.length === 0) return usage;
  const { results } = await env.DB.prepare(
    `WITH k(key) AS (SELECT value FROM json_each(?1))
     SELECT k.key, 'page' AS kind, p.id, p.title FROM k JOIN pages p ON instr(p.content, k.key) > 0
     UNION ALL
     SELECT k.key, 'guide', g.id, g.title FROM k JOIN guides g ON instr(g.content, k.key) > 0
     UNION ALL
     SELECT k.key, 'content-block', c.id, c.name FROM k JOIN content_blocks c ON instr(c.content, k.key) > 0
     UNION ALL
     SELECT k.key, 'blog', b.id, b.title FROM k JOIN blogs b
       ON instr(b.content, k.key) > 0 OR instr(coalesce(b.featured_image, ''), k.key) > 0 OR instr(coalesce(b.author_image, ''), k.key) > 0`,
  )
    .bind(JSON.stringify(keys))
    .all<{ key: string; kind: MediaUse["kind"]; id: string; title: string }>();
  for (const r of results) {
    usage.get(r.key)?.push({ kind: r.kind, id: r.id, title: r.title, href: `/admin/dashboard/${USE_TABS[r.kind]}/${r.id}` });
  }
  return usage;
}

/** "Page “About”" */
export const useLabel = (use: Pick<MediaUse, "kind" | "title">) => `${USE_LABELS[use.kind]} “${use.title}”`;

/** The stronger delete confirmation's text for an image in use (`useLabel`s), or null when nothing uses it. */
export function inUseWarning(labels: readonly string[]): string | null {
  if (labels.length === 0) return null;
  return `It is shown on ${labels.join(", ")}. ${labels.length === 1 ? "That page loses" : "Those pages lose"} the image: it will show nothing where the image was.`;
}

// ------------------------------------------------------------------ reads

/** Width and height by key (for renderers reserving the image's space); unknown keys are absent. */
export async function mediaSizes(env: Env, keys: readonly string[]): Promise<Map<string, { width: number; height: number }>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await getDb(env)
    .select({ key: media.key, width: media.width, height: media.height })
    .from(media)
    .where(sql`${media.key} IN (SELECT value FROM json_each(${JSON.stringify(unique)}))`);
  return new Map(rows.map((r) => [r.key, { width: r.width, height: r.height }]));
}

/** The newest images, for the editor's picker. */
export async function listMediaForPicker(env: Env, limit = 48): Promise<MediaItem[]> {
  const rows = await getDb(env)
    .select({ key: media.key, alt: media.alt, width: media.width, height: media.height, name: media.name })
    .from(media)
    .orderBy(desc(media.createdAt), desc(media.key))
    .limit(limit);
  return rows.map(toMediaItem);
}

/** Removes the row, then the object (a failure in between leaves an unused object, never a row without one). */
/** Deletes an image's row with its audit entry (only when there is a row), then its object. */
export async function deleteImage(env: Env, key: string, audit: AuditInput): Promise<boolean> {
  const db = getDb(env);
  const [, deleted] = await db.batch([
    auditEntry(db, { ...audit, recordId: key }, sql`EXISTS (SELECT 1 FROM ${media} WHERE ${media.key} = ${key})`),
    db.delete(media).where(eq(media.key, key)).returning({ key: media.key }),
  ]);
  if (deleted.length === 0) return false;
  await env.MEDIA.delete(key);
  return true;
}
