import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ResourceForm } from "~/features/dashboard/ResourceViews";
import { resourceDef } from "~/features/dashboard/resources";
import { resourceHandlers } from "~/features/dashboard/resources.server";

/** A new record of a dashboard resource: save or preview (intent). */
export const loader = (args: LoaderFunctionArgs) => resourceHandlers.formLoader(args);
export const action = (args: ActionFunctionArgs) => resourceHandlers.formAction(args);

export default function NewResourceRoute() {
  const data = useLoaderData<typeof loader>();
  return <ResourceForm key={data.tab} def={resourceDef(data.tab)} data={data} />;
}
