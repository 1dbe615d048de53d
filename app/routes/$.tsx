import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "~/features/marketing/NotFound";

/** Any path no other route claims: the not-found page, with HTTP 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404 Not Found: ${pathname}`);
  return data({ pathname }, { status: 404 });
}

export async function action({ request }: LoaderFunctionArgs) {
  return loader({ request } as LoaderFunctionArgs);
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export const meta: MetaFunction = () => [
  { title: "Page not found | Founder Leads" },
  { name: "robots", content: "noindex" },
];
