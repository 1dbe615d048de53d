import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { BroadcastPage } from "~/features/broadcasts";
import { broadcastEditorAction, broadcastPage } from "~/features/broadcasts/index.server";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { readFormData } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** A new broadcast: the editor; saving makes the draft and opens its page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return broadcastPage(env, null, admin);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const by = await requireAdminActor(env, request);
  return broadcastEditorAction(env, null, await readFormData(request), by);
}

export const handle: RouteHandle = { bareLayout: true };

export default function NewBroadcastRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminShell email={data.email}>
      <BroadcastPage data={data} actionData={useActionData<typeof action>()} />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("New broadcast");

export const ErrorBoundary = AdminPageErrorBoundary;
