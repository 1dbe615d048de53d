import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { formatDate } from "~/lib/format";
import { categoryLabel } from "./qa.options";
import type { QaCard } from "./qa.server";

export function QuestionCard({ q }: { q: QaCard }) {
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        {q.isFeatured ? <Badge tone="warning">Featured</Badge> : null}
        <Badge tone="brand">{categoryLabel(q.category)}</Badge>
      </div>
      <h2 className="mt-3 text-lg font-semibold">
        <Link to={`/questions-and-answers/${q.slug}`} className="hover:text-brand-700">
          {q.title}
        </Link>
      </h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{q.questionExcerpt}</p>
      {q.answerExcerpt ? <p className="mt-3 border-l-2 border-brand-200 pl-3 text-sm leading-6 text-slate-700">{q.answerExcerpt}</p> : null}
      <div className="mt-auto flex items-center justify-between gap-3 pt-5 text-xs text-slate-600">
        <span>{`${q.viewCount} ${q.viewCount === 1 ? "view" : "views"} · ${formatDate(q.createdAt)}`}</span>
        <Link
          to={`/questions-and-answers/${q.slug}`}
          className="font-semibold text-brand-700 hover:underline"
          aria-hidden="true"
          tabIndex={-1}
        >
          Read more →
        </Link>
      </div>
    </article>
  );
}

export function QuestionCardSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-slate-200 bg-white p-6" aria-hidden="true">
      <div className="h-5 w-24 rounded-full bg-slate-200" />
      <div className="mt-4 h-5 w-3/4 rounded bg-slate-200" />
      <div className="mt-3 h-3 w-full rounded bg-slate-100" />
      <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
      <div className="mt-6 h-3 w-1/3 rounded bg-slate-100" />
    </div>
  );
}
