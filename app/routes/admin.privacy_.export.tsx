import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { exportAction } from "~/features/privacy/privacy.server";
import { PRIVACY_PATH } from "~/lib/paths";

/** The export of one address's data as a JSON download (a POST: the address never sits in a URL or a log line). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(request, env);
  return exportAction(request, env, actor);
}

/** A GET has nothing to export: the Privacy page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(request, context.cloudflare.env);
  return redirect(PRIVACY_PATH);
}
