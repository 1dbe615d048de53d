import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { requireAdminActor } from "~/features/auth/index.server";
import { PrivacyPage } from "~/features/privacy/PrivacyPage";
import { privacyAction, privacyPage, type PrivacyActionData } from "~/features/privacy/privacy.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** A person's data on request (ADR 0014): type an address (or come from a person's page) to export or erase it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(request, env);
  return { email: admin.email, ...(await privacyPage(env.DB, new URL(request.url))) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(request, env);
  return privacyAction(request, env, actor);
}

export const handle: RouteHandle = { bareLayout: true };

export default function PrivacyRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminShell email={data.email}>
      <PrivacyPage data={data} actionData={useActionData<PrivacyActionData>()} />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("Privacy");

/** The page could not be drawn: the message without the dashboard's frame (the guard's redirect is not an error). */
export const ErrorBoundary = AdminPageErrorBoundary;
