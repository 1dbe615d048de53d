import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { AuditTab } from "~/features/dashboard/AuditTab";
import { parseAuditFilters } from "~/features/dashboard/audit";
import { listAudit } from "~/features/dashboard/audit.server";
import { requireAdminActor } from "~/features/auth/index.server";
import { pageFromUrl } from "~/lib/pagination";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** The audit log (ADR 0011): entries newest first, 50 a page, filtered by admin, action and day (?admin=&action=&from=&to=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const url = new URL(request.url);
  const filters = parseAuditFilters(url.searchParams);
  return { email: admin.email, filters, ...(await listAudit(env, filters, pageFromUrl(url))) };
}

export const handle: RouteHandle = { bareLayout: true };

export default function AuditRoute() {
  const { email, filters, list, admins, actions } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email}>
      <AuditTab filters={filters} list={list} admins={admins} actions={actions} />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("Audit log");

/** The page could not be drawn: the message without the dashboard's frame (the guard's redirect is not an error). */
export const ErrorBoundary = AdminPageErrorBoundary;
