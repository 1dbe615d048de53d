import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { exportPeopleCsv } from "~/features/people/people-export.server";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** CSV export of the Leads list with its filters: every person it matches, streamed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  const { actor } = await requireAdminActor(env, request);
  return exportPeopleCsv(env.DB, new URL(request.url), actor);
}
