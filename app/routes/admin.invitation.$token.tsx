import { requestAddress } from "~/lib/audit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { TEAM_MESSAGES } from "~/features/admin/account.messages";
import { choosePasswordSchema } from "~/features/admin/account.schema";
import { newPasswordRefusal, readSmallForm } from "~/features/admin/account.server";
import { ChoosePasswordPage, InvalidLinkPage } from "~/features/admin/ChoosePassword";
import { LOGIN_PATH } from "~/features/admin/paths";
import { acceptInvitation } from "~/features/admin/team.server";
import { findUsableToken } from "~/features/admin/tokens.server";
import { requireSameOrigin } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";

type ActionData = { result?: SubmissionResult<string[]>; invalid?: boolean };
const HIDE = ["password", "confirmPassword"];

/** Open to signed-out people: the link is the credential. A GET never uses it (mail scanners follow links). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = await findUsableToken(context.cloudflare.env, "invitation", params.token ?? "");
  return data({ email: token?.email ?? null }, { status: token ? 200 : 410, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  requireSameOrigin(request, env);
  const form = await readSmallForm(request);
  const token = await findUsableToken(env, "invitation", params.token ?? "");
  if (!token) return data<ActionData>({ invalid: true }, { status: 410 });
  const submission = parseWithZod(form, { schema: choosePasswordSchema });
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  const weak = newPasswordRefusal(submission.value.password, token.email);
  if (weak)
    return data<ActionData>({ result: submission.reply({ fieldErrors: { password: [weak.message] }, hideFields: HIDE }) }, { status: 400 });
  if (!(await acceptInvitation(env, token, submission.value.password, requestAddress(request))))
    return data<ActionData>({ invalid: true }, { status: 410 });
  return redirectWithToast(env, LOGIN_PATH, { type: "success", title: TEAM_MESSAGES.accepted });
}

export const handle = { bareLayout: true, noPopup: true };

export default function AcceptInvitation() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const { token } = useParams();
  if (!email || actionData?.invalid) return <InvalidLinkPage />;
  return (
    <ChoosePasswordPage
      title="Join the Founder Leads admin"
      intro={`Choose a password for ${email}. Then sign in with it.`}
      action={`/admin/invitation/${token}`}
      submitLabel="Create my account"
      lastResult={actionData?.result}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Invitation | Founder Leads" }, { name: "robots", content: "noindex" }];
