import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { NewsletterForm } from "~/features/lead-capture/NewsletterForm";
import { newsletterSchema } from "~/features/lead-capture/newsletter.schema";
import { NEWSLETTER_MESSAGES } from "~/features/lead-capture/lead-capture.messages";
import { NEWSLETTER_RATE_LIMIT, subscribeNewsletter } from "~/features/lead-capture/newsletter.server";
import { SignupPage } from "~/features/lead-capture/SignupPage";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function action({ request, context }: ActionFunctionArgs) {
  return publicFormAction(request, context.cloudflare.env, {
    schema: newsletterSchema,
    rateLimit: NEWSLETTER_RATE_LIMIT,
    handle: (env, { email }, stamp, source) => subscribeNewsletter(env, email, stamp, source),
    // Every address hears the same (a confirmed one is told by email that it is already on the list): the form tells
    // a stranger nothing about who subscribed.
    success: { type: "success", title: NEWSLETTER_MESSAGES.success },
    failure: NEWSLETTER_MESSAGES.failure,
  });
}

export const headers = formHeaders;
export const handle: RouteHandle = { edgeCache: {}, hideNewsletter: true };

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>();
  return (
    <SignupPage title="Stay updated" form={<NewsletterForm lastResult={actionData?.result} tone="light" />}>
      Short, practical notes on finding merchants for your Shopify app, about twice a month. Unsubscribe any time.
    </SignupPage>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Subscribe to growth notes",
    description: "Practical notes on finding merchants for Shopify apps, about twice a month.",
    path: "/newsletter",
    siteUrl: siteUrlFromMatches(matches),
  });
