import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DASHBOARD_PATH } from "~/features/auth/paths";
import { requireAdminActor } from "~/features/auth/index.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(context.cloudflare.env, request);
  return redirect(DASHBOARD_PATH);
}
