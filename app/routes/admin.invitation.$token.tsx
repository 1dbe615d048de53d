import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { TokenLinkPage } from "~/features/auth/ChoosePassword";
import { chooseLinkPassword, tokenLinkPage } from "~/features/auth/token-link.server";
import { requestAddress } from "~/lib/audit.server";
import { readSmallForm, requireSameOrigin } from "~/lib/request.server";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export const loader = ({ params, context }: LoaderFunctionArgs) =>
  tokenLinkPage(context.cloudflare.env, { kind: "invitation", token: params.token ?? "" });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  requireSameOrigin(request, env);
  const form = await readSmallForm(request);
  return chooseLinkPassword(env, { kind: "invitation", token: params.token ?? "", form, address: requestAddress(request) });
}

export const handle: RouteHandle = { bareLayout: true, noPopup: true };

export default function AcceptInvitation() {
  const { email } = useLoaderData<typeof loader>();
  return <TokenLinkPage kind="invitation" token={useParams().token} email={email} actionData={useActionData<typeof action>()} />;
}

export const meta: MetaFunction = () => adminMeta("Invitation", { signedOut: true });
