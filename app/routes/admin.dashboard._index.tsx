import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ResourceList } from "~/features/admin/ResourceViews";
import { resourceDef } from "~/features/admin/resources";
import { resourceHandlers } from "~/features/admin/resources.server";

/** The dashboard opens on the Pages list (the same list as /admin/dashboard/pages). */
export const loader = (args: LoaderFunctionArgs) => resourceHandlers.listLoader({ ...args, params: { ...args.params, tab: "pages" } });
export const action = (args: ActionFunctionArgs) => resourceHandlers.listAction({ ...args, params: { ...args.params, tab: "pages" } });

export default function PagesTabRoute() {
  const data = useLoaderData<typeof loader>();
  return <ResourceList def={resourceDef(data.tab)} data={data} />;
}
