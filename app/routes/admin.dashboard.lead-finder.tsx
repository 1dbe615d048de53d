import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/auth/guard.server";
import { LeadFinder } from "~/features/lead-finder/LeadFinder";
import { requestActor } from "~/lib/audit.server";
import { leadFinderAction, loadLeadFinder, type LeadFinderActionData } from "~/features/lead-finder/lead-finder.server";

/** Keywords, the CSV import and the stores of the selected keyword (?keyword=…&page=…). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return loadLeadFinder(request, env);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const admin = await requireAdmin(request, env);
  return leadFinderAction(request, env, requestActor(request, admin));
}

export default function LeadFinderRoute() {
  return <LeadFinder data={useLoaderData<typeof loader>()} actionData={useActionData<LeadFinderActionData>()} />;
}
