import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseAuditFilters } from "~/features/dashboard/audit";
import { exportAuditCsv } from "~/features/dashboard/audit.server";
import { requireAdminActor } from "~/features/auth/index.server";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** The filtered audit log as CSV (the same filters as the list), streamed; the export is itself an entry. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  const { actor } = await requireAdminActor(env, request);
  return exportAuditCsv(env, parseAuditFilters(new URL(request.url).searchParams), actor);
}
