import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { isLiftSuppression, liftPersonSuppression, loadPersonNewsletter } from "~/features/broadcasts/index.server";
import { LIFT_SUPPRESSION_INTENT } from "~/features/broadcasts/person-newsletter.schema";
import { PersonNewsletterBlock } from "~/features/broadcasts/PersonNewsletter";
import { PEOPLE_MESSAGES } from "~/features/people/people.messages";
import { personPath } from "~/features/people/people.options";
import { personAction } from "~/features/people/person-actions.server";
import { loadPerson } from "~/features/people/person-page.server";
import { PersonPage } from "~/features/people/PersonPage";
import { FollowUpEmails } from "~/features/sequences";
import { followUpAction, isFollowUpForm, loadFollowUps } from "~/features/sequences/index.server";
import { readFormData } from "~/lib/request.server";

/** A person: details, timeline, and the pipeline's forms (status, owner, due date, notes). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const [page, followUps] = await Promise.all([loadPerson(env.DB, params.id ?? "", admin.id), loadFollowUps(env.DB, params.id ?? "")]);
  if (!page) throw new Response(PEOPLE_MESSAGES.notFound, { status: 404 });
  return { ...page, followUps, newsletter: await loadPersonNewsletter(env, page.person.email) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const by = await requireAdminActor(env, request);
  const personId = params.id ?? "";
  const form = await readFormData(request);
  if (isFollowUpForm(form)) return followUpAction(env, { personId, personPath: personPath(personId), form }, by.actor);
  if (isLiftSuppression(form)) return liftPersonSuppression(env, { personId, form }, by.actor);
  return personAction(env, { personId, form }, by);
}

export default function PersonRoute() {
  const { newsletter, ...data } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lift = actionData && "intent" in actionData && actionData.intent === LIFT_SUPPRESSION_INTENT ? actionData : undefined;
  const personData = actionData && "result" in actionData && actionData.intent !== LIFT_SUPPRESSION_INTENT ? actionData : undefined;
  return (
    <PersonPage data={data} actionData={personData}>
      <FollowUpEmails followUps={data.followUps} actionData={actionData} />
      <PersonNewsletterBlock data={newsletter} lastResult={lift?.result} />
    </PersonPage>
  );
}
