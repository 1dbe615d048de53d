import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveSchedulerWebhook, schedulerVerifier } from "~/features/meetings/index.server";
import { readSignedWebhook } from "~/lib/incoming-webhook.server";

/** Cal.com's booking webhooks (BOOKING_CREATED, BOOKING_RESCHEDULED, BOOKING_CANCELLED), signed with CAL_COM_WEBHOOK_SECRET. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const body = await readSignedWebhook(request, schedulerVerifier(env, "cal-com"));
  const { status, message } = await receiveSchedulerWebhook(env, { provider: "cal-com", body });
  return Response.json({ message }, { status });
}

/** The scheduler only posts here. */
export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
