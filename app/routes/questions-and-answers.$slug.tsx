import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { isBot } from "~/lib/bots";
import { Badge } from "~/components/ui/Badge";
import { Container } from "~/components/ui/Container";
import { formatDate } from "~/lib/format";
import { categoryLabel } from "~/features/qa/qa.options";
import { countView, getQuestionPage } from "~/features/qa/qa.server";
import { QuestionCard } from "~/features/qa/QuestionCard";
import { ShareButton } from "~/features/qa/ShareButton";
import { canonicalUrl, seo, siteUrlFromMatches } from "~/lib/seo";
import { EDGE_TAG, edgeTags } from "~/lib/edge-tags";
import type { RouteHandle } from "~/root";

/** Served from the edge cache (ADR 0020). */
export const handle: RouteHandle = { edgeCache: {} };

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const page = await getQuestionPage(env, params.slug ?? "");
  if (!page) throw redirect("/questions-and-answers");
  const { question, related } = page;
  edgeTags(context, ...[question, ...related].map((q) => EDGE_TAG.question(q.id)));
  // One more view, after the response, and not for crawlers. From the edge cache, the gateway counts each view.
  if (context.edge) context.edge.view = question.id;
  else if (!isBot(request.headers.get("User-Agent") ?? "")) context.afterResponse((bg) => countView(bg, question.id));
  return {
    question: { ...question, viewCount: question.viewCount + 1 },
    related,
    url: canonicalUrl(env.SITE_URL, `/questions-and-answers/${question.slug}`),
  };
}

export default function QuestionPage() {
  const { question: q, related, url } = useLoaderData<typeof loader>();
  return (
    <Container className="py-12 sm:py-16">
      <div className="mx-auto max-w-3xl">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <ol className="flex flex-wrap gap-2">
            <li>
              <Link to="/questions-and-answers" className="hover:text-ink">
                Questions &amp; Answers
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link to={`/questions-and-answers?category=${q.category}`} className="hover:text-ink">
                {categoryLabel(q.category)}
              </Link>
            </li>
          </ol>
        </nav>
        <div className="mt-6 flex flex-wrap items-center gap-2">
          <Badge tone="brand">{categoryLabel(q.category)}</Badge>
          {q.isFeatured ? <Badge tone="warning">Featured</Badge> : null}
        </div>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{q.title}</h1>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4 text-sm text-slate-600">
          <p>{`${formatDate(q.createdAt)} · ${q.viewCount} ${q.viewCount === 1 ? "view" : "views"}`}</p>
          <ShareButton url={url} title={q.title} />
        </div>
        <section aria-labelledby="question-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="question-heading" className="text-sm font-semibold uppercase tracking-wider text-slate-600">
            Question
          </h2>
          <p className="mt-3 whitespace-pre-line leading-7 text-slate-800">{q.question}</p>
        </section>
        <section aria-labelledby="answer-heading" className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-6">
          <h2 id="answer-heading" className="text-sm font-semibold uppercase tracking-wider text-brand-800">
            Answer
          </h2>
          {q.answer ? (
            <p className="mt-3 whitespace-pre-line leading-7 text-slate-800">{q.answer}</p>
          ) : (
            <p className="mt-3 font-semibold text-ink">Answer Coming Soon</p>
          )}
        </section>
      </div>
      {related.length ? (
        <section aria-labelledby="related-heading" className="mx-auto mt-14 max-w-5xl">
          <h2 id="related-heading" className="text-xl font-bold">
            Related questions
          </h2>
          <div className="mt-4 grid gap-6 md:grid-cols-3">
            {related.map((r) => (
              <QuestionCard key={r.id} q={r} />
            ))}
          </div>
        </section>
      ) : null}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Question | Founder Leads" }];
  const q = data.question;
  const tags = seo({
    title: q.title,
    description: q.question.slice(0, 160),
    path: `/questions-and-answers/${q.slug}`,
    siteUrl: siteUrlFromMatches(matches),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "QAPage",
      mainEntity: {
        "@type": "Question",
        name: q.title,
        text: q.question,
        answerCount: q.answer ? 1 : 0,
        ...(q.answer ? { acceptedAnswer: { "@type": "Answer", text: q.answer } } : {}),
      },
    },
  });
  return tags.map((t) => ("property" in t && t.property === "og:description" ? { ...t, content: q.question.slice(0, 200) } : t));
};
