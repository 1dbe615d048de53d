/**
 * The views of revisions on the admin resource pattern: the list of kept
 * versions on an edit page, and one version's page (rendered with the site's
 * renderer, compared by field with the current version, restorable).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { StructuredContent } from "~/components/content/StructuredContent";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClasses } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/Field";
import { formatDateTime } from "~/lib/format";
import type { RevisionData } from "~/lib/admin-resource/server";
import type { RevisionSummary } from "~/lib/admin-resource/server-types";
import { resourcePath, revisionPath, UPDATED_AT_FIELD, type AnyResourceDef, type FieldDef } from "~/lib/admin-resource/types";
import { parseJsonOrText } from "~/lib/json";
import { TabHeading } from "./AdminShell";

const savedBy = (email: string | null) => email ?? "an admin before revisions were kept";

/** The last versions of a record, newest first, each linking to its page. */
export function RevisionsPanel({ def, id, revisions }: { def: AnyResourceDef; id: string; revisions: RevisionSummary[] }) {
  return (
    <section aria-labelledby="revisions-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="revisions-title" className="text-lg font-semibold">
        Earlier versions
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None yet: each save keeps the version it replaces.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">The last {revisions.length} saved, newest first. Open one to compare or restore it.</p>
          <ol className="mt-3 divide-y divide-slate-100 text-sm">
            {revisions.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-ink">{formatDateTime(r.savedAt)}</span>
                  <span className="text-slate-600">{` by ${savedBy(r.savedBy)}`}</span>
                </span>
                <Link to={revisionPath(def, id, r.id)} className="text-brand-700 hover:underline">
                  View version<span className="sr-only">{` from ${formatDateTime(r.savedAt)}`}</span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** A value as the compare table shows it. */
function shown(field: FieldDef, value: unknown): string {
  if (field.kind === "checkbox") return value === true ? "Yes" : "No";
  if (value === null || value === undefined || value === "") return "—";
  const text = String(value);
  return field.kind === "select" ? (field.options?.find((o) => o.value === text)?.label ?? text) : text;
}

function Value({ field, text }: { field: FieldDef; text: string }) {
  return field.kind === "content" || field.kind === "textarea" ? (
    <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-xs leading-5">{text}</pre>
  ) : (
    <span className="[overflow-wrap:anywhere]">{text}</span>
  );
}

/** One kept version: rendered, compared by field with the current version, and a Restore button. */
export function RevisionView({ def, data, errors }: { def: AnyResourceDef; data: RevisionData; errors?: string[] }) {
  const navigation = useNavigation();
  const { revision, current } = data;
  const when = formatDateTime(revision.savedAt);
  const rows = def.fields.map((field) => {
    const then = shown(field, revision.values[field.name]);
    const now = shown(field, current[field.name]);
    return { field, then, now, changed: then !== now };
  });
  const changedCount = rows.filter((r) => r.changed).length;
  return (
    <section>
      <TabHeading
        title={`Version from ${when}`}
        description={`${def.singular} “${current.title}”, saved by ${savedBy(revision.savedBy)}.`}
        actions={
          <Link to={resourcePath(def, current.id)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Back to the editor
          </Link>
        }
      />
      <Form method="post" className="mb-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <input type="hidden" name={UPDATED_AT_FIELD} value={String(current.updatedAt)} />
        <p className="text-sm text-slate-700">
          Restoring saves this version as a new one; the current version is kept among the earlier versions.
        </p>
        <ErrorList errors={errors} />
        <Button type="submit" className="mt-4" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Restoring..." : "Restore this version"}
        </Button>
      </Form>

      <section aria-labelledby="compare-title" className="mb-8">
        <h2 id="compare-title" className="text-lg font-semibold">
          Compared with the current version
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {changedCount === 0 ? "No field differs." : `${changedCount} ${changedCount === 1 ? "field differs" : "fields differ"}.`}
        </p>
        <div className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[40rem] table-fixed text-left text-sm">
            <caption className="sr-only">Each field of this version and of the current one</caption>
            <colgroup>
              <col className="w-44" />
              <col />
              <col />
            </colgroup>
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Field
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  This version
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Current
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {rows.map(({ field, then, now, changed }) => (
                <tr key={field.name} className={changed ? "bg-amber-50" : undefined}>
                  <th scope="row" className="px-4 py-2 font-medium text-ink">
                    {field.label} {changed ? <Badge tone="warning">Changed</Badge> : null}
                  </th>
                  <td className="px-4 py-2">
                    <Value field={field} text={then} />
                  </td>
                  <td className="px-4 py-2">
                    <Value field={field} text={now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {def.previewField ? (
        <section aria-labelledby="rendered-title">
          <h2 id="rendered-title" className="text-lg font-semibold">
            This version, as the site shows it
          </h2>
          <div className="mt-3 rounded-2xl border border-slate-200 bg-white px-6 py-8 sm:px-10">
            <StructuredContent content={parseJsonOrText(String(revision.values[def.previewField] ?? ""))} />
          </div>
        </section>
      ) : null}
    </section>
  );
}
