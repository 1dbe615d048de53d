import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/features/dashboard/ResourceViews";
import { resourceDef } from "~/features/dashboard/resources";
import { resourceHandlers } from "~/features/dashboard/resources.server";

/** The delete confirmation as a page (without JavaScript, or when the site uses the record). */
export const loader = (args: LoaderFunctionArgs) => resourceHandlers.deleteLoader(args);
export const action = (args: ActionFunctionArgs) => resourceHandlers.deleteAction(args);

export default function DeleteResourceRoute() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <DeleteConfirmation def={resourceDef(data.tab)} data={data} confirmError={answer?.confirmError} />
    </section>
  );
}
