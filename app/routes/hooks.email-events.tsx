import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MAX_EVENTS_BODY_BYTES, receiveEmailEvents } from "~/features/broadcasts/index.server";
import { readBodyWithin } from "~/lib/request.server";

/**
 * MailChannels' delivery events (ADR 0025): verified on the raw body before it is parsed; 401 unsigned or wrongly
 * signed (nothing stored), 413 too large, 202 when no event is of a type the site knows, 200 once applied.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const result = await receiveEmailEvents(env, request.headers, await readBodyWithin(request, MAX_EVENTS_BODY_BYTES));
  const body = result.status === 200 ? { known: result.known, suppressed: result.suppressed } : { status: result.status };
  return Response.json(body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

/** Only POST: a GET answers 405. */
export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
