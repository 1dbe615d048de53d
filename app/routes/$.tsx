import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "~/features/marketing/NotFound";
import { notFound } from "~/features/marketing/not-found.server";
import { noindexMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Any path no other route claims: the not-found page, with HTTP 404. */
/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  return notFound(pathname, { pathname });
}

export async function action({ request }: LoaderFunctionArgs) {
  return loader({ request } as LoaderFunctionArgs);
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export const meta: MetaFunction = () => noindexMeta("Page not found | Founder Leads");
