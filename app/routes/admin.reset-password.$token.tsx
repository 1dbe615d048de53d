import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { RESET_MESSAGES } from "~/features/auth/account.messages";
import { ChoosePasswordPage, InvalidLinkPage } from "~/features/auth/ChoosePassword";
import { resetPassword } from "~/features/auth/reset.server";
import { tokenLinkAction, tokenLinkLoader, type TokenLinkActionData } from "~/features/auth/token-link.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export const loader = (args: LoaderFunctionArgs) => tokenLinkLoader("password-reset", args);
export const action = (args: ActionFunctionArgs) => tokenLinkAction("password-reset", args, resetPassword, RESET_MESSAGES.done);

export const handle: RouteHandle = { bareLayout: true, noPopup: true };

export default function ResetPassword() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<TokenLinkActionData>();
  const { token } = useParams();
  if (!email || actionData?.invalid) return <InvalidLinkPage />;
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

export const meta: MetaFunction = () => adminMeta("Reset password", { signedOut: true });
