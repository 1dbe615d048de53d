import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RevisionView } from "~/features/dashboard/Revisions";
import { resourceDef } from "~/features/dashboard/resources";
import { resourceHandlers } from "~/features/dashboard/resources.server";

/** A kept version of a record: rendered, compared by field with the current one, restored (a new save, stale-checked). */
export const loader = (args: LoaderFunctionArgs) => resourceHandlers.revisionLoader(args);
export const action = (args: ActionFunctionArgs) => resourceHandlers.revisionAction(args);

export default function RevisionRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <RevisionView key={`${data.revision.id}-${data.current.updatedAt}`} def={resourceDef(data.tab)} data={data} errors={answer?.errors} />
  );
}
