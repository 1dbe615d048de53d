import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { BroadcastPage } from "~/features/broadcasts";
import { broadcastEditorAction, broadcastPage, broadcastSendAction, isSendIntent } from "~/features/broadcasts/index.server";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { readFormData } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** A broadcast: the editor, preview and sending controls of a draft; the state and figures of one scheduled or sent. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return broadcastPage(env, params.id ?? "", admin);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const by = await requireAdminActor(env, request);
  const form = await readFormData(request);
  const id = params.id ?? "";
  return isSendIntent(form.get("intent")) ? broadcastSendAction(env, id, form, by) : broadcastEditorAction(env, id, form, by);
}

export const handle: RouteHandle = { bareLayout: true };

export default function BroadcastRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminShell email={data.email}>
      <BroadcastPage data={data} actionData={useActionData<typeof action>()} />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data?.subject || "Broadcast");

export const ErrorBoundary = AdminPageErrorBoundary;
