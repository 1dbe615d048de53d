import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { buttonClasses } from "~/components/ui/Button";
import { SignupPage } from "~/features/lead-capture/SignupPage";
import { PremiumAccessForm, PremiumSubmitted } from "~/features/lead-capture/PremiumAccessForm";
import { PREMIUM_MESSAGES } from "~/features/lead-capture/lead-capture.messages";
import { premiumAccessSchema } from "~/features/lead-capture/premium.schema";
import { PREMIUM_RATE_LIMIT, submitPremiumRequest } from "~/features/lead-capture/premium.server";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { PLAYBOOKS_PATH, PREMIUM_PATH } from "~/lib/paths";
import { OFFER } from "~/lib/offer";
import type { RouteHandle } from "~/root";

export function loader({ request, context }: LoaderFunctionArgs) {
  return {
    contactEmail: context.cloudflare.env.CONTACT_EMAIL,
    submitted: new URL(request.url).searchParams.has("submitted"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return publicFormAction(request, env, {
    schema: premiumAccessSchema,
    rateLimit: PREMIUM_RATE_LIMIT,
    handle: submitPremiumRequest,
    success: { type: "success", title: PREMIUM_MESSAGES.successTitle, description: PREMIUM_MESSAGES.successBody },
    failure: PREMIUM_MESSAGES.failureBody(env.CONTACT_EMAIL),
    successRedirect: `${PREMIUM_PATH}?submitted`,
  });
}

export const headers = formHeaders;

/** The page has its own form: no lead-magnet popup on top of it. */
export const handle: RouteHandle = { edgeCache: { params: ["submitted"] }, noPopup: true };

/** The premium access form as a page: where the hub's buttons lead without JavaScript. */
export default function PremiumAccess() {
  const { contactEmail, submitted } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [done, setDone] = useState(false);
  if (submitted || done) {
    return (
      <SignupPage
        title="SaaS Academy Premium"
        form={
          <PremiumSubmitted focus={done}>
            <Link to={PLAYBOOKS_PATH} className={buttonClasses({ variant: "secondary" }) + " mt-6"}>
              Back to the playbooks
            </Link>
          </PremiumSubmitted>
        }
      >
        {`${OFFER.premiumPrice} one-time, lifetime access to all ${OFFER.premiumPlaybooksWord} premium playbooks.`}
      </SignupPage>
    );
  }
  return (
    <SignupPage
      title="Get premium access"
      form={<PremiumAccessForm contactEmail={contactEmail} lastResult={actionData?.result} onSubmitted={() => setDone(true)} />}
    >
      {`SaaS Academy Premium: all ${OFFER.premiumPlaybooksWord} playbooks, templates and future updates for ${OFFER.premiumPrice}, one time. Tell us where to send the payment details; we reply within ${OFFER.premiumReplyHours} hours.`}
    </SignupPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Premium Access: SaaS Academy",
    description: `Request premium access to all ${OFFER.premiumPlaybooksWord} Shopify app playbooks: ${OFFER.premiumPrice} one-time, lifetime access. Payment details within ${OFFER.premiumReplyHours} hours.`,
    path: PREMIUM_PATH,
    siteUrl: siteUrlFromMatches(matches),
  });
