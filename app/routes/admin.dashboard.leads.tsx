import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { LeadsTab } from "~/features/people/LeadsTab";
import { listPeople } from "~/features/people/people-list.server";

/** The Leads tab: people filtered by status, form, owner and due, searched, 50 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdminActor(env, request);
  return listPeople(env.DB, new URL(request.url));
}

export default function LeadsRoute() {
  return <LeadsTab data={useLoaderData<typeof loader>()} />;
}
