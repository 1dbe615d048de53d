import { readSmallForm } from "~/lib/request.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TEAM_MESSAGES } from "~/features/auth/account.messages";
import { inviteSchema, revokeInvitationSchema } from "~/features/auth/account.schema";
import { unknownIntent } from "~/features/auth/account.server";
import { requireAdminActor } from "~/features/auth/index.server";
import { TEAM_PATH } from "~/features/auth/paths";
import { inviteAdmin, revokeInvitation, teamOverview } from "~/features/auth/team.server";
import { TeamPage, type TeamActionData } from "~/features/auth/TeamPage";
import { redirectWithToast } from "~/lib/toast.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return { email: admin.email, currentAdminId: admin.id, ...(await teamOverview(env)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin, actor } = await requireAdminActor(env, request);
  const form = await readSmallForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "invite") {
    const submission = parseWithZod(form, { schema: inviteSchema });
    if (submission.status !== "success") return data<TeamActionData>({ intent, result: submission.reply() }, { status: 400 });
    const refusal = await inviteAdmin(env, submission.value.email, { admin, actor });
    if (refusal) return data<TeamActionData>({ intent, result: submission.reply({ fieldErrors: { email: [refusal] } }) }, { status: 400 });
    return redirectWithToast(env, TEAM_PATH, { type: "success", title: TEAM_MESSAGES.invited });
  }
  if (intent === "revoke") {
    const submission = parseWithZod(form, { schema: revokeInvitationSchema });
    if (submission.status !== "success") throw unknownIntent();
    await revokeInvitation(env, submission.value.invitationId, actor);
    return redirectWithToast(env, TEAM_PATH, { type: "success", title: TEAM_MESSAGES.revoked });
  }
  throw unknownIntent();
}

export const handle: RouteHandle = { bareLayout: true };

export default function Team() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <TeamPage data={loaderData} actionData={actionData} />;
}

export const meta: MetaFunction = () => adminMeta("Team");
