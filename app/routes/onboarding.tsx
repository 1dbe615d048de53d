import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BrandMark } from "~/components/ui/BrandMark";
import { Container } from "~/components/ui/Container";
import { OnboardingWizard } from "~/features/onboarding/OnboardingWizard";
import { draftIdFrom } from "~/features/onboarding/onboarding.server";
import { handleWizardPost, WIZARD_BODY_BYTES, wizardState } from "~/features/onboarding/wizard.server";
import { clientChecks } from "~/lib/form-guard.server";
import { formHeaders } from "~/lib/forms";
import { readFormWithin } from "~/lib/request.server";
import { sourceOfPost } from "~/lib/visit-source";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  return wizardState(env, await draftIdFrom(env, request.headers.get("Cookie")));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const form = await readFormWithin(request, WIZARD_BODY_BYTES);
  return handleWizardPost(env, {
    form,
    source: form ? sourceOfPost(request, form) : null,
    draftId: await draftIdFrom(env, request.headers.get("Cookie")),
    checks: clientChecks(request, env),
  });
}

export const headers = formHeaders;
export const handle: RouteHandle = { edgeCache: {}, bareLayout: true, noPopup: true };

export default function Onboarding() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-white">
      <header className="border-b border-slate-200 bg-white">
        <Container className="flex h-14 items-center justify-between">
          <Link to="/" className="flex items-center gap-2 font-bold text-ink">
            <BrandMark />
            <span>Founder Leads</span>
          </Link>
          <Link to="/" className="text-sm font-medium text-slate-600 hover:text-ink">
            ← Back to Home
          </Link>
        </Container>
      </header>
      <OnboardingWizard state={acted ?? loaded} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Get your sample leads",
    description: "Tell us about your Shopify app in four short steps and get 2-3 verified sample leads in 24-48 hours.",
    path: "/onboarding",
    siteUrl: siteUrlFromMatches(matches),
  });
