import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { importCsvUpload, UPLOAD_BODY_BYTES } from "~/features/lead-finder/upload.server";
import { readFormWithin } from "~/lib/request.server";

/** The CSV upload for the tab's script (progress bar): the same import, answered as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  const report = await importCsvUpload(env, await readFormWithin(request, UPLOAD_BODY_BYTES), actor);
  return Response.json(report, { status: report.ok ? 200 : report.status });
}

/** Nothing to show here: the upload lives in the Lead Finder tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(context.cloudflare.env, request);
  return redirect("/admin/dashboard/lead-finder");
}
