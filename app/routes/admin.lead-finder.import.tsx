import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/admin/auth.server";
import { handleUpload } from "~/features/lead-finder/upload.server";

/** The CSV upload for the tab's script (progress bar): the same import, answered as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const report = await handleUpload(request, env);
  return Response.json(report, { status: report.ok ? 200 : report.status });
}
