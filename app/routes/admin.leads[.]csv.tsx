import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/guard.server";
import { exportPeopleCsv } from "~/features/people/people-export.server";
import { requestActor } from "~/lib/audit.server";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** CSV export of the Leads list with its filters: every person it matches, streamed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  const admin = await requireAdmin(request, env);
  return exportPeopleCsv(env.DB, new URL(request.url), requestActor(request, admin));
}
