import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { Container } from "~/components/ui/Container";
import { QA_MESSAGES } from "~/features/qa/qa.messages";
import { QA_CATEGORIES, questionSchema } from "~/features/qa/qa.schema";
import { QA_RATE_LIMIT, submitQuestion } from "~/features/qa/qa.server";
import { QuestionForm } from "~/features/qa/QuestionForm";
import { formHeaders } from "~/lib/forms";
import { publicFormAction } from "~/lib/forms.server";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { OFFER } from "~/lib/offer";
import type { RouteHandle } from "~/root";
import { CheckIcon } from "~/components/ui/Icons";

export async function action({ request, context }: ActionFunctionArgs) {
  return publicFormAction(request, context.cloudflare.env, {
    schema: questionSchema,
    rateLimit: QA_RATE_LIMIT,
    handle: submitQuestion,
    success: { type: "success", title: QA_MESSAGES.success },
    failure: QA_MESSAGES.failure,
  });
}

export const headers = formHeaders;

const reasons = [
  "A founder on our team answers, not a bot",
  `Answers draw on ${OFFER.foundersServed} Shopify app launches`,
  "Published answers help other founders too",
  "No sign-up: your name and email are optional",
];

/** The page is a form: the lead-magnet popup never shows here. */
export const handle: RouteHandle = { edgeCache: {}, noPopup: true };

export default function AskQuestion() {
  const actionData = useActionData<typeof action>();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="grid gap-10 py-14 lg:grid-cols-3 lg:py-20">
        <div className="lg:col-span-2">
          <h1 className="text-4xl font-extrabold tracking-tight">Ask a question</h1>
          <p className="mt-3 text-lg text-slate-600">Stuck on approval, pricing, growth or churn? Ask, and we'll answer it publicly.</p>
          <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <QuestionForm lastResult={actionData?.result} />
          </div>
        </div>
        <aside className="space-y-6">
          <section aria-labelledby="why-ask" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="why-ask" className="text-lg font-semibold">
              Why ask here
            </h2>
            <ul className="mt-4 space-y-3 text-sm text-slate-700">
              {reasons.map((r) => (
                <li key={r} className="flex gap-2">
                  <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                  {r}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="popular-topics" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="popular-topics" className="text-lg font-semibold">
              Popular topics
            </h2>
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {QA_CATEGORIES.slice(0, 4).map((c) => (
                <li key={c.value}>{c.label}</li>
              ))}
            </ul>
          </section>
        </aside>
      </Container>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Ask a question",
    description:
      "Ask the Founder Leads team about App Store approval, go-to-market, growth, churn or the technical side of your Shopify app.",
    path: "/questions-and-answers/submit",
    siteUrl: siteUrlFromMatches(matches),
  });
