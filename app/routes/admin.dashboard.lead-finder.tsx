import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { LeadFinder } from "~/features/lead-finder/LeadFinder";
import { leadFinderAction, leadFinderQuery, loadLeadFinder } from "~/features/lead-finder/lead-finder.server";
import { UPLOAD_BODY_BYTES } from "~/features/lead-finder/upload.server";
import { readFormData, readFormWithin } from "~/lib/request.server";

/** Keywords, the CSV import and the stores of the selected keyword (?keyword=…&page=…). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdminActor(env, request);
  return loadLeadFinder(env, leadFinderQuery(new URL(request.url)));
}

/** The CSV upload without JavaScript (multipart), or a keyword or stores form. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return leadFinderAction(env, { upload: await readFormWithin(request, UPLOAD_BODY_BYTES) }, actor);
  }
  return leadFinderAction(env, { form: await readFormData(request), search: new URL(request.url).searchParams }, actor);
}

export default function LeadFinderRoute() {
  return <LeadFinder data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
