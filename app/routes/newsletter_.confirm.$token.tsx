import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { ConfirmSubscriptionPage } from "~/features/lead-capture/ListLinkPages";
import { confirmationState, confirmSubscription } from "~/features/lead-capture/newsletter.server";
import { CONFIRM_PATH } from "~/features/lead-capture/newsletter.schema";
import { noindexMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

const NO_STORE = { "Cache-Control": "no-store" };
const statusOf = (state: string) => (state === "pending" || state === "confirmed" ? 200 : 410);

/** The confirmation link's page: a GET shows the button and changes nothing (mail scanners follow links). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const found = await confirmationState(context.cloudflare.env, params.token ?? "");
  return data(found, { status: statusOf(found.state), headers: NO_STORE });
}

/** The button: confirms once; a second POST answers the same, a used-up or expired link is refused (410). */
export async function action({ params, context }: ActionFunctionArgs) {
  const state = await confirmSubscription(context.cloudflare.env, params.token ?? "");
  return data({ state }, { status: statusOf(state), headers: NO_STORE });
}

export const handle: RouteHandle = { hideNewsletter: true, hideWaitlistBanner: true, noPopup: true };

export default function ConfirmNewsletter() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const { token } = useParams();
  return <ConfirmSubscriptionPage state={acted?.state ?? loaded.state} email={loaded.email} action={`${CONFIRM_PATH}/${token}`} />;
}

export const meta: MetaFunction = () => noindexMeta("Confirm your subscription | Founder Leads");
