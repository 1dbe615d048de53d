import { readSmallForm } from "~/lib/request.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmForm } from "~/components/ui/Confirm";
import { ErrorList } from "~/components/ui/Field";
import { TEAM_MESSAGES } from "~/features/auth/account.messages";
import { AdminPage, AdminSection } from "~/features/dashboard/AdminShell";
import { requireAdminActor } from "~/features/auth/index.server";
import { TEAM_PATH } from "~/features/auth/paths";
import { findAdmin, removeAdmin } from "~/features/auth/team.server";
import { redirectWithToast } from "~/lib/toast.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** The confirmation of removing an admin, as a page of its own (works without JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const target = await findAdmin(env, params.userId ?? "");
  if (!target) throw new Response(TEAM_MESSAGES.notFound, { status: 404 });
  return { email: admin.email, target };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin, actor } = await requireAdminActor(env, request);
  await readSmallForm(request);
  const refusal = await removeAdmin(env, params.userId ?? "", { admin, actor });
  if (refusal) return data({ error: refusal }, { status: refusal === TEAM_MESSAGES.notFound ? 404 : 400 });
  return redirectWithToast(env, TEAM_PATH, { type: "success", title: TEAM_MESSAGES.removed });
}

export const handle: RouteHandle = { bareLayout: true };

export default function RemoveAdmin() {
  const { email, target } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminPage email={email} title="Team">
      <AdminSection title="Remove an admin">
        <ErrorList id="remove-error" errors={answer?.error ? [answer.error] : null} />
        <ConfirmForm
          cancel={TEAM_PATH}
          confirmation={{
            title: `Remove ${target.email}?`,
            text: "Their account is deleted and every session of theirs ends at once. They can be invited again later.",
            action: `${TEAM_PATH}/${target.id}/remove`,
            intent: "remove",
            confirmLabel: "Remove admin",
          }}
        />
      </AdminSection>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => adminMeta("Remove an admin");
