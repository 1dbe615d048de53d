import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveSchedulerWebhook } from "~/features/meetings/index.server";

/** Calendly's invitee webhooks (invitee.created, invitee.canceled), signed with CALENDLY_WEBHOOK_SIGNING_KEY. */
export const action = ({ request, context }: ActionFunctionArgs) => receiveSchedulerWebhook(context.cloudflare.env, "calendly", request);

/** The scheduler only posts here. */
export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
