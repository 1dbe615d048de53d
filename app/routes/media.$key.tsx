import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveImage } from "~/features/media/serve.server";

/** An uploaded image, straight from R2: `/media/{sha-256}.{ext}` (see features/media/serve.server.ts for the headers). */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => serveImage(context.cloudflare.env, request, params.key ?? "");
