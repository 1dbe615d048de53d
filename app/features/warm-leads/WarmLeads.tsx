/**
 * The warm-leads tool: intro, search, loading and results. The step lives in
 * the address, so everything works without JavaScript (a search answers with
 * its results straight away). With JavaScript a search shows the spec's
 * simulated five-step progress while the results load in the background.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Badge } from "~/components/ui/Badge";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/Button";
import { displayUrl, ExternalLink } from "~/components/ui/ExternalLink";
import { Field, Input } from "~/components/ui/Field";
import { Pagination } from "~/components/ui/Pagination";
import { Table } from "~/components/ui/Table";
import { cn } from "~/components/ui/cn";
import { showToast } from "~/lib/client-toast";
import { warmLeadsSearchSchema } from "./search.schema";
import type { WarmLeadsView } from "./tool.server";
import { exportHref, SEARCH_STEPS, WARM_LEADS_PATH } from "./warm-leads.options";
import { WARM_LEADS_MESSAGES as M } from "./warm-leads.messages";
import type { WarmLead, WarmLeadsPage } from "./warm-leads.server";
import { CheckIcon } from "~/components/ui/Icons";

const card = "rounded-2xl border border-slate-200 bg-white shadow-sm";
const SEARCH_STEP_PATH = `${WARM_LEADS_PATH}?step=search`;

export function WarmLeadsTool({ view }: { view: WarmLeadsView }) {
  const navigation = useNavigation();
  // The keyword being searched while the progress runs (JavaScript only).
  const [searching, setSearching] = useState<string | null>(null);
  const loading = navigation.state !== "idle" && navigation.location.pathname === WARM_LEADS_PATH;

  if (searching !== null) {
    return <SearchProgress keyword={searching} ready={!loading} onFinished={() => setSearching(null)} />;
  }
  switch (view.step) {
    case "intro":
      return <Intro />;
    case "search":
      return <SearchForm keyword={view.keyword} result={view.result} onSearch={setSearching} />;
    case "results":
      return <Results keyword={view.keyword} results={view.results} error={view.error} />;
  }
}

function Intro() {
  return (
    <section className={cn(card, "mx-auto max-w-2xl p-8 text-center sm:p-10")}>
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Warm leads</p>
      <h1 className="mt-2 text-3xl font-bold text-ink">Find stores that are ready to buy</h1>
      <p className="mt-4 text-slate-600">
        Search the stored leads by keyword: stores trialling competing apps, with their contact details and the app they are testing. Export
        the results as CSV for your outreach.
      </p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <ButtonLink to={SEARCH_STEP_PATH} size="lg">
          Start a search
        </ButtonLink>
        <ButtonLink to="/admin/dashboard/lead-finder" variant="secondary" size="lg">
          Manage keywords and leads
        </ButtonLink>
      </div>
    </section>
  );
}

function SearchForm({
  keyword,
  result,
  onSearch,
}: {
  keyword: string;
  result: Extract<WarmLeadsView, { step: "search" }>["result"];
  onSearch: (keyword: string) => void;
}) {
  const [form, fields] = useForm({
    id: "warm-leads-search",
    lastResult: result,
    defaultValue: { keyword },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: warmLeadsSearchSchema }),
    onSubmit: (_event, { submission }) => {
      if (submission?.status === "success") onSearch(submission.value.keyword);
    },
  });
  return (
    <section className={cn(card, "mx-auto max-w-2xl p-6 sm:p-10")}>
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Warm leads</p>
      <h1 className="mt-2 text-2xl font-bold text-ink sm:text-3xl">Search warm leads</h1>
      <p className="mt-3 text-slate-600">
        Enter a keyword, or part of one: every store filed under a matching keyword is listed, newest first.
      </p>
      <Form method="get" action={WARM_LEADS_PATH} {...getFormProps(form)} className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Keyword" field={fields.keyword} className="flex-1">
          <Input {...getInputProps(fields.keyword, { type: "search" })} placeholder="e.g. product bundles" autoComplete="off" />
        </Field>
        <Button type="submit" size="md" className="sm:mt-7">
          Search leads
        </Button>
      </Form>
    </section>
  );
}

type StepState = "pending" | "active" | "done";

/**
 * The five steps, each active for its delay, then done; then complete. The
 * results load meanwhile (`ready`); 'Show results now' skips the wait. The
 * current step is announced; with reduced motion nothing spins or slides.
 */
function SearchProgress({ keyword, ready, onFinished }: { keyword: string; ready: boolean; onFinished: () => void }) {
  const [active, setActive] = useState(0);
  const complete = active >= SEARCH_STEPS.length;
  useEffect(() => {
    if (complete) return;
    const timer = window.setTimeout(() => setActive((a) => a + 1), SEARCH_STEPS[active]!.delayMs);
    return () => window.clearTimeout(timer);
  }, [active, complete]);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => {
    if (complete && ready) finished.current();
  }, [complete, ready]);

  const state = (i: number): StepState => (i < active ? "done" : i === active ? "active" : "pending");
  const percent = Math.round((Math.min(active, SEARCH_STEPS.length) / SEARCH_STEPS.length) * 100);
  const announcement = complete
    ? "Search complete. Loading the results."
    : `Step ${active + 1} of ${SEARCH_STEPS.length}: ${SEARCH_STEPS[active]!.label}`;

  return (
    <section className={cn(card, "mx-auto max-w-2xl p-6 sm:p-10")} aria-labelledby="progress-title">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Warm leads</p>
      <h1 id="progress-title" className="mt-2 text-2xl font-bold text-ink">
        Searching for “{keyword}”
      </h1>
      <div className="mt-6 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-600 motion-safe:transition-[width] motion-safe:duration-700"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ol className="mt-6 space-y-3" aria-label="Search progress">
        {SEARCH_STEPS.map((step, i) => (
          <ProgressStep key={step.label} label={step.label} state={state(i)} />
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-6">
        <p className="text-sm text-slate-600" aria-hidden="true">
          {complete ? "Complete. Loading the results…" : `Step ${active + 1} of ${SEARCH_STEPS.length}`}
        </p>
        <Button variant="secondary" onClick={() => setActive(SEARCH_STEPS.length)} disabled={complete}>
          Show results now
        </Button>
      </div>
    </section>
  );
}

function ProgressStep({ label, state }: { label: string; state: StepState }) {
  return (
    <li
      data-state={state}
      className={cn(
        "flex items-center gap-3 rounded-xl border px-4 py-3 text-sm motion-safe:transition-colors",
        state === "active" ? "border-brand-200 bg-brand-50 font-semibold text-ink" : "border-slate-200",
        state === "pending" && "text-slate-500",
        state === "done" && "text-slate-700",
      )}
    >
      <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center">
        {state === "done" ? (
          <span className="flex h-6 w-6 items-center justify-center rounded-full bg-emerald-600 text-white">
            <CheckIcon className="h-4 w-4" />
          </span>
        ) : state === "active" ? (
          <span className="h-5 w-5 rounded-full border-2 border-brand-200 border-t-brand-600 motion-safe:animate-spin" />
        ) : (
          <span className="h-3 w-3 rounded-full border-2 border-slate-300" />
        )}
      </span>
      <span className="flex-1">{label}</span>
      <span className="text-xs font-medium text-slate-600">
        {state === "done" ? "Done" : state === "active" ? "In progress" : "Pending"}
      </span>
    </li>
  );
}

function Results({ keyword, results, error }: { keyword: string; results: WarmLeadsPage | null; error: string | null }) {
  const stores = results?.stores ?? 0;
  const onExport = (event: MouseEvent<HTMLAnchorElement>) => {
    if (stores === 0) {
      event.preventDefault();
      showToast({ type: "error", title: M.nothingToExport });
    } else {
      // The file comes as a download (Content-Disposition): this page stays.
      showToast({ type: "success", title: M.exported });
    }
  };
  return (
    <section aria-labelledby="results-title">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Warm leads</p>
          <h1 id="results-title" className="mt-1 text-2xl font-bold text-ink">
            Results for “{keyword}”
          </h1>
          {results ? (
            <p className="mt-1 text-slate-600" data-testid="match-count">
              {M.matching(stores)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={exportHref(keyword)} onClick={onExport} className={buttonClasses({ variant: "primary" })}>
            Export CSV
          </a>
          <Link to={SEARCH_STEP_PATH} className={buttonClasses({ variant: "secondary" })}>
            New Search
          </Link>
        </div>
      </div>
      <div className="mt-6">
        {error ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : !results || results.rows.length === 0 ? (
          <p role="status" className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900">
            {M.noResults}
          </p>
        ) : (
          <ResultsTable keyword={keyword} results={results} />
        )}
      </div>
    </section>
  );
}

/** Visit (a web address only) and Mail (only with an email), named after the store for screen readers. */
function LeadActions({ lead }: { lead: WarmLead }) {
  return (
    <span className="flex gap-3">
      <ExternalLink url={lead.storeUrl} className="font-medium">
        Visit<span className="sr-only">{` ${lead.storeName}`}</span>
      </ExternalLink>
      {lead.email ? (
        <a href={`mailto:${lead.email}`} className="font-medium text-brand-700 hover:underline">
          Mail<span className="sr-only">{` ${lead.storeName}`}</span>
        </a>
      ) : null}
    </span>
  );
}

const StatusBadge = ({ status }: { status: string }) => <Badge tone={status === "On Trial" ? "warning" : "neutral"}>{status}</Badge>;

/** The results: a table from tablet width up, a card per store on phones (no sideways scrolling). */
function ResultsTable({ keyword, results }: { keyword: string; results: WarmLeadsPage }) {
  return (
    <>
      <Table
        caption={`Warm leads for ${keyword}`}
        rows={results.rows}
        rowKey={(r) => r.id}
        columns={[
          { header: "Store name", cell: (r) => r.storeName, className: "min-w-40 font-medium text-ink", card: "title" },
          { header: "Store URL", cell: (r) => <span title={r.storeUrl}>{displayUrl(r.storeUrl)}</span>, className: "max-w-44 truncate" },
          { header: "Email", cell: (r) => (r.email ? <span title={r.email}>{r.email}</span> : "—"), className: "max-w-48 truncate" },
          { header: "Testing app", cell: (r) => r.appTesting || "—" },
          { header: "Status", cell: (r) => <StatusBadge status={r.status} /> },
          { header: "Keyword", cell: (r) => <Badge tone="brand">{r.keyword}</Badge> },
          { header: "Actions", card: "actions", cell: (r) => <LeadActions lead={r} />, className: "whitespace-nowrap" },
        ]}
      />
      <Pagination page={results.page} pageCount={results.pageCount} search={`?${new URLSearchParams({ keyword })}`} />
    </>
  );
}
