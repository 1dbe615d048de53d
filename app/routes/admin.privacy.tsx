import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { requireAdminActor } from "~/features/auth/index.server";
import { PrivacyPage } from "~/features/privacy/PrivacyPage";
import { PRIVACY_MESSAGES } from "~/features/privacy/privacy.messages";
import { privacyAction, privacyPage } from "~/features/privacy/privacy.server";
import { readSmallForm } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** A person's data on request (ADR 0014): type an address (or come from a person's page) to export or erase it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const { searchParams } = new URL(request.url);
  const page = await privacyPage(env.DB, {
    personId: searchParams.get("person"),
    step: searchParams.get("step") === "erase" ? "confirm" : "summary",
  });
  if (!page) throw new Response(PRIVACY_MESSAGES.notFound, { status: 404 });
  return { email: admin.email, ...page };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  return privacyAction(env, await readSmallForm(request), actor);
}

export const handle: RouteHandle = { bareLayout: true };

export default function PrivacyRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminShell email={data.email}>
      <PrivacyPage data={data} actionData={useActionData<typeof action>()} />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("Privacy");

/** The page could not be drawn: the message without the dashboard's frame (the guard's redirect is not an error). */
export const ErrorBoundary = AdminPageErrorBoundary;
