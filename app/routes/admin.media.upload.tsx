import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { handleMediaUpload } from "~/features/media/upload.server";

/** The image upload for the editor's script (progress bar): multipart `file` + `alt`, answered as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(request, env);
  return handleMediaUpload(request, env, actor);
}

/** Nothing to show here: the library lives in the Media tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(request, context.cloudflare.env);
  return redirect("/admin/dashboard/media");
}
