/** The Lead Finder's CSV import: the upload form (with a progress bar when JavaScript runs) and its report. */
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/Button";
import { inputClasses } from "~/components/ui/Field";
import { useHydrated } from "~/lib/forms";
import { useUpload } from "~/lib/upload";
import { LEAD_MESSAGES as M } from "./lead-finder.messages";
import { card, type LeadFinderData } from "./lead-finder.ui";
import type { UploadReport } from "./upload.server";

const UPLOAD_ENDPOINT = "/admin/lead-finder/import";

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
export function UploadForm({ data, report }: { data: LeadFinderData; report?: UploadReport }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { progress, phase, busy: uploading, send } = useUpload();
  const [clientReport, setClientReport] = useState<UploadReport | null>(null);
  const navigation = useNavigation();
  const busy = uploading || navigation.state === "submitting";

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const file = formData.get("file");
    if (!formData.get("keywordId") || !(file instanceof File) || file.size === 0) {
      setClientReport({ ok: false, error: M.missingInput, status: 400 });
      return;
    }
    setClientReport(null);
    void send(UPLOAD_ENDPOINT, formData).then((reply) => {
      setClientReport((reply?.json as UploadReport | null | undefined) ?? { ok: false, error: M.uploadFailed, status: 503 });
      if (reply) revalidator.revalidate();
    });
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
          {phase === "processing" || navigation.state === "submitting" ? "Importing…" : phase === "uploading" ? "Uploading…" : "Upload"}
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
            {phase === "processing" ? "Importing…" : `Uploading… ${progress}%`}
          </p>
        </div>
      ) : null}
      {shown ? <Report report={shown} /> : null}
    </section>
  );
}
