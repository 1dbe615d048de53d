import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { loadNotifications, notificationsAction } from "~/features/alerts/alerts.server";
import { NotificationsPage } from "~/features/alerts/NotificationsPage";
import { readSmallForm } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Alerts where the team works: Slack and signed-webhook destinations, their events, and recent deliveries. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return loadNotifications(env, admin);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  return notificationsAction(env, await readSmallForm(request), actor);
}

export const handle: RouteHandle = { bareLayout: true };

export default function Notifications() {
  return <NotificationsPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export const meta: MetaFunction = () => adminMeta("Notifications");
