import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/guard.server";
import { exportWarmLeadsCsv } from "~/features/warm-leads/tool.server";
import { requestActor } from "~/lib/audit.server";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** The whole warm-leads result as a CSV download, streamed (administrators only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  const admin = await requireAdmin(request, env);
  return exportWarmLeadsCsv(request, env, requestActor(request, admin));
}
