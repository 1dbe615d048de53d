import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { AdminShell } from "~/features/admin/AdminShell";
import { dashboardCounts } from "~/features/admin/dashboard.server";
import { LeadsChart } from "~/features/admin/LeadsChart";
import { leadsPerDay } from "~/features/admin/leads-chart.server";
import { TabError } from "~/features/admin/TabError";

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

export const meta: MetaFunction = () => [{ title: "Dashboard | Founder Leads admin" }, { name: "robots", content: "noindex" }];

/**
 * A tab whose loader or action failed: its message inside the dashboard, the
 * navigation still there (the dashboard's own data was read before the tab's).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/admin.dashboard");
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  if (!data) {
    return (
      <div className="mx-auto max-w-2xl p-8">
        <TabError error={error} />
      </div>
    );
  }
  return (
    <AdminShell email={data.email} counts={data.counts} chart={data.chart ? <LeadsChart days={data.chart} /> : null}>
      <TabError error={error} />
    </AdminShell>
  );
}
