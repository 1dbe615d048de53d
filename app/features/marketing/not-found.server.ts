import { data } from "@remix-run/cloudflare";

/** The 404 answer every not-found route gives: the path (the route reads it from the URL) logged, the page served with status 404. */
export function notFound<T extends Record<string, unknown>>(pathname: string, payload: T) {
  console.warn(`404 Not Found: ${pathname}`);
  return data(payload, { status: 404 });
}
