import { requestAddress } from "~/lib/audit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { RESET_MESSAGES } from "~/features/admin/account.messages";
import { choosePasswordSchema } from "~/features/admin/account.schema";
import { newPasswordRefusal, readSmallForm } from "~/features/admin/account.server";
import { ChoosePasswordPage, InvalidLinkPage } from "~/features/admin/ChoosePassword";
import { LOGIN_PATH } from "~/features/admin/paths";
import { resetPassword } from "~/features/admin/reset.server";
import { findUsableToken } from "~/features/admin/tokens.server";
import { requireSameOrigin } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";

type ActionData = { result?: SubmissionResult<string[]>; invalid?: boolean };
const HIDE = ["password", "confirmPassword"];

/** Open to signed-out people: the link is the credential. A GET never uses it (mail scanners follow links). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = await findUsableToken(context.cloudflare.env, "password-reset", params.token ?? "");
  return data({ valid: token !== null }, { status: token ? 200 : 410, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  requireSameOrigin(request, env);
  const form = await readSmallForm(request);
  const token = await findUsableToken(env, "password-reset", params.token ?? "");
  if (!token) return data<ActionData>({ invalid: true }, { status: 410 });
  const submission = parseWithZod(form, { schema: choosePasswordSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const weak = newPasswordRefusal(submission.value.password, token.email);
  if (weak)
    return data<ActionData>({ result: submission.reply({ fieldErrors: { password: [weak.message] }, hideFields: HIDE }) }, { status: 400 });
  if (!(await resetPassword(env, token, submission.value.password, requestAddress(request))))
    return data<ActionData>({ invalid: true }, { status: 410 });
  return redirectWithToast(env, LOGIN_PATH, { type: "success", title: RESET_MESSAGES.done });
}

export const handle = { bareLayout: true, noPopup: true };

export default function ResetPassword() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const { token } = useParams();
  if (!valid || actionData?.invalid) return <InvalidLinkPage />;
  return (
    <ChoosePasswordPage
      title="Choose a new password"
      intro="Every session of your account will end. If two-factor sign-in is on, it is still asked for."
      action={`/admin/reset-password/${token}`}
      submitLabel="Set the new password"
      lastResult={actionData?.result}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Reset password | Founder Leads" }, { name: "robots", content: "noindex" }];
