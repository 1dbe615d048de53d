import { readSmallForm } from "~/lib/request.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { SESSION_SETTINGS_MESSAGES as M, SESSION_SETTINGS_PATH, sessionSettingsSchema } from "~/features/auth/session-settings";
import { saveSessionSettings, sessionSettingsOverview } from "~/features/auth/session-settings.server";
import { SessionSettingsPage, type SessionSettingsActionData } from "~/features/auth/SessionSettingsPage";
import { loggable } from "~/lib/log.server";
import { redirectWithToast } from "~/lib/toast.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** The team's session limits (idle timeout, lifetime): every admin's sessions, enforced by the guard. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return { email: admin.email, limits: await sessionSettingsOverview(env) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  const submission = parseWithZod(await readSmallForm(request), { schema: sessionSettingsSchema });
  if (submission.status !== "success") return data<SessionSettingsActionData>({ result: submission.reply() }, { status: 400 });
  try {
    await saveSessionSettings(env, submission.value, actor);
  } catch (error) {
    console.error("Saving the session settings failed", loggable(error));
    return data<SessionSettingsActionData>({ result: submission.reply({ formErrors: [M.saveFailed] }) }, { status: 503 });
  }
  return redirectWithToast(env, SESSION_SETTINGS_PATH, { type: "success", title: M.saved });
}

export const handle: RouteHandle = { bareLayout: true };

export default function SessionSettings() {
  const { email, limits } = useLoaderData<typeof loader>();
  return <SessionSettingsPage email={email} limits={limits} actionData={useActionData<typeof action>()} />;
}

export const meta: MetaFunction = () => adminMeta("Sessions");
