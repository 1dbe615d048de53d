import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useRef, useState } from "react";
import { ChecklistForm, useChecklistUnlock } from "~/features/lead-capture/ChecklistForm";
import { CHECKLIST_MESSAGES as M, CHECKLIST_PATH, checklistSchema } from "~/features/lead-capture/lead-magnet.schema";
import { checklistUnlockedHeaders, hasUnlockedChecklist, LEAD_MAGNET_RATE_LIMIT, submitChecklist } from "~/features/lead-capture/lead-magnet.server";
import { ChecklistFooter, ChecklistHero, ChecklistSections } from "~/features/playbooks/MarketingChecklist";
import { formHeaders } from "~/lib/forms";
import { publicFormAction, type PublicFormActionData } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { unlocked: await hasUnlockedChecklist(request, context.cloudflare.env) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return publicFormAction(request, env, {
    schema: checklistSchema,
    rateLimit: LEAD_MAGNET_RATE_LIMIT,
    handle: ({ email }) => submitChecklist(env, email, CHECKLIST_PATH),
    success: { type: "success", title: M.successTitle, description: M.successBody },
    failure: M.failureBody,
    successRedirect: CHECKLIST_PATH,
    successHeaders: () => checklistUnlockedHeaders(env),
  });
}

export const headers = formHeaders;
export const handle = { noPopup: true };

export default function MarketingChecklist() {
  const { unlocked: unlockedBefore } = useLoaderData<typeof loader>();
  const actionData = useActionData<PublicFormActionData>();
  const [unlockedNow, setUnlockedNow] = useState(false);
  const sections = useRef<HTMLElement>(null);
  const unlocked = unlockedBefore || unlockedNow;
  useChecklistUnlock(() => {
    setUnlockedNow(true);
    requestAnimationFrame(() => sections.current?.focus());
  });
  return (
    <>
      <ChecklistHero unlocked={unlocked} form={<ChecklistForm lastResult={actionData?.result} />} />
      <ChecklistSections ref={sections} unlocked={unlocked} />
      <ChecklistFooter />
    </>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Shopify App Marketing Checklist (69 points)",
    description: "A free 69-point marketing checklist for Shopify apps: App Store listing, onboarding, outreach, content, analytics, pricing and retention.",
    path: CHECKLIST_PATH,
    siteUrl: siteUrlFromMatches(matches),
  });
