import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DASHBOARD_PATH } from "~/features/auth/paths";
import { logout } from "~/features/auth/guard.server";
import { requireAdminActor } from "~/features/auth/index.server";

/** Logout is a POST; a GET just goes back (to the dashboard, or to login). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(context.cloudflare.env, request);
  return redirect(DASHBOARD_PATH);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdminActor(env, request);
  return logout(env, request);
}
