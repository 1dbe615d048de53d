import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { ChecklistForm, useChecklistUnlock } from "~/features/lead-capture/ChecklistForm";
import { CHECKLIST_MESSAGES as M, checklistSchema } from "~/features/lead-capture/lead-magnet.schema";
import {
  checklistUnlockedHeaders,
  hasUnlockedChecklist,
  LEAD_MAGNET_RATE_LIMIT,
  submitChecklist,
} from "~/features/lead-capture/lead-magnet.server";
import { checklistView } from "~/features/playbooks/checklist-sections.server";
import { ChecklistFooter, ChecklistHero, ChecklistSections } from "~/features/playbooks/MarketingChecklist";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { CHECKLIST_PATH } from "~/lib/paths";
import type { RouteHandle } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const unlocked = await hasUnlockedChecklist(context.cloudflare.env, request.headers.get("Cookie"));
  return { unlocked, sections: checklistView(unlocked) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return publicFormAction(request, env, {
    schema: checklistSchema,
    rateLimit: LEAD_MAGNET_RATE_LIMIT,
    handle: (env, { email }, stamp, source) => submitChecklist(env, email, CHECKLIST_PATH, stamp, source),
    success: { type: "success", title: M.successTitle, description: M.successBody },
    failure: M.failureBody,
    successRedirect: CHECKLIST_PATH,
    successHeaders: () => checklistUnlockedHeaders(env),
  });
}

export const headers = formHeaders;
export const handle: RouteHandle = { edgeCache: { bypassCookies: ["checklist"] }, noPopup: true };

export default function MarketingChecklist() {
  // With JavaScript the unlock's answer sets the cookie and Remix reloads this data: the points arrive then.
  const { unlocked, sections } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const sectionsRef = useRef<HTMLElement>(null);
  useChecklistUnlock(() => requestAnimationFrame(() => sectionsRef.current?.focus()));
  return (
    <>
      <ChecklistHero sections={sections} unlocked={unlocked} form={<ChecklistForm lastResult={actionData?.result} />} />
      <ChecklistSections ref={sectionsRef} sections={sections} />
      <ChecklistFooter />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Shopify App Marketing Checklist (69 points)",
    description:
      "A free 69-point marketing checklist for Shopify apps: App Store listing, onboarding, outreach, content, analytics, pricing and retention.",
    path: CHECKLIST_PATH,
    siteUrl: siteUrlFromMatches(matches),
  });
