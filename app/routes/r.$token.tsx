import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CLICK_MESSAGES, recordClick } from "~/features/broadcasts/index.server";

const plain = (text: string, status: number) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

/**
 * A broadcast's click redirect (ADR 0025), a resource route: a valid token leads to its broadcast's link (302). A
 * forged or unknown token is a plain 404, a link the broadcast does not have a plain 400: never a redirect.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const result = await recordClick(context.cloudflare.env, params.token ?? "", {
    userAgent: request.headers.get("User-Agent"),
    method: request.method,
  });
  if (result.status === "invalid") return plain(CLICK_MESSAGES.invalid, 404);
  if (result.status === "not-in-broadcast") return plain(CLICK_MESSAGES.notInBroadcast, 400);
  // Every click is counted: no cache keeps the answer. The token stays out of the next site's Referer.
  return new Response(null, {
    status: 302,
    headers: { Location: result.url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
