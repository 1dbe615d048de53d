import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveSchedulerWebhook } from "~/features/meetings/index.server";

/** Calendly's invitee webhooks (invitee.created, invitee.canceled), signed with CALENDLY_WEBHOOK_SIGNING_KEY. */
export const action = ({ request, context }: ActionFunctionArgs) => receiveSchedulerWebhook(context.cloudflare.env, "calendly", request);
