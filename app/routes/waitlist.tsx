import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { SignupPage } from "~/features/lead-capture/SignupPage";
import { joinWaitlist, WAITLIST_RATE_LIMIT } from "~/features/lead-capture/waitlist.server";
import { waitlistSchema } from "~/features/lead-capture/waitlist.schema";
import { WAITLIST_MESSAGES } from "~/features/lead-capture/lead-capture.messages";
import { WaitlistForm } from "~/features/lead-capture/WaitlistForm";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function action({ request, context }: ActionFunctionArgs) {
  return publicFormAction(request, context.cloudflare.env, {
    schema: waitlistSchema,
    rateLimit: WAITLIST_RATE_LIMIT,
    handle: (env, { email }, stamp, source) => joinWaitlist(env, email, stamp, source),
    success: { type: "success", title: WAITLIST_MESSAGES.success },
    failure: WAITLIST_MESSAGES.failure,
  });
}

export const headers = formHeaders;
export const handle: RouteHandle = { edgeCache: {}, hideWaitlistBanner: true };

export default function WaitlistPage() {
  const actionData = useActionData<typeof action>();
  return (
    <SignupPage title="Join the Founder Quest waitlist" form={<WaitlistForm lastResult={actionData?.result} tone="light" />}>
      Our browser game about founding a SaaS company is on its way. Leave your email and we'll notify you when it launches.
    </SignupPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Join the game waitlist",
    description: "Be the first to play Founder Quest, the browser game about growing a SaaS company.",
    path: "/waitlist",
    siteUrl: siteUrlFromMatches(matches),
  });
