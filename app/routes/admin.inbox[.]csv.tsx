import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/admin/auth.server";
import { exportInboxCsv, parseInboxKind } from "~/features/admin/inbox.server";
import { requestActor } from "~/lib/audit.server";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** CSV export of the inbox, with the same kind filter as the list: every row, streamed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSiteRead(request);
  const admin = await requireAdmin(request, env);
  return exportInboxCsv(env.DB, parseInboxKind(new URL(request.url).searchParams.get("kind")), requestActor(request, admin));
}
