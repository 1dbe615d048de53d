import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { AdminShell } from "~/features/dashboard/AdminShell";
import { AdminPageErrorBoundary } from "~/features/dashboard/TabError";
import { SequencesList } from "~/features/sequences";
import { loadSequenceList } from "~/features/sequences/index.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** The follow-up sequences (ADR 0024): each with its trigger, on or off, steps, people enrolled and running. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return { email: admin.email, sequences: await loadSequenceList(env.DB) };
}

export const handle: RouteHandle = { bareLayout: true };

export default function SequencesRoute() {
  const { email, sequences } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email}>
      <SequencesList sequences={sequences} />
    </AdminShell>
  );
}

export const meta: MetaFunction = () => adminMeta("Follow-up emails");

export const ErrorBoundary = AdminPageErrorBoundary;
