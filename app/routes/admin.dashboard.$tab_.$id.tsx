import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ResourceForm } from "~/features/dashboard/ResourceViews";
import { resourceDef } from "~/features/dashboard/resources";
import { resourceHandlers } from "~/features/dashboard/resources.server";

/** Edit a record of a dashboard resource: save (refused when stale) or preview (intent). */
export const loader = (args: LoaderFunctionArgs) => resourceHandlers.formLoader(args);
export const action = (args: ActionFunctionArgs) => resourceHandlers.formAction(args);

export default function EditResourceRoute() {
  const data = useLoaderData<typeof loader>();
  return <ResourceForm key={`${data.tab}-${data.id}-${data.updatedAt}`} def={resourceDef(data.tab)} data={data} />;
}
