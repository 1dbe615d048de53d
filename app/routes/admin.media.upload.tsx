import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/features/auth/guard.server";
import { handleMediaUpload } from "~/features/media/upload.server";
import { requestActor } from "~/lib/audit.server";

/** The image upload for the editor's script (progress bar): multipart `file` + `alt`, answered as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const admin = await requireAdmin(request, env);
  return handleMediaUpload(request, env, requestActor(request, admin));
}

/** Nothing to show here: the library lives in the Media tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.cloudflare.env);
  return redirect("/admin/dashboard/media");
}
