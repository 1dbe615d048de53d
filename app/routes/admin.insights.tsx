import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { requireAdminActor } from "~/features/auth/index.server";
import { InsightsPage, parsePeriod } from "~/features/insights";
import { insightsReport } from "~/features/insights/index.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Insights (ADR 0023): visitors, sources, campaigns and conversion over a period (?days=7|30|90, or ?days=custom&from=&to=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const period = parsePeriod(new URL(request.url).searchParams);
  return { email: admin.email, report: await insightsReport(env.DB, period) };
}

export const handle: RouteHandle = { bareLayout: true };

export default function InsightsRoute() {
  const { email, report } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email}>
      <InsightsPage report={report} />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("Insights");

/** The page could not be drawn: the message without the dashboard's frame (the guard's redirect is not an error). */
export const ErrorBoundary = AdminPageErrorBoundary;
