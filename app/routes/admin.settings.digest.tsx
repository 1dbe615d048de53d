import { readSmallForm } from "~/lib/request.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdminActor } from "~/features/auth/index.server";
import { DIGEST_MESSAGES, DIGEST_SETTINGS_PATH } from "~/features/alerts/digest.messages";
import { digestSettingsSchema } from "~/features/alerts/digest.schema";
import { digestSettingsOverview, saveDigestSettings } from "~/features/alerts/digest.server";
import { AdminPage, AdminSection } from "~/features/dashboard/AdminShell";
import { DigestSettingsForm, DigestStatus, type DigestSettingsActionData } from "~/features/alerts/DigestSettingsPage";
import { timeZoneNames } from "~/lib/time-zone";
import { redirectWithToast } from "~/lib/toast.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  return { email: admin.email, timeZones: timeZoneNames(), ...(await digestSettingsOverview(env)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  const submission = parseWithZod(await readSmallForm(request), { schema: digestSettingsSchema });
  if (submission.status !== "success") return data<DigestSettingsActionData>({ result: submission.reply() }, { status: 400 });
  try {
    await saveDigestSettings(env, submission.value, actor);
  } catch (error) {
    console.error("Saving the digest settings failed", error);
    return data<DigestSettingsActionData>({ result: submission.reply({ formErrors: [DIGEST_MESSAGES.saveFailed] }) }, { status: 503 });
  }
  return redirectWithToast(env, DIGEST_SETTINGS_PATH, { type: "success", title: DIGEST_MESSAGES.saved });
}

export const handle: RouteHandle = { bareLayout: true };

export default function DigestSettings() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage email={loaderData.email} title={DIGEST_MESSAGES.title}>
      <AdminSection title={DIGEST_MESSAGES.formTitle} description={DIGEST_MESSAGES.intro}>
        <DigestSettingsForm data={loaderData} actionData={actionData} />
      </AdminSection>
      <AdminSection title={DIGEST_MESSAGES.statusTitle}>
        <DigestStatus data={loaderData} />
      </AdminSection>
    </AdminPage>
  );
}

export const meta: MetaFunction = () => adminMeta("Daily digest");
