import { readSmallForm } from "~/lib/request.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { ACCOUNT_MESSAGES } from "~/features/auth/account.messages";
import { twoFactorCodeSchema } from "~/features/auth/account.schema";
import { requireAdminActor } from "~/features/auth/index.server";
import { confirmTwoFactor, pendingSetup } from "~/features/auth/two-factor.server";
import { TwoFactorSetupPage } from "~/features/auth/TwoFactorSetup";
import { formHeaders } from "~/lib/forms";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

type ActionData = { result?: SubmissionResult<string[]>; codes?: string[] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  // Already on (also right after turning it on, while the recovery codes are shown): nothing to set up.
  return { email: admin.email, setup: admin.twoFactor ? null : await pendingSetup(env, admin.id, admin.email) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin, actor } = await requireAdminActor(env, request);
  const form = await readSmallForm(request);
  const submission = parseWithZod(form, { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const codes = admin.twoFactor ? null : await confirmTwoFactor(env, submission.value.code.replace(/\s/g, ""), { admin, actor });
  if (!codes) {
    return data<ActionData>(
      { result: submission.reply({ fieldErrors: { code: [ACCOUNT_MESSAGES.codeInvalid] }, hideFields: ["code"] }) },
      { status: 400 },
    );
  }
  // Shown once, in this answer only: never cached, never stored in clear.
  return data<ActionData>({ codes }, { headers: { "Cache-Control": "no-store" } });
}

export const headers = formHeaders;
export const handle: RouteHandle = { bareLayout: true };

export default function TwoFactorSetupRoute() {
  const { email, setup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <TwoFactorSetupPage email={email} setup={setup} codes={actionData?.codes} lastResult={actionData?.result} />;
}

export const meta: MetaFunction = () => adminMeta("Two-factor sign-in");
