import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { robotsTxt } from "~/features/marketing/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(robotsTxt(context.cloudflare.env), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
