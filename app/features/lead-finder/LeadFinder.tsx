/** The Lead Finder tab: keywords, the CSV upload with its report, and the stores of the selected keyword. */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { Field, Input, inputClasses } from "~/components/ui/Field";
import { formatDate } from "~/components/ui/format";
import { Pagination } from "~/components/ui/Pagination";
import { ExternalLink } from "~/components/ui/ExternalLink";
import { ConfirmForm, ConfirmLink, useConfirmDialog, type Confirmation } from "~/components/ui/Confirm";
import { EmptyState, Table } from "~/components/ui/Table";
import { cn } from "~/components/ui/cn";
import { useHydrated } from "~/lib/forms";
import { useKeptValues } from "~/lib/kept-form";
import { keywordSchema } from "./keyword.schema";
import { LEAD_MESSAGES as M } from "./lead-finder.messages";
import type { LeadFinderActionData } from "./lead-finder.server";
import type { KeywordRow, LeadsPage } from "./leads.server";
import type { UploadReport } from "./upload.server";

const UPLOAD_ENDPOINT = "/admin/lead-finder/import";
const PATH = "/admin/dashboard/lead-finder";
const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

interface LeadFinderData {
  keywords: KeywordRow[];
  keywordsError: string | null;
  selected: KeywordRow | null;
  leads: LeadsPage | null;
  leadsError: string | null;
  /** The confirmation asked for in the address (without JavaScript): `keyword:{id}`, `all` or `selected` (with `ids`). */
  confirm: string | null;
  confirmIds: string[];
}

function KeywordForm({ lastResult }: { lastResult?: LeadFinderActionData["keywordResult"] }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "add-keyword",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: useKeptValues<{ keyword: string }>({ intent: "add-keyword" }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: keywordSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex items-start gap-2">
      <Field
        label="New keyword"
        htmlFor={fields.keyword.id}
        errorId={fields.keyword.errorId}
        errors={fields.keyword.errors ?? form.errors}
        srOnlyLabel
        className="flex-1"
      >
        <Input {...getInputProps(fields.keyword, { type: "text" })} placeholder="e.g. product bundles" />
      </Field>
      <Button type="submit" name="intent" value="add-keyword" disabled={navigation.state === "submitting"}>
        Add
      </Button>
    </Form>
  );
}

/** A confirmation asked for in the address, shown in place (the page without JavaScript). */
function ConfirmPanel({ confirmation, cancel }: { confirmation: Confirmation; cancel: string }) {
  return (
    <div className="mt-4 rounded-xl border border-red-200 bg-red-50/40 p-4">
      <ConfirmForm confirmation={confirmation} cancel={cancel} />
    </div>
  );
}

const deleteKeyword = (k: KeywordRow): Confirmation => ({
  title: "Delete keyword?",
  text: `“${k.keyword}” and its ${k.leadCount} ${k.leadCount === 1 ? "lead" : "leads"} will be deleted for good.`,
  action: PATH,
  intent: `delete-keyword:${k.id}`,
  confirmLabel: "Delete keyword",
});

function Keywords({ data, lastResult }: { data: LeadFinderData; lastResult?: LeadFinderActionData["keywordResult"] }) {
  const confirm = useConfirmDialog();
  const confirming = data.confirm?.startsWith("keyword:") ? data.keywords.find((k) => `keyword:${k.id}` === data.confirm) : null;
  return (
    <section aria-labelledby="keywords-title" className={card}>
      <h3 id="keywords-title" className="font-semibold text-ink">
        Keywords
      </h3>
      <div className="mt-3">
        <KeywordForm lastResult={lastResult} />
      </div>
      {confirming ? <ConfirmPanel confirmation={deleteKeyword(confirming)} cancel={PATH} /> : null}
      {data.keywordsError ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {data.keywordsError}
        </p>
      ) : data.keywords.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No keywords yet: add the first one above.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {data.keywords.map((k) => (
            <li key={k.id} className="flex items-center gap-2 py-2">
              <Link
                to={`?keyword=${k.id}`}
                aria-current={data.selected?.id === k.id ? "true" : undefined}
                className={cn(
                  "flex-1 truncate rounded-lg px-2 py-1 text-sm font-medium hover:bg-slate-50",
                  data.selected?.id === k.id ? "bg-brand-50 text-brand-800" : "text-ink",
                )}
              >
                {k.keyword}
              </Link>
              <Badge>{`${k.leadCount} leads`}</Badge>
              <ConfirmLink
                to={`?confirm=keyword:${k.id}`}
                ask={confirm.ask}
                confirmation={deleteKeyword(k)}
                className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                Delete<span className="sr-only">{` keyword ${k.keyword}`}</span>
              </ConfirmLink>
            </li>
          ))}
        </ul>
      )}
      {confirm.dialog}
    </section>
  );
}

function Report({ report }: { report: UploadReport }) {
  if (!report.ok)
    return (
      <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        {report.error}
      </div>
    );
  return (
    <div role="status" className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
      <p className="font-semibold">{report.message}</p>
      <ul className="mt-1 list-disc pl-5">
        <li>{`${report.skippedCount} ${report.skippedCount === 1 ? "row" : "rows"} skipped`}</li>
        <li>{`${report.duplicatesInFile} duplicate store URLs in the file, ${report.alreadyInKeyword} already under “${report.keyword}” (kept, shown once)`}</li>
      </ul>
      {report.skipped.length ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium">
            Skipped rows{report.skippedCount > report.skipped.length ? ` (first ${report.skipped.length})` : ""}
          </summary>
          <ul className="mt-1 pl-5">
            {report.skipped.map((s) => (
              <li key={s.row}>{`Row ${s.row}: ${s.reason}`}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** Without JavaScript a plain multipart POST; with it, an upload with a progress bar, then 'Importing…'. */
function UploadForm({ data, report }: { data: LeadFinderData; report?: UploadReport }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<"idle" | "uploading" | "importing">("idle");
  const [clientReport, setClientReport] = useState<UploadReport | null>(null);
  const navigation = useNavigation();
  const busy = phase !== "idle" || navigation.state === "submitting";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const file = formData.get("file");
    if (!formData.get("keywordId") || !(file instanceof File) || file.size === 0) {
      setClientReport({ ok: false, error: M.missingInput, status: 400 });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_ENDPOINT);
    xhr.responseType = "json";
    setPhase("uploading");
    setProgress(0);
    setClientReport(null);
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.upload.onload = () => setPhase("importing");
    xhr.onload = () => {
      setPhase("idle");
      setProgress(null);
      setClientReport((xhr.response as UploadReport | null) ?? { ok: false, error: M.uploadFailed, status: 503 });
      revalidator.revalidate();
    };
    xhr.onerror = () => {
      setPhase("idle");
      setProgress(null);
      setClientReport({ ok: false, error: M.uploadFailed, status: 503 });
    };
    xhr.send(formData);
  };
  const shown = clientReport ?? report;
  return (
    <section aria-labelledby="upload-title" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="upload-title" className="font-semibold text-ink">
          Import leads from a CSV file
        </h3>
        <a href="/sample-leads.csv" download className="text-sm font-medium text-brand-700 hover:underline">
          Download a sample CSV
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Columns: store name, store URL, email, app being tested, status. Up to 5 MB and 50,000 rows.
      </p>
      <Form
        key={data.selected?.id ?? "none"}
        method="post"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <div>
          <label htmlFor="upload-keyword" className="mb-1.5 block text-sm font-medium text-ink">
            Keyword
          </label>
          <select id="upload-keyword" name="keywordId" defaultValue={data.selected?.id ?? ""} className={inputClasses}>
            <option value="">Choose a keyword…</option>
            {data.keywords.map((k) => (
              <option key={k.id} value={k.id}>
                {k.keyword}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="upload-file" className="mb-1.5 block text-sm font-medium text-ink">
            CSV file
          </label>
          <input
            id="upload-file"
            name="file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          />
        </div>
        <Button type="submit" name="intent" value="upload" disabled={busy}>
          {phase === "importing" || navigation.state === "submitting" ? "Importing…" : phase === "uploading" ? "Uploading…" : "Upload"}
        </Button>
      </Form>
      {progress !== null ? (
        <div className="mt-3">
          <progress
            max={100}
            value={progress}
            aria-label="Upload progress"
            className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-brand-600"
          />
          <p className="mt-1 text-xs text-slate-600" aria-live="polite">
            {phase === "importing" ? "Importing…" : `Uploading… ${progress}%`}
          </p>
        </div>
      ) : null}
      {shown ? <Report report={shown} /> : null}
    </section>
  );
}

function Stores({ data }: { data: LeadFinderData }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const confirm = useConfirmDialog();
  const form = useRef<HTMLFormElement>(null);
  const [count, setCount] = useState(0);
  const [all, setAll] = useState(false);
  const boxes = () => [...(form.current?.querySelectorAll<HTMLInputElement>('input[name="id"]') ?? [])];
  /** The selection lives in the checkboxes themselves (a plain form); the count follows them. */
  const recount = () => {
    const list = boxes();
    const n = list.filter((b) => b.checked).length;
    setCount(n);
    setAll(list.length > 0 && n === list.length);
  };
  const keyword = data.selected!;
  const leads = data.leads;
  const here = `${PATH}?${new URLSearchParams({ keyword: keyword.id })}`;
  const deleteAll: Confirmation = {
    title: "Delete all stores?",
    text: `All ${leads?.stores ?? 0} stores of “${keyword.keyword}” (${keyword.leadCount} rows with duplicates) will be deleted for good.`,
    action: here,
    intent: "delete-all",
    confirmLabel: "Delete all stores",
  };
  const deleteSelected = (ids: string[]): Confirmation => ({
    title: "Delete selected stores?",
    text: `${ids.length} selected ${ids.length === 1 ? "store" : "stores"} of “${keyword.keyword}” (with their hidden duplicates) will be deleted for good.`,
    action: here,
    intent: "delete-selected",
    confirmLabel: "Delete selected stores",
    fields: { id: ids },
  });
  return (
    <section aria-labelledby="stores-title" className={cn(card, "mt-6")}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="stores-title" className="font-semibold text-ink">
            {leads ? M.found(leads.stores, keyword.keyword) : keyword.keyword}
          </h3>
          {leads ? (
            <p className="mt-1 text-sm text-slate-600">{`${leads.hidden} duplicate ${leads.hidden === 1 ? "row" : "rows"} hidden (same store URL). Deleting a store deletes its duplicates too.`}</p>
          ) : null}
        </div>
        {leads && leads.stores > 0 ? (
          <ConfirmLink
            to={`${here}&confirm=all`}
            ask={confirm.ask}
            confirmation={deleteAll}
            className={buttonClasses({ variant: "secondary", size: "sm" }) + " text-red-700"}
          >
            Delete all
          </ConfirmLink>
        ) : null}
      </div>
      {data.confirm === "all" ? <ConfirmPanel confirmation={deleteAll} cancel={here} /> : null}
      {data.confirm === "selected" ? (
        data.confirmIds.length > 0 ? (
          <ConfirmPanel confirmation={deleteSelected(data.confirmIds)} cancel={here} />
        ) : (
          <p role="alert" className="mt-4 text-sm font-medium text-red-700">
            Select at least one store.
          </p>
        )
      ) : null}
      {data.leadsError ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {data.leadsError}
        </p>
      ) : !leads || leads.rows.length === 0 ? (
        <div className="mt-4">
          <EmptyState title="No stores yet for this keyword: import a CSV above." />
        </div>
      ) : (
        // A GET form: 'Delete selected' opens the confirmation with the ticked ids (?confirm=selected&id=…);
        // each row's Delete posts (formMethod). With JavaScript, 'Delete selected' asks in the dialog instead.
        <Form ref={form} method="get" action={PATH} className="mt-4" onChange={recount}>
          <input type="hidden" name="keyword" value={keyword.id} />
          {leads.page > 1 ? <input type="hidden" name="page" value={leads.page} /> : null}
          <div className="mb-3 flex flex-wrap items-center gap-3">
            {hydrated ? (
              <label className="flex items-center gap-2 text-sm font-medium text-ink">
                <input
                  type="checkbox"
                  checked={all}
                  onChange={(e) => {
                    for (const box of boxes()) box.checked = e.target.checked;
                    recount();
                  }}
                  className="h-4 w-4 rounded border-slate-300"
                />
                Select all stores on this page
              </label>
            ) : null}
            <Button
              type="submit"
              name="confirm"
              value="selected"
              variant="secondary"
              size="sm"
              disabled={hydrated && count === 0}
              onClick={(event) => {
                const ids = boxes()
                  .filter((b) => b.checked)
                  .map((b) => b.value);
                if (hydrated && ids.length > 0 && confirm.ask(deleteSelected(ids))) event.preventDefault();
              }}
            >
              {hydrated ? `Delete selected (${count})` : "Delete selected"}
            </Button>
          </div>
          <Table
            caption={`Stores for ${keyword.keyword}`}
            rows={leads.rows}
            rowKey={(r) => r.id}
            columns={[
              {
                header: "Select",
                hideHeader: true,
                card: "lead",
                cell: (r) => (
                  <input
                    type="checkbox"
                    name="id"
                    value={r.id}
                    aria-label={`Select ${r.storeName}`}
                    className="h-4 w-4 rounded border-slate-300"
                  />
                ),
              },
              { header: "Store", cell: (r) => r.storeName, className: "min-w-32 font-medium text-ink", card: "title" },
              {
                header: "URL",
                cell: (r) => (
                  <span title={r.storeUrl}>
                    <ExternalLink url={r.storeUrl} />
                  </span>
                ),
                className: "max-w-44 truncate",
              },
              { header: "Email", cell: (r) => (r.email ? <span title={r.email}>{r.email}</span> : "—"), className: "max-w-48 truncate" },
              { header: "Testing app", cell: (r) => r.appTesting || "—" },
              { header: "Status", cell: (r) => <Badge tone={r.status === "On Trial" ? "warning" : "neutral"}>{r.status}</Badge> },
              { header: "Added", cell: (r) => formatDate(r.createdAt), className: "whitespace-nowrap" },
              {
                header: "Actions",
                hideHeader: true,
                card: "actions",
                cell: (r) => (
                  <button
                    type="submit"
                    formMethod="post"
                    formAction={`${PATH}${location.search}`}
                    name="intent"
                    value={`delete-store:${r.id}`}
                    className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                  >
                    Delete<span className="sr-only">{` ${r.storeName}`}</span>
                  </button>
                ),
              },
            ]}
          />
          <Pagination page={leads.page} pageCount={leads.pageCount} search={`?${new URLSearchParams({ keyword: keyword.id })}`} />
        </Form>
      )}
      {confirm.dialog}
    </section>
  );
}

export function LeadFinder({ data, actionData }: { data: LeadFinderData; actionData?: LeadFinderActionData }) {
  return (
    <section>
      <div className="mb-4">
        <h2 className="text-lg font-semibold">Lead Finder</h2>
        <p className="mt-1 text-sm text-slate-600">Keywords and the stores found testing apps for each. Import stores from a CSV file.</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Keywords data={data} lastResult={actionData?.keywordResult} />
        <div className="lg:col-span-2">
          <UploadForm data={data} report={actionData?.upload} />
        </div>
      </div>
      {data.selected ? <Stores data={data} /> : <p className="mt-6 text-sm text-slate-600">Choose a keyword to see its stores.</p>}
    </section>
  );
}
