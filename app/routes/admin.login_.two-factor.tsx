import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { twoFactorCodeSchema } from "~/features/auth/account.schema";
import { LOGIN_MESSAGES } from "~/features/auth/auth.messages";
import { clearPendingSignIn, LoginError, readPendingSignIn, startAdminSession, verifySecondFactor } from "~/features/auth/sign-in.server";
import { LOGIN_PATH } from "~/features/auth/paths";
import { AuthCard, AuthLink } from "~/features/auth/AuthCard";
import { SimpleForm } from "~/features/auth/SimpleForm";
import { formHeaders } from "~/lib/forms";
import { clientIp, readSmallForm, requireSameOrigin } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

type ActionData = { result: SubmissionResult<string[]> };

/** Open to signed-out people, but only with the pending state of a right password (else: back to sign-in). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  if (!(await readPendingSignIn(env, request))) throw redirect(LOGIN_PATH);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  requireSameOrigin(request, env);
  const form = await readSmallForm(request);
  const submission = parseWithZod(form, { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  try {
    const kept = (await readPendingSignIn(env, request))?.kept ?? null;
    const admin = await verifySecondFactor(env, request, submission.value.code, clientIp(request));
    return await startAdminSession(env, request, admin, context.cloudflare.cf?.country ?? null, kept);
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    if (error.message === LOGIN_MESSAGES.pendingExpired) {
      throw await redirectWithToast(
        env,
        LOGIN_PATH,
        { type: "error", title: LOGIN_MESSAGES.pendingExpired },
        { headers: { "Set-Cookie": await clearPendingSignIn(env) } },
      );
    }
    return data<ActionData>(
      { result: submission.reply({ formErrors: [error.message], hideFields: ["code"] }) },
      { status: error.status, headers: error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined },
    );
  }
}

export const headers = formHeaders;
export const handle: RouteHandle = { bareLayout: true, noPopup: true };

export default function TwoFactorSignIn() {
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard
      title="Two-factor sign-in"
      intro="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      footer={<AuthLink to={LOGIN_PATH}>Start again</AuthLink>}
    >
      <SimpleForm
        id="two-factor-sign-in"
        action="/admin/login/two-factor"
        loadSchema={() => import("~/features/auth/account.schema").then((m) => m.twoFactorCodeSchema)}
        lastResult={actionData?.result}
        fields={[{ name: "code", label: "Code", autoComplete: "one-time-code", inputMode: "text" }]}
        submitLabel="Verify"
        busyLabel="Verifying..."
        wide
      />
    </AuthCard>
  );
}

export const meta: MetaFunction = () => adminMeta("Two-factor sign-in", { signedOut: true });
