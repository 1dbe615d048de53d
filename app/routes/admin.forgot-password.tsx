import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { RESET_MESSAGES } from "~/features/auth/account.messages";
import { forgotPasswordSchema } from "~/features/auth/account.schema";
import { AuthCard, AuthLink } from "~/features/auth/AuthCard";
import { LOGIN_PATH } from "~/features/auth/paths";
import { requestPasswordReset } from "~/features/auth/reset.server";
import { SimpleForm } from "~/features/auth/SimpleForm";
import { formHeaders } from "~/lib/forms";
import { clientIp, readSmallForm, requireSameOrigin } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

type ActionData = { result?: SubmissionResult<string[]>; sent?: boolean };

/** Open to signed-out people. */
export function loader() {
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  requireSameOrigin(request, env);
  const form = await readSmallForm(request);
  const submission = parseWithZod(form, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const retryAfter = await requestPasswordReset(env, submission.value.email, clientIp(request), context.afterResponse);
  if (retryAfter !== null) {
    return data<ActionData>(
      { result: submission.reply({ formErrors: [RESET_MESSAGES.throttled] }) },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  // The same answer whether or not the address belongs to an admin.
  return data<ActionData>({ sent: true });
}

export const headers = formHeaders;
export const handle: RouteHandle = { bareLayout: true, noPopup: true };

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard
      title="Forgot password?"
      intro="Enter the email of your admin account. We will send a link to choose a new password."
      footer={<AuthLink to={LOGIN_PATH}>Back to sign-in</AuthLink>}
    >
      {actionData?.sent ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900">
          {RESET_MESSAGES.sent}
        </p>
      ) : (
        <SimpleForm
          id="forgot-password"
          action="/admin/forgot-password"
          loadSchema={() => import("~/features/auth/account.schema").then((m) => m.forgotPasswordSchema)}
          lastResult={actionData?.result}
          fields={[{ name: "email", label: "Email", type: "email", autoComplete: "username" }]}
          submitLabel="Send the link"
          busyLabel="Sending..."
          wide
        />
      )}
    </AuthCard>
  );
}

export const meta: MetaFunction = () => adminMeta("Forgot password", { signedOut: true });
