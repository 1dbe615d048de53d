import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { AdminShell } from "~/features/admin/AdminShell";
import { dashboardCounts } from "~/features/admin/dashboard.server";
import { LeadsChart } from "~/features/admin/LeadsChart";
import { leadsPerDay } from "~/features/admin/leads-chart.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const admin = await requireAdmin(request, env);
  // The counts and the chart are a summary: if they cannot be read, each tab still loads (and says what failed).
  const summary = <T,>(what: string, read: Promise<T>) =>
    read.catch((error: unknown) => {
      console.error(`Reading the dashboard ${what} failed`, error);
      return null;
    });
  const [counts, chart] = await Promise.all([summary("counts", dashboardCounts(env)), summary("chart", leadsPerDay(env))]);
  return { email: admin.email, counts, chart };
}

export const handle = { bareLayout: true };

export default function Dashboard() {
  const { email, counts, chart } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email} counts={counts} chart={chart ? <LeadsChart days={chart} /> : null}>
      <Outlet />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => [
  { title: "Dashboard | Founder Leads admin" },
  { name: "robots", content: "noindex" },
];
