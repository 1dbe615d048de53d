import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { TEAM_MESSAGES } from "~/features/auth/account.messages";
import { ChoosePasswordPage, InvalidLinkPage } from "~/features/auth/ChoosePassword";
import { acceptInvitation } from "~/features/auth/team.server";
import { tokenLinkAction, tokenLinkLoader, type TokenLinkActionData } from "~/features/auth/token-link.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export const loader = (args: LoaderFunctionArgs) => tokenLinkLoader("invitation", args);
export const action = (args: ActionFunctionArgs) => tokenLinkAction("invitation", args, acceptInvitation, TEAM_MESSAGES.accepted);

export const handle: RouteHandle = { bareLayout: true, noPopup: true };

export default function AcceptInvitation() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<TokenLinkActionData>();
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

export const meta: MetaFunction = () => adminMeta("Invitation", { signedOut: true });
