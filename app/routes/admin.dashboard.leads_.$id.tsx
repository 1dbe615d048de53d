import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { isLiftSuppression, liftPersonSuppression, loadPersonNewsletter } from "~/features/broadcasts/index.server";
import { LIFT_SUPPRESSION_INTENT } from "~/features/broadcasts/person-newsletter.schema";
import { PersonNewsletterBlock } from "~/features/broadcasts/PersonNewsletter";
import { PEOPLE_MESSAGES } from "~/features/people/people.messages";
import { personAction } from "~/features/people/person-actions.server";
import { loadPerson } from "~/features/people/person-page.server";
import { PersonPage } from "~/features/people/PersonPage";
import { readFormData } from "~/lib/request.server";

/** A person: details, timeline, and the pipeline's forms (status, owner, due date, notes). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(request, env);
  const page = await loadPerson(env.DB, params.id ?? "", admin.id);
  if (!page) throw new Response(PEOPLE_MESSAGES.notFound, { status: 404 });
  return { ...page, newsletter: await loadPersonNewsletter(env, page.person.email) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const by = await requireAdminActor(request, env);
  const form = await readFormData(request);
  if (isLiftSuppression(form)) return liftPersonSuppression(env, { personId: params.id ?? "", form }, by.actor);
  return personAction(env, { personId: params.id ?? "", form }, by);
}

export default function PersonRoute() {
  const { newsletter, ...data } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lift = actionData?.intent === LIFT_SUPPRESSION_INTENT;
  return (
    <>
      <PersonPage data={data} actionData={actionData?.intent === LIFT_SUPPRESSION_INTENT ? undefined : actionData} />
      <PersonNewsletterBlock data={newsletter} lastResult={lift ? actionData.result : undefined} />
    </>
  );
}
