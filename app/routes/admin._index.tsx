import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DASHBOARD_PATH } from "~/features/auth/paths";
import { requireAdmin } from "~/features/auth/guard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.cloudflare.env);
  return redirect(DASHBOARD_PATH);
}
