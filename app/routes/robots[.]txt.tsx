import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { EDGE_BRIEF_CACHE } from "~/lib/edge-pages.server";
import { robotsTxt } from "~/features/marketing/sitemap.server";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.cloudflare.env), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": EDGE_BRIEF_CACHE },
  });
}
