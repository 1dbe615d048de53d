/**
 * The views of the admin resource pattern: the list (a filter with counts,
 * search, pages, edit and delete per row), the form (every field kind, on-blur
 * validation with the declaration's schema, Preview, the stale-save message)
 * and the delete confirmation (a dialog with JavaScript, a page without).
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { StructuredContent } from "~/components/content/StructuredContent";
import { SECTION_TYPES } from "~/components/content/sections";
import { Button, buttonClasses } from "~/components/ui/Button";
import { ConfirmForm, ConfirmLink, useConfirmDialog, type Confirmation } from "~/components/ui/Confirm";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table, type Column } from "~/components/ui/Table";
import type { DeleteData, FormActionData, FormData_, ListData } from "~/lib/admin-resource/server";
import {
  FILTER_ALL,
  INTENT,
  resourcePath,
  UPDATED_AT_FIELD,
  type AnyResourceDef,
  type FieldDef,
  type ResourceRow,
} from "~/lib/admin-resource/types";
import { jsonProblem, parseJsonOrText } from "~/lib/json";
import { FilterPills, TabHeading } from "./AdminShell";
import { RevisionsPanel } from "./Revisions";

const deleteLinkClass = buttonClasses({ variant: "danger", size: "sm" });
/** Lower case for running text, acronyms kept ("Q&A submissions", "blog posts"). */
const lower = (text: string) => text.replace(/\S+/g, (w) => (/^[A-Z&]{2,}$/.test(w) ? w : w.toLowerCase()));
const asText = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));

/** The delete question of a record, with the stronger confirmation when the site uses it. */
function deleteConfirmation(def: AnyResourceDef, record: { id: string; title: string; warning?: string | null }): Confirmation {
  const thing = lower(def.singular);
  return {
    title: `Delete this ${thing}?`,
    text: `“${record.title}” will be removed for good, from the dashboard and from the public site.`,
    action: resourcePath(def, record.id, "delete"),
    intent: INTENT.delete,
    confirmLabel: `Delete ${thing}`,
    warning: record.warning ? { title: `The site uses this ${thing}.`, text: record.warning } : undefined,
  };
}

// ------------------------------------------------------------------ list

function ListFilter({ def, data }: { def: AnyResourceDef; data: ListData }) {
  const location = useLocation();
  if (!def.filter || !data.filter) return null;
  const { key, label, options, all } = def.filter;
  const { value, counts } = data.filter;
  const href = (v: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    params.set(key, v);
    return `?${params}`;
  };
  const items = [...options, ...(all ? [{ value: FILTER_ALL, label: all }] : [])];
  return (
    <FilterPills
      label={label}
      items={items.map((o) => ({ to: href(o.value), label: `${o.label} (${counts[o.value] ?? 0})`, active: value === o.value }))}
    />
  );
}

function emptyTitle(def: AnyResourceDef, data: ListData) {
  const plural = lower(def.plural);
  if (data.q) return `No ${plural} match “${data.q}”`;
  const option = def.filter?.options.find((o) => o.value === data.filter?.value);
  return option ? `No ${lower(option.label)} ${plural}` : `No ${plural} yet`;
}

export function ResourceList({ def, data }: { def: AnyResourceDef; data: ListData }) {
  const location = useLocation();
  const confirm = useConfirmDialog();
  const columns: Column<ResourceRow>[] = [
    ...def.columns.map((c): Column<ResourceRow> => ({
      header: c.header,
      cell: (row) => (c.cell ? c.cell(row) : asText(row[c.key])),
      className: c.className,
      card: c.key === "title" ? "title" : "field",
    })),
    {
      header: "Actions",
      hideHeader: true,
      card: "actions",
      // Aligned with the text around them: the buttons' padding hangs outside.
      className: "flex items-center gap-1 whitespace-nowrap max-md:-ml-3 md:-my-1.5 md:justify-end",
      cell: (row) => (
        <>
          {def.rowActions?.(row)}
          <Link to={resourcePath(def, row.id)} className={buttonClasses({ variant: "ghost", size: "sm" })}>
            Edit<span className="sr-only">{` ${row.title}`}</span>
          </Link>
          <ConfirmLink
            to={resourcePath(def, row.id, "delete")}
            ask={confirm.ask}
            confirmation={deleteConfirmation(def, {
              id: row.id,
              title: row.title,
              warning: typeof row.deleteWarning === "string" ? row.deleteWarning : null,
            })}
            className={deleteLinkClass}
          >
            Delete<span className="sr-only">{` ${row.title}`}</span>
          </ConfirmLink>
        </>
      ),
    },
  ];
  return (
    <section>
      <TabHeading
        title={def.plural}
        description={def.description}
        actions={
          data.canCreate ? (
            <Link to={resourcePath(def, "new")} className={buttonClasses({ size: "sm" })}>
              {`New ${lower(def.singular)}`}
            </Link>
          ) : null
        }
      />
      <ListFilter def={def} data={data} />
      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <label htmlFor={`${def.tab}-search`} className="sr-only">
          {def.searchLabel}
        </label>
        {def.filter && data.filter ? <input type="hidden" name={def.filter.key} value={data.filter.value} /> : null}
        <Input id={`${def.tab}-search`} type="search" name="q" defaultValue={data.q} placeholder={def.searchLabel} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {data.error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {data.error}
        </p>
      ) : (
        <Table
          caption={def.plural}
          columns={columns}
          rows={data.rows}
          rowKey={(row) => row.id}
          empty={<EmptyState title={emptyTitle(def, data)} />}
        />
      )}
      <Pagination page={data.page} pageCount={data.pageCount} search={location.search} />
      {confirm.dialog}
    </section>
  );
}

// ------------------------------------------------------------------ form

const CONTENT_EXAMPLE = `[
  { "type": "introduction", "heading": "Why it matters", "content": "A **bold** claim and a [link](/contact).\\n- a bullet\\n- another" },
  { "type": "heading", "text": "A heading", "level": 2 },
  { "type": "paragraph", "text": "Plain text." },
  { "type": "list", "items": ["One", "Two"] },
  { "type": "section", "heading": "Details", "content": "Text", "subsections": [{ "subheading": "Part", "content": "Text" }] },
  { "type": "conclusion", "heading": "In short", "content": "Text" },
  { "type": "cta", "content": "Ready? [Book a call](/call-booking)" }
]`;

function ContentReference() {
  return (
    <details className="mt-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-ink">Content format: section types and an example</summary>
      <p className="mt-2">
        A JSON list of sections. Types: {SECTION_TYPES.join(", ")}. In text, <code>**bold**</code>, <code>[label](https://…)</code> and
        lines starting with <code>- </code> (bullets) are understood. Unknown types show nothing.
      </p>
      <pre className="mt-2 overflow-x-auto rounded bg-white p-3 text-xs leading-5">
        <code>{CONTENT_EXAMPLE}</code>
      </pre>
    </details>
  );
}

function FieldControl({
  def,
  field,
  meta,
  suggestions,
}: {
  def: FieldDef;
  field: FieldMetadata<unknown>;
  meta: { hint?: string | null };
  suggestions?: string[];
}) {
  const errorsProps = { errorId: field.errorId, errors: field.errors };
  switch (def.kind) {
    case "checkbox":
      return (
        <div>
          <label className="flex items-center gap-2 text-sm font-medium text-ink">
            <input {...getInputProps(field, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300" />
            {def.label}
          </label>
          {def.hint ? <p className="mt-1.5 text-sm text-slate-600">{def.hint}</p> : null}
          <ErrorList id={field.errorId} errors={field.errors} />
        </div>
      );
    case "textarea":
    case "content":
      return (
        <Field label={def.label} htmlFor={field.id} hint={meta.hint ?? def.hint} {...errorsProps}>
          <Textarea
            {...getTextareaProps(field)}
            rows={def.rows ?? (def.kind === "content" ? 16 : 4)}
            className={def.kind === "content" ? "font-mono text-sm" : undefined}
            placeholder={def.placeholder}
          />
          {def.kind === "content" ? <ContentReference /> : null}
        </Field>
      );
    case "select":
      return (
        <Field label={def.label} htmlFor={field.id} hint={def.hint} {...errorsProps}>
          <select {...getSelectProps(field)} className={inputClasses}>
            <Options options={def.options ?? []} empty="Choose…" />
          </select>
        </Field>
      );
    default:
      return (
        <Field label={def.label} htmlFor={field.id} hint={def.hint} {...errorsProps}>
          <Input
            {...getInputProps(field, { type: def.kind === "number" ? "number" : "text" })}
            placeholder={def.placeholder}
            list={def.kind === "suggest" ? `${field.id}-suggestions` : undefined}
          />
          {def.kind === "suggest" ? (
            <datalist id={`${field.id}-suggestions`}>
              {(suggestions ?? []).map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          ) : null}
        </Field>
      );
  }
}

/** A note (not an error) under a content field that is not JSON: it will be stored as text. */
function contentNote(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const problem = jsonProblem(value);
  return problem ? `Not valid JSON (line ${problem.line}, column ${problem.column}): it will be stored as plain text.` : null;
}

export function ResourceForm({ def, data }: { def: AnyResourceDef; data: FormData_ }) {
  const actionData = useActionData<FormActionData>();
  const navigation = useNavigation();
  const confirm = useConfirmDialog();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const defaults: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(data.values).map(([k, v]) => [
      k,
      typeof v === "boolean" ? (v ? "on" : undefined) : v === null || v === undefined ? "" : String(v),
    ]),
  );
  const [form, fields] = useForm<Record<string, string | undefined>>({
    id: `${def.tab}-${data.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: def.schema as z.ZodType<Record<string, string | undefined>> }),
  });
  const title = data.id ? `Edit ${lower(def.singular)}` : `New ${lower(def.singular)}`;
  return (
    <section>
      <TabHeading title={title} description={data.id ? String(data.values.title ?? "") : def.description} />
      <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <ErrorList id={form.errorId} errors={form.errors} />
        {data.updatedAt !== null ? <input type="hidden" name={UPDATED_AT_FIELD} value={String(data.updatedAt)} /> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          {def.fields.map((f) => (
            <div key={f.name} className={f.half ? undefined : "sm:col-span-2"}>
              <FieldControl
                def={f}
                field={fields[f.name]!}
                meta={{ hint: f.kind === "content" && !def.contentMustBeJson ? contentNote(fields[f.name]!.value) : null }}
                suggestions={data.suggestions[f.name]}
              />
            </div>
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
          {data.id ? (
            <ConfirmLink
              to={resourcePath(def, data.id, "delete")}
              ask={confirm.ask}
              confirmation={deleteConfirmation(def, { id: data.id, title: String(data.values.title ?? "") })}
              className={buttonClasses({ variant: "danger" })}
            >
              Delete
            </ConfirmLink>
          ) : (
            <span />
          )}
          <div className="flex flex-wrap gap-3">
            <Link to={resourcePath(def)} className={buttonClasses({ variant: "secondary" })}>
              Cancel
            </Link>
            {def.previewField ? (
              <Button type="submit" name="intent" value={INTENT.preview} variant="secondary" disabled={!!busy}>
                {busy === INTENT.preview ? "Rendering..." : "Preview"}
              </Button>
            ) : null}
            <Button type="submit" name="intent" value={INTENT.save} disabled={!!busy}>
              {busy === INTENT.save ? "Saving..." : "Save"}
            </Button>
          </div>
        </div>
      </Form>
      {actionData?.previewed && navigation.state === "idle" ? (
        <section aria-labelledby="preview-title" className="mt-8">
          <h2 id="preview-title" className="text-lg font-semibold">
            Preview <span className="text-sm font-normal text-slate-600">(not saved)</span>
          </h2>
          <div className="mt-3 rounded-2xl border border-dashed border-brand-300 bg-white px-6 py-8 sm:px-10">
            <StructuredContent content={parseJsonOrText(String(actionData.preview ?? ""))} />
          </div>
        </section>
      ) : null}
      {data.id && data.revisions ? <RevisionsPanel def={def} id={data.id} revisions={data.revisions} /> : null}
      {confirm.dialog}
    </section>
  );
}

// ---------------------------------------------------------------- delete

/** The delete confirmation as a page (without JavaScript, or after a refusal): Cancel goes back to the list. */
export function DeleteConfirmation({ def, data, confirmError }: { def: AnyResourceDef; data: DeleteData; confirmError?: string }) {
  return <ConfirmForm confirmation={deleteConfirmation(def, data)} cancel={resourcePath(def)} error={confirmError} />;
}
