import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { MAX_UPLOAD_BODY_BYTES } from "~/features/media";
import { uploadImage } from "~/features/media/upload.server";
import { readFormWithin } from "~/lib/request.server";

/** The image upload for the editor's script (progress bar): multipart `file` + `alt`, answered as JSON. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  const { answer, status } = await uploadImage(env, await readFormWithin(request, MAX_UPLOAD_BODY_BYTES), actor);
  return Response.json(answer, { status });
}

/** Nothing to show here: the library lives in the Media tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(context.cloudflare.env, request);
  return redirect("/admin/dashboard/media");
}
