import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { handleUpload } from "~/features/lead-finder/upload.server";

/** The CSV upload for the tab's script (progress bar): the same import, answered as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(request, env);
  const report = await handleUpload(request, env, actor);
  return Response.json(report, { status: report.ok ? 200 : report.status });
}

/** Nothing to show here: the upload lives in the Lead Finder tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(request, context.cloudflare.env);
  return redirect("/admin/dashboard/lead-finder");
}
