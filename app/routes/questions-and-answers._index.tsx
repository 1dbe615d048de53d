import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { listPublished, parseListParams } from "~/features/qa/qa.server";
import { QaFilters, QaResults } from "~/features/qa/QaList";
import { seo, siteUrlFromMatches } from "~/lib/seo";
import { EDGE_TAG, edgeTags } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: { params: ["q", "category", "sort", "page"] } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = parseListParams(new URL(request.url));
  edgeTags(context, EDGE_TAG.list("qa"));
  return { params, list: await listPublished(context.cloudflare.env, params) };
}

export default function QuestionsAndAnswers() {
  const { params, list } = useLoaderData<typeof loader>();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-14 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Questions &amp; Answers</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight">Answers for Shopify app founders</h1>
            <p className="mt-3 text-lg text-slate-600">
              App Store approval, go-to-market, growth, churn and the technical side: questions from founders, answered by our team.
            </p>
          </div>
          <ButtonLink to="/questions-and-answers/submit" size="lg">
            Ask a question
          </ButtonLink>
        </div>
        <div className="mt-10">
          <QaFilters params={params} />
        </div>
        <QaResults list={list} />
      </Container>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const answered = (data?.list.rows ?? []).filter((q) => q.answerExcerpt).slice(0, 10);
  return seo({
    title: "Questions & Answers",
    description: "Questions from Shopify app founders about App Store approval, go-to-market, growth and churn, answered by our team.",
    path: "/questions-and-answers",
    siteUrl: siteUrlFromMatches(matches),
    jsonLd: answered.length
      ? {
          "@context": "https://schema.org",
          "@type": "FAQPage",
          mainEntity: answered.map((q) => ({
            "@type": "Question",
            name: q.title,
            acceptedAnswer: { "@type": "Answer", text: q.answerExcerpt },
          })),
        }
      : undefined,
  });
};
