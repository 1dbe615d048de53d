import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { PaypalSubscribe } from "~/features/marketing/PaypalSubscribe";
import { PlanFeatures, PlanPrice } from "~/features/marketing/PlanParts";
import { plans } from "~/features/marketing/pricing";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  return { clientId: env.PAYPAL_CLIENT_ID ?? "", planId: env.PAYPAL_PLAN_ID ?? "" };
}

const premium = plans.find((p) => p.highlighted)!;

export default function PaypalSubscription() {
  const { clientId, planId } = useLoaderData<typeof loader>();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-16 sm:py-24">
        <div className="mx-auto max-w-lg rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-lg">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Premium Plan</p>
          <h1 className="mt-2 text-3xl font-extrabold">Subscribe to {premium.name}</h1>
          <PlanPrice plan={premium} />
          <p className="mt-3 text-slate-600">{premium.description}</p>
          <PlanFeatures plan={premium} />
          <div className="mt-8">
            <PaypalSubscribe clientId={clientId} planId={planId} />
          </div>
          <p className="mt-4 text-xs text-slate-600">Cancel any time. Your price stays locked while your subscription is active.</p>
        </div>
      </Container>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Subscribe to the Premium Plan",
    description: "Subscribe to the Early-Founder Pass: up to 50 verified, intent-tagged leads a month for $99.",
    path: "/paypal-subscription",
    siteUrl: siteUrlFromMatches(matches),
  });
