import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapXml } from "~/features/marketing/sitemap.server";

export async function loader({ context }: LoaderFunctionArgs) {
  return new Response(await sitemapXml(context.cloudflare.env), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
