import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { AdminShell } from "~/features/admin/AdminShell";
import { dashboardCounts } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const admin = await requireAdmin(request, env);
  // The counts are a summary: if they cannot be read, each tab still loads (and says what failed).
  const counts = await dashboardCounts(env).catch((error: unknown) => {
    console.error("Reading the dashboard counts failed", error);
    return null;
  });
  return { email: admin.email, counts };
}

export const handle = { bareLayout: true };

export default function Dashboard() {
  const { email, counts } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email} counts={counts}>
      <Outlet />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => [
  { title: "Dashboard | Founder Leads admin" },
  { name: "robots", content: "noindex" },
];
