/**
 * The views of the admin resource pattern: the list (search, pages, edit and
 * delete per row), the form (every field kind, on-blur validation with the
 * declaration's schema, Preview, the stale-save message) and the delete
 * confirmation (a dialog with JavaScript, a page without).
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import type { z } from "zod";
import { StructuredContent } from "~/components/content/StructuredContent";
import { SECTION_TYPES } from "~/components/content/sections";
import { Button, buttonClasses } from "~/components/ui/Button";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { Modal, ModalLink } from "~/components/ui/Modal";
import { Pagination } from "~/components/ui/Pagination";
import { EmptyState, Table, Td, Th, Tr } from "~/components/ui/Table";
import type { DeleteData, FormActionData, FormData_, ListData } from "~/lib/admin-resource/server";
import { INTENT, UPDATED_AT_FIELD, type FieldDef, type ResourceDef, type ResourceRow } from "~/lib/admin-resource/types";
import { jsonProblem, parseJsonOrText } from "~/lib/json";
import { TabHeading } from "./AdminShell";

const listPath = (def: ResourceDef) => `/admin/dashboard/${def.tab}`;
const dangerButton = "bg-red-600 hover:bg-red-700 focus-visible:outline-red-600";

// ------------------------------------------------------------------ list

export function ResourceList({ def, data }: { def: ResourceDef; data: ListData }) {
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const noDialog = useRef<HTMLDialogElement>(null);
  const [deleting, setDeleting] = useState<ResourceRow | null>(null);
  return (
    <section>
      <TabHeading
        title={def.plural}
        description={def.description}
        actions={
          <Link to={`${listPath(def)}/new`} className={buttonClasses({ size: "sm" })}>
            {`New ${def.singular.toLowerCase()}`}
          </Link>
        }
      />
      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <label htmlFor={`${def.tab}-search`} className="sr-only">
          {def.searchLabel}
        </label>
        <Input id={`${def.tab}-search`} type="search" name="q" defaultValue={data.q} placeholder={def.searchLabel} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      {data.error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {data.error}
        </p>
      ) : data.rows.length === 0 ? (
        <EmptyState title={data.q ? `No ${def.plural.toLowerCase()} match “${data.q}”` : `No ${def.plural.toLowerCase()} yet`} />
      ) : (
        <Table caption={def.plural}>
          <thead>
            <tr>
              {def.columns.map((c) => (
                <Th key={c.header}>{c.header}</Th>
              ))}
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.rows.map((row) => (
              <Tr key={row.id}>
                {def.columns.map((c) => (
                  <Td key={c.header} className={c.className}>
                    {c.cell(row)}
                  </Td>
                ))}
                <Td className="whitespace-nowrap text-right">
                  <div className="flex items-center justify-end gap-1">
                    {def.rowActions?.(row)}
                    <Link to={`${listPath(def)}/${row.id}`} className={buttonClasses({ variant: "ghost", size: "sm" })}>
                      Edit<span className="sr-only">{` ${row.title}`}</span>
                    </Link>
                    <ModalLink
                      to={`${listPath(def)}/${row.id}/delete`}
                      // A record the site uses is deleted from its own page, with the stronger confirmation.
                      dialog={row.deleteWarning ? noDialog : dialog}
                      onOpen={() => setDeleting(row)}
                      className={buttonClasses({ variant: "ghost", size: "sm" }) + " text-red-700 hover:bg-red-50"}
                    >
                      Delete<span className="sr-only">{` ${row.title}`}</span>
                    </ModalLink>
                  </div>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={data.page} pageCount={data.pageCount} search={location.search} />
      <Modal ref={dialog} labelledBy="delete-title">
        {deleting ? (
          <DeleteConfirmation def={def} data={{ tab: def.tab, id: deleting.id, title: deleting.title, warning: null }} onCancel={() => dialog.current?.close()} />
        ) : null}
      </Modal>
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
        A JSON list of sections. Types: {SECTION_TYPES.join(", ")}. In text, <code>**bold**</code>, <code>[label](https://…)</code> and lines
        starting with <code>- </code> (bullets) are understood. Unknown types show nothing.
      </p>
      <pre className="mt-2 overflow-x-auto rounded bg-white p-3 text-xs leading-5">
        <code>{CONTENT_EXAMPLE}</code>
      </pre>
    </details>
  );
}

function FieldControl({ def, field, meta, suggestions }: { def: FieldDef; field: FieldMetadata<unknown>; meta: { hint?: string | null }; suggestions?: string[] }) {
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
            rows={def.kind === "content" ? 16 : 4}
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

export function ResourceForm({ def, data }: { def: ResourceDef; data: FormData_ }) {
  const actionData = useActionData<FormActionData>();
  const navigation = useNavigation();
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const defaults: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(data.values).map(([k, v]) => [k, typeof v === "boolean" ? (v ? "on" : undefined) : v === null || v === undefined ? "" : String(v)]),
  );
  const [form, fields] = useForm<Record<string, string | undefined>>({
    id: `${def.tab}-${data.id ?? "new"}`,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: def.schema as z.ZodType<Record<string, string | undefined>> }),
  });
  const title = data.id ? `Edit ${def.singular.toLowerCase()}` : `New ${def.singular.toLowerCase()}`;
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
            <ModalLink to={`${listPath(def)}/${data.id}/delete`} dialog={dialog} className={buttonClasses({ variant: "ghost" }) + " text-red-700 hover:bg-red-50"}>
              Delete
            </ModalLink>
          ) : (
            <span />
          )}
          <div className="flex flex-wrap gap-3">
            <Link to={listPath(def)} className={buttonClasses({ variant: "secondary" })}>
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
      {data.id ? (
        <Modal ref={dialog} labelledBy="delete-title">
          <DeleteConfirmation
            def={def}
            data={{ tab: def.tab, id: data.id, title: String(data.values.title ?? ""), warning: null }}
            onCancel={() => dialog.current?.close()}
          />
        </Modal>
      ) : null}
    </section>
  );
}

// ---------------------------------------------------------------- delete

export function DeleteConfirmation({
  def,
  data,
  onCancel,
  confirmError,
}: {
  def: ResourceDef;
  data: DeleteData;
  onCancel?: () => void;
  /** The action's answer when the stronger confirmation's box was not ticked. */
  confirmError?: string;
}) {
  const thing = def.singular.toLowerCase();
  return (
    <Form method="post" action={`${listPath(def)}/${data.id}/delete`}>
      <h2 id="delete-title" className="pr-8 text-lg font-bold">
        {`Delete this ${thing}?`}
      </h2>
      <p className="mt-2 text-sm text-slate-600">“{data.title}” will be removed for good, from the dashboard and from the public site.</p>
      {data.warning ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">{`The site uses this ${thing}.`}</p>
          <p className="mt-1">{data.warning}</p>
          <label className="mt-3 flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              aria-invalid={confirmError ? true : undefined}
              aria-describedby={confirmError ? "delete-confirm-error" : undefined}
              className="h-4 w-4 rounded border-amber-400"
            />
            I understand, delete it anyway
          </label>
          <ErrorList id="delete-confirm-error" errors={confirmError ? [confirmError] : null} />
        </div>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={listPath(def)} className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
        )}
        <Button type="submit" name="intent" value={INTENT.delete} className={dangerButton} data-autofocus>
          {`Delete ${thing}`}
        </Button>
      </div>
    </Form>
  );
}
