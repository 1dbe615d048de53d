import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { BroadcastsList } from "~/features/broadcasts";
import { broadcastsListPage } from "~/features/broadcasts/index.server";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Broadcasts (ADR 0025): drafts, scheduled, sending and sent, of one status (?status=) or all. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return { email: admin.email, ...(await broadcastsListPage(env, new URL(request.url))) };
}

export const handle: RouteHandle = { bareLayout: true };

export default function BroadcastsRoute() {
  const { email, ...list } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email}>
      <BroadcastsList {...list} />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("Broadcasts");

export const ErrorBoundary = AdminPageErrorBoundary;
