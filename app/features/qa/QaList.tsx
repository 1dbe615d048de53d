import { Form, Link, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button, ButtonLink } from "~/components/ui/Button";
import { inputClasses, Options } from "~/components/ui/inputs";
import { Pagination } from "~/components/ui/Pagination";
import type { Paged } from "~/lib/pagination";
import { QA_CATEGORIES, QA_SORTS } from "./qa.options";
import type { QaCard, QaListParams } from "./qa.server";
import { QuestionCard, QuestionCardSkeleton } from "./QuestionCard";

/** Search, category and sort as a GET form (the URL holds the state); with JavaScript the results follow the typing. */
export function QaFilters({ params }: { params: QaListParams }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => form.current && submit(form.current, { replace: true, preventScrollReset: true }), delay);
  };
  return (
    <Form
      ref={form}
      method="get"
      role="search"
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
    >
      <div>
        <label htmlFor="qa-q" className="mb-1.5 block text-sm font-medium text-ink">
          Search questions
        </label>
        <input
          id="qa-q"
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder="e.g. onboarding, pricing, churn"
          className={inputClasses}
          onChange={() => refresh(300)}
        />
      </div>
      <div>
        <label htmlFor="qa-category" className="mb-1.5 block text-sm font-medium text-ink">
          Category
        </label>
        <select id="qa-category" name="category" defaultValue={params.category ?? ""} className={inputClasses} onChange={() => refresh(0)}>
          <Options options={QA_CATEGORIES} empty="All categories" />
        </select>
      </div>
      <div>
        <label htmlFor="qa-sort" className="mb-1.5 block text-sm font-medium text-ink">
          Sort
        </label>
        <select id="qa-sort" name="sort" defaultValue={params.sort} className={inputClasses} onChange={() => refresh(0)}>
          <Options options={QA_SORTS} />
        </select>
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}

export function QaResults({ list }: { list: Paged<QaCard> }) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/questions-and-answers";
  if (loading) {
    return (
      <div className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading questions">
        {Array.from({ length: 6 }, (_, i) => (
          <QuestionCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (list.rows.length === 0) {
    return (
      <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <h2 className="text-lg font-semibold">No questions found</h2>
        <p className="mt-2 text-sm text-slate-600">Try other words or another category, or ask the question yourself.</p>
        <ButtonLink to="/questions-and-answers/submit" className="mt-6">
          Ask a question
        </ButtonLink>
      </div>
    );
  }
  return (
    <>
      <p className="mt-6 text-sm text-slate-600" aria-live="polite">
        {list.total === 1 ? "1 question" : `${list.total} questions`}
      </p>
      <div className="mt-3 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {list.rows.map((q) => (
          <QuestionCard key={q.id} q={q} />
        ))}
      </div>
      <Pagination page={list.page} pageCount={list.pageCount} search={params.toString()} />
      <p className="mt-10 text-center text-sm text-slate-600">
        Can't find your answer?{" "}
        <Link to="/questions-and-answers/submit" className="font-semibold text-brand-700 underline underline-offset-2">
          Ask the community
        </Link>
      </p>
    </>
  );
}
