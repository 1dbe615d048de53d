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
const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The ETags of an If-None-Match header, without quotes or weakness (R2 compares bare ETags). */
function requestedEtag(request: Request): string | undefined {
  const header = request.headers.get("If-None-Match");
  const first = header?.split(",")[0]?.trim().replace(/^W\//, "").replace(/"/g, "");
  return first || undefined;
}

export async function serveImage(env: Env, request: Request, key: string): Promise<Response> {
  if (!MEDIA_KEY.test(key)) return notFound();
  const etag = requestedEtag(request);
  const object = await env.MEDIA.get(key, etag ? { onlyIf: { etagDoesNotMatch: etag } } : undefined);
  if (!object) return notFound();
  const stored = object.httpMetadata?.contentType ?? "";
  // The stored type when it is one of ours (it always is: the upload sets it from the bytes), else the key's.
  const type = IMAGE_MIMES.has(stored) ? stored : mimeOfKey(key);
  const headers = new Headers({ ...MEDIA_HEADERS, "Content-Type": type, ETag: object.httpEtag });
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}
