import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { parsePeriod } from "~/features/insights";
import { exportInsightsCsv } from "~/features/insights/index.server";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** One table of Insights as CSV (?table=days|pages|sources|campaigns|forms|customers and the page's period). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  const { actor } = await requireAdminActor(env, request);
  const url = new URL(request.url);
  const csv = await exportInsightsCsv(env.DB, parsePeriod(url.searchParams), url.searchParams.get("table"), actor);
  if (!csv) throw new Response("Not Found", { status: 404 });
  return csv;
}
