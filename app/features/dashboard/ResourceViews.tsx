/**
 * The views of the admin resource pattern: the list (a filter with counts,
 * search, pages, edit and delete per row), the form (every field kind, on-blur
 * validation with the declaration's schema, Preview, the stale-save message)
 * and the delete confirmation (a dialog with JavaScript, a page without).
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import type { z } from "zod";
import { editorStateOf, LivePreview, previewContent, SectionEditor } from "~/features/content";
import { Button, buttonClasses } from "~/components/ui/Button";
import { ConfirmForm, ConfirmLink, useConfirmDialog, type Confirmation } from "~/components/ui/Confirm";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table, type Column } from "~/components/ui/Table";
import type { DeleteData, FormData_, ListData } from "~/lib/admin-resource/server";
import type { FormActionData } from "~/lib/admin-resource/server-types";
import {
  FILTER_ALL,
  INTENT,
  resourcePath,
  UPDATED_AT_FIELD,
  type AnyResourceDef,
  type FieldDef,
  type ResourceRow,
} from "~/lib/admin-resource/types";
import { parseJsonOrText } from "~/lib/json";
import { useKeptValues } from "~/lib/kept-form";
import { MEDIA_UPLOAD_URL } from "~/features/media";
import { FilterPills, TabHeading } from "./AdminShell";
import { RevisionsPanel } from "./Revisions";
import { ImageChoiceField } from "./ImageChoiceField";

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

function FieldControl({
  def,
  field,
  required,
  suggestions,
  library,
}: {
  def: FieldDef;
  field: FieldMetadata<unknown>;
  required?: boolean;
  suggestions?: string[];
  library: FormData_["library"];
}) {
  switch (def.kind) {
    case "image":
      return <ImageChoiceField def={def} field={field} library={library} />;
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
      return (
        <Field label={def.label} field={field} hint={def.hint}>
          <Textarea {...getTextareaProps(field)} rows={def.rows ?? 4} placeholder={def.placeholder} />
        </Field>
      );
    case "file":
      return (
        <Field label={def.label} field={field} hint={def.hint}>
          <Input {...getInputProps(field, { type: "file" })} accept={def.accept} required={required} />
        </Field>
      );
    case "select":
      return (
        <Field label={def.label} field={field} hint={def.hint}>
          <select {...getSelectProps(field)} className={inputClasses}>
            <Options options={def.options ?? []} empty="Choose…" />
          </select>
        </Field>
      );
    default:
      return (
        <Field label={def.label} field={field} hint={def.hint}>
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
  // After a sign-in that ended a lost session: the form as the admin had typed it, ready to save.
  const kept = useKeptValues();
  const [form, fields] = useForm<Record<string, string | undefined>>({
    id: `${def.tab}-${data.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: kept ?? defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: def.schema as z.ZodType<Record<string, string | undefined>> }),
  });
  const title = data.id ? `Edit ${lower(def.singular)}` : `New ${lower(def.singular)}`;
  const returned = navigation.state === "idle" ? actionData : undefined;
  const contentField = def.fields.find((f) => f.kind === "content");
  // The editor starts from the stored content, or from what the server sent back (a refused save, an editor action).
  const editor = useMemo(
    () => (contentField ? editorStateOf(String(data.values[contentField.name] ?? ""), returned?.result.initialValue ?? kept) : null),
    [contentField, data.values, returned, kept],
  );
  // What the preview shows first: the server's rendering of a Preview sent without JavaScript, else the content as it opens.
  const preview = useMemo(() => {
    if (!editor) return null;
    if (returned?.previewed) return parseJsonOrText(String(returned.preview ?? ""));
    return previewContent(editor.mode, editor.sections, editor.text) ?? "";
  }, [editor, returned]);
  const shown = def.fields.filter((f) => !f.only || f.only === (data.id ? "edit" : "create"));
  return (
    <section>
      <TabHeading title={title} description={data.id ? String(data.values.title ?? "") : def.description} />
      <div className={editor ? "grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" : undefined}>
        <Form
          method="post"
          {...getFormProps(form)}
          // Files travel in the form itself without JavaScript: a file field, or an image uploaded from the editor.
          encType={shown.some((f) => f.kind === "file" || f.kind === "content") ? "multipart/form-data" : undefined}
          className="min-w-0 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <ErrorList id={form.errorId} errors={form.errors} />
          {/* A kept form keeps the version it was typed on: a save by someone else meanwhile is still caught (409). */}
          {data.updatedAt !== null ? (
            <input type="hidden" name={UPDATED_AT_FIELD} value={String(kept?.[UPDATED_AT_FIELD] ?? data.updatedAt)} />
          ) : null}
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            {shown.map((f) => (
              <div key={f.name} className={f.half ? undefined : "sm:col-span-2"}>
                {f.kind === "content" && editor ? (
                  <SectionEditor
                    formId={form.id}
                    contentId={fields[f.name]!.id}
                    contentErrors={fields[f.name]!.errors}
                    errors={(name) => form.allErrors[name]}
                    initial={editor}
                    message={returned?.editor?.message}
                    library={data.library}
                    uploadUrl={MEDIA_UPLOAD_URL}
                  />
                ) : (
                  <FieldControl
                    def={f}
                    field={fields[f.name]!}
                    // A file field shown only on the new form is what that form is for.
                    required={f.kind === "file" && f.only === "create"}
                    suggestions={data.suggestions[f.name]}
                    library={data.library}
                  />
                )}
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
        {preview ? <LivePreview formId={form.id} initial={preview} className="lg:sticky lg:top-4" /> : null}
      </div>
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
