import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { PEOPLE_MESSAGES } from "~/features/people/people.messages";
import { personAction, type PersonActionData } from "~/features/people/person-actions.server";
import { loadPerson } from "~/features/people/person-page.server";
import { PersonPage } from "~/features/people/PersonPage";
import { readFormData } from "~/lib/request.server";

/** A person: details, timeline, and the pipeline's forms (status, owner, due date, notes). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(request, env);
  const page = await loadPerson(env.DB, params.id ?? "", admin.id);
  if (!page) throw new Response(PEOPLE_MESSAGES.notFound, { status: 404 });
  return page;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const by = await requireAdminActor(request, env);
  return personAction(env, { personId: params.id ?? "", form: await readFormData(request) }, by);
}

export default function PersonRoute() {
  return <PersonPage data={useLoaderData<typeof loader>()} actionData={useActionData<PersonActionData>()} />;
}
