import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/guard.server";
import { handleUpload } from "~/features/lead-finder/upload.server";
import { requestActor } from "~/lib/audit.server";

/** The CSV upload for the tab's script (progress bar): the same import, answered as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const admin = await requireAdmin(request, env);
  const report = await handleUpload(request, env, requestActor(request, admin));
  return Response.json(report, { status: report.ok ? 200 : report.status });
}

/** Nothing to show here: the upload lives in the Lead Finder tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.cloudflare.env);
  return redirect("/admin/dashboard/lead-finder");
}
