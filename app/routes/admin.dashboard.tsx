import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageError, TabError } from "~/features/dashboard/TabError";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { admin } = await requireAdminActor(context.cloudflare.env, request);
  return { email: admin.email };
}

export const handle: RouteHandle = { bareLayout: true };

export default function Dashboard() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email}>
      <Outlet />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("Dashboard");

/**
 * A tab whose loader or action failed: its message inside the dashboard, the
 * navigation still there (the dashboard's own data was read before the tab's).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/admin.dashboard");
  if (!data) return <AdminPageError error={error} />;
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <AdminShell email={data.email}>
      <TabError error={error} />
    </AdminShell>
  );
}
