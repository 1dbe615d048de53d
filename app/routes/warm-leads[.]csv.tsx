import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { exportWarmLeadsCsv } from "~/features/warm-leads/tool.server";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** The whole warm-leads result as a CSV download, streamed (administrators only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  const { actor } = await requireAdminActor(env, request);
  return exportWarmLeadsCsv(env, new URL(request.url), actor);
}
