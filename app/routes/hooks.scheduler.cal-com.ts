import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveSchedulerWebhook } from "~/features/meetings/index.server";

/** Cal.com's booking webhooks (BOOKING_CREATED, BOOKING_RESCHEDULED, BOOKING_CANCELLED), signed with CAL_COM_WEBHOOK_SECRET. */
export const action = ({ request, context }: ActionFunctionArgs) => receiveSchedulerWebhook(context.cloudflare.env, "cal-com", request);

/** The scheduler only posts here. */
export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
