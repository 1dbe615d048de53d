import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { SEQUENCES_MESSAGES, SequencePage } from "~/features/sequences";
import { loadSequencePage, sequenceAction } from "~/features/sequences/index.server";
import { readFormData } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** One follow-up sequence: on or off, its counts, its trigger and steps, a step's preview (?step=&email=) and test. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const page = await loadSequencePage(env, params.id ?? "", admin, new URL(request.url).searchParams);
  if (!page) throw new Response(SEQUENCES_MESSAGES.notFound, { status: 404 });
  return page;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const by = await requireAdminActor(env, request);
  return sequenceAction(env, params.id ?? "", await readFormData(request), by);
}

export const handle: RouteHandle = { bareLayout: true };

export default function SequenceRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminShell email={data.email}>
      <SequencePage data={data} actionData={useActionData<typeof action>()} />
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `${data.sequence.name}: follow-up emails` : "Follow-up emails");

export const ErrorBoundary = AdminPageErrorBoundary;
