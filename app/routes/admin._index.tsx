import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DASHBOARD_PATH, requireAdmin } from "~/features/admin/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.cloudflare.env);
  return redirect(DASHBOARD_PATH);
}
