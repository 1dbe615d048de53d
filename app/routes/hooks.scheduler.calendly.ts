import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { receiveSchedulerWebhook, schedulerVerifier } from "~/features/meetings/index.server";
import { readSignedWebhook } from "~/lib/incoming-webhook.server";

/** Calendly's invitee webhooks (invitee.created, invitee.canceled), signed with CALENDLY_WEBHOOK_SIGNING_KEY. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const body = await readSignedWebhook(request, schedulerVerifier(env, "calendly"));
  const { status, message } = await receiveSchedulerWebhook(env, { provider: "calendly", body });
  return Response.json({ message }, { status });
}

/** The scheduler only posts here. */
export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
