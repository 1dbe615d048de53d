import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { EDGE_BRIEF_CACHE } from "~/lib/edge-cache.server";
import { robotsTxt } from "~/features/marketing/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.cloudflare.env), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": EDGE_BRIEF_CACHE },
  });
}
