import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { z } from "zod";
import { LEAD_MAGNET_MESSAGES, leadMagnetPopupSchema } from "~/features/lead-capture/lead-magnet.schema";
import { LEAD_MAGNET_RATE_LIMIT, submitLeadMagnet } from "~/features/lead-capture/lead-magnet.server";
import { LeadMagnetForm } from "~/features/lead-capture/LeadMagnetForm";
import { SignupPage } from "~/features/lead-capture/SignupPage";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { safeRedirectPath } from "~/lib/request.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

const schema = leadMagnetPopupSchema.extend({ page: z.string().max(500).optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  return publicFormAction(request, context.cloudflare.env, {
    schema,
    rateLimit: LEAD_MAGNET_RATE_LIMIT,
    handle: (env, { page, ...lead }, stamp, source) =>
      submitLeadMagnet(env, { ...lead, page: safeRedirectPath(page), source: "leadmagnet-popup" }, stamp, source),
    success: { type: "success", title: LEAD_MAGNET_MESSAGES.successTitle, description: LEAD_MAGNET_MESSAGES.successBody },
    failure: LEAD_MAGNET_MESSAGES.failureBody,
  });
}

export const headers = formHeaders;
export const handle: RouteHandle = { edgeCache: {}, noPopup: true };

/** The popup's form as a page: where it lands without JavaScript, and a direct link to the free playbook. */
export default function LeadMagnetPage() {
  const actionData = useActionData<typeof action>();
  return (
    <SignupPage title="Get the free Shopify App Launch & Scaling Playbook" form={<LeadMagnetForm lastResult={actionData?.result} />}>
      The PDF playbook and the scaling checklist spreadsheet, plus a few warm store leads for your app, in your inbox.
    </SignupPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Free Shopify App Launch & Scaling Playbook",
    description: "Get the Shopify App Launch & Scaling Playbook and the scaling checklist, free.",
    path: "/lead-magnet",
    siteUrl: siteUrlFromMatches(matches),
  });
