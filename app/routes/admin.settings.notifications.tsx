import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import {
  loadNotifications,
  NOTIFICATIONS_FORM_MAX_BYTES,
  notificationsAction,
  type NotificationsActionData,
} from "~/features/alerts/alerts.server";
import { NotificationsPage } from "~/features/alerts/NotificationsPage";
import { BodyTooLargeError, readFormData } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Alerts where the team works: Slack and signed-webhook destinations, their events, and recent deliveries. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(request, env);
  return loadNotifications(env, admin);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(request, env);
  let form: FormData;
  try {
    form = await readFormData(request, NOTIFICATIONS_FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Response("Payload too large", { status: 413 });
    throw error;
  }
  return notificationsAction(env, form, actor);
}

export const handle: RouteHandle = { bareLayout: true };

export default function Notifications() {
  return <NotificationsPage data={useLoaderData<typeof loader>()} actionData={useActionData<NotificationsActionData>()} />;
}

export const meta: MetaFunction = () => adminMeta("Notifications");
