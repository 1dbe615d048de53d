import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { LeadFinder } from "~/features/lead-finder/LeadFinder";
import { leadFinderAction, loadLeadFinder, type LeadFinderActionData } from "~/features/lead-finder/lead-finder.server";

/** Keywords, the CSV import and the stores of the selected keyword (?keyword=…&page=…). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdminActor(request, env);
  return loadLeadFinder(request, env);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(request, env);
  return leadFinderAction(request, env, actor);
}

export default function LeadFinderRoute() {
  return <LeadFinder data={useLoaderData<typeof loader>()} actionData={useActionData<LeadFinderActionData>()} />;
}
