import { data } from "@remix-run/cloudflare";

/** The 404 answer every not-found route gives: the path logged, the page served with status 404. */
export function notFound<T extends Record<string, unknown>>(request: Request, payload: T) {
  console.warn(`404 Not Found: ${new URL(request.url).pathname}`);
  return data(payload, { status: 404 });
}
