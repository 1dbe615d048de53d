import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { MEDIA_HEADERS, readImage, requestedEtag } from "~/features/media/serve.server";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** An uploaded image, straight from R2: `/media/{sha-256}.{ext}` (see features/media/serve.server.ts for the headers). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const image = await readImage(context.cloudflare.env, {
    key: params.key ?? "",
    etag: requestedEtag(request.headers.get("If-None-Match")),
  });
  if (image.status === "missing") return notFound();
  const headers = new Headers({ ...MEDIA_HEADERS, "Content-Type": image.type, ETag: image.etag });
  if (image.status === "unchanged") return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(image.size));
  return new Response(request.method === "HEAD" ? null : image.body, { headers });
}
