import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ResourceList } from "~/features/dashboard/ResourceViews";
import { resourceDef } from "~/features/dashboard/resources";
import { resourceHandlers } from "~/features/dashboard/resources.server";

/** The list of a dashboard resource (/admin/dashboard/pages, /guides, /content-blocks…): search, pages, reorder. */
export const loader = (args: LoaderFunctionArgs) => resourceHandlers.listLoader(args);
export const action = (args: ActionFunctionArgs) => resourceHandlers.listAction(args);

export default function ResourceListRoute() {
  const data = useLoaderData<typeof loader>();
  return <ResourceList def={resourceDef(data.tab)} data={data} />;
}
