import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PLAYBOOK_LANDING_MESSAGES as M, playbookLandingSchema } from "~/features/lead-capture/lead-magnet.schema";
import { LEAD_MAGNET_RATE_LIMIT, submitLeadMagnet } from "~/features/lead-capture/lead-magnet.server";
import { PlaybookLandingForm } from "~/features/lead-capture/PlaybookLandingForm";
import { PlaybookLanding } from "~/features/playbooks/PlaybookLanding";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { FINAL_GUIDE_PATH, PLAYBOOK_LANDING_PATH } from "~/lib/paths";
import type { RouteHandle } from "~/root";

export function loader({ context }: LoaderFunctionArgs) {
  return { xlsxUrl: context.cloudflare.env.PLAYBOOK_XLSX_URL };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return publicFormAction(request, context.cloudflare.env, {
    schema: playbookLandingSchema,
    rateLimit: LEAD_MAGNET_RATE_LIMIT,
    handle: (env, lead, stamp, source) =>
      submitLeadMagnet(env, { ...lead, page: PLAYBOOK_LANDING_PATH, source: "playbook-landing" }, stamp, source),
    success: { type: "success", title: M.successTitle, description: M.successBody },
    failure: M.failureBody,
    successRedirect: `${FINAL_GUIDE_PATH}?welcome`,
  });
}

export const headers = formHeaders;
export const handle: RouteHandle = { edgeCache: {}, noPopup: true };

export default function PlaybookLandingRoute() {
  const { xlsxUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PlaybookLanding form={<PlaybookLandingForm xlsxUrl={xlsxUrl} lastResult={actionData?.result} />} />;
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Free Shopify App Launch & Scaling Playbook",
    description:
      "The free playbook for Shopify app founders: validate, pass app review, launch, win your first 100 merchants and grow. Guide, PDF and spreadsheet.",
    path: PLAYBOOK_LANDING_PATH,
    siteUrl: siteUrlFromMatches(matches),
  });
