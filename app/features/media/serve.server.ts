/**
 * `/media/{key}`: an uploaded image as R2 holds it. Only keys the upload
 * makes are served (`<sha-256 hex>.<ext>`), only ever as an image type, with
 * nothing a browser could run: nosniff, a policy that allows nothing and
 * sandboxes the document, inline. A key names its content, so the answer
 * never changes: cached for a year, immutable, with R2's ETag for a 304.
 */
import { IMAGE_TYPES } from "./sniff";
import { MEDIA_KEY, mimeOfKey } from "./media";

/** Headers of every image answer; server.ts keeps this policy on /media/ paths (security-headers.ts). */
export const MEDIA_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "public, max-age=31536000, immutable",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Content-Disposition": "inline",
} as const;

const IMAGE_MIMES = new Set<string>(Object.values(IMAGE_TYPES));

/** The ETag an If-None-Match header asks about (its first), without quotes or weakness (R2 compares bare ETags). */
export function requestedEtag(ifNoneMatch: string | null): string | undefined {
  const first = ifNoneMatch?.split(",")[0]?.trim().replace(/^W\//, "").replace(/"/g, "");
  return first || undefined;
}

/**
 * An image as R2 holds it: `missing` (not a key of ours, or not stored),
 * `unchanged` (the ETag `etag` still matches) or `found` with its body. The
 * headers are the route's to write (`MEDIA_HEADERS`, the type and the ETag).
 */
export type StoredImage =
  | { status: "missing" }
  | { status: "unchanged"; type: string; etag: string }
  | { status: "found"; type: string; etag: string; size: number; body: ReadableStream };

export async function readImage(env: Env, input: { key: string; etag?: string }): Promise<StoredImage> {
  const { key, etag } = input;
  if (!MEDIA_KEY.test(key)) return { status: "missing" };
  const object = await env.MEDIA.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag } } : undefined);
  if (!object) return { status: "missing" };
  const stored = object.httpMetadata?.contentType ?? "";
  // The stored type when it is one of ours (it always is: the upload sets it from the bytes), else the key's.
  const type = IMAGE_MIMES.has(stored) ? stored : mimeOfKey(key);
  const storedEtag = object.httpEtag;
  if (!("body" in object)) return { status: "unchanged", type, etag: storedEtag };
  return { status: "found", type, etag: storedEtag, size: object.size, body: object.body };
}
