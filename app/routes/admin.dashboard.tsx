import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { AdminShell } from "~/features/admin/AdminShell";
import { dashboardCounts } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const admin = await requireAdmin(request, env);
  return { email: admin.email, counts: await dashboardCounts(env) };
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
