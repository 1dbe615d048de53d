import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import type { z } from "zod";
import { Button, buttonClasses } from "~/components/ui/Button";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { Modal, ModalLink } from "~/components/ui/Modal";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { qaEditSchema } from "./qa-admin.schema";
import { QA_CATEGORIES } from "./qa.options";

const loadEditSchema = () => import("./qa-admin.schema").then((m) => m.qaEditSchema);

export interface QaEditable {
  id: string;
  title: string;
  question: string;
  answer: string | null;
  category: string;
  status: "pending" | "published";
  isFeatured: boolean;
}

/** Edit a question; Delete asks first (a dialog with JavaScript, a confirmation page without). */
export function QaEditForm({ q, lastResult }: { q: QaEditable; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const dialog = useRef<HTMLDialogElement>(null);
  const validation = useLazyValidation(loadEditSchema);
  const [form, f] = useForm<z.input<typeof qaEditSchema>>({
    id: `qa-edit-${q.id}`,
    lastResult,
    defaultValue: { ...q, answer: q.answer ?? "", isFeatured: q.isFeatured ? "on" : undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  return (
    <>
      <Form method="post" {...getFormProps(form)} {...validation.formProps} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Title" htmlFor={f.title.id} errorId={f.title.errorId} errors={f.title.errors}>
          <Input {...getInputProps(f.title, { type: "text" })} required={false} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-3">
          <Field label="Category" htmlFor={f.category.id} errorId={f.category.errorId} errors={f.category.errors}>
            <select {...getSelectProps(f.category)} required={false} className={inputClasses}>
              <Options options={QA_CATEGORIES} />
            </select>
          </Field>
          <Field label="Status" htmlFor={f.status.id} errorId={f.status.errorId} errors={f.status.errors}>
            <select {...getSelectProps(f.status)} required={false} className={inputClasses}>
              <option value="pending">Pending</option>
              <option value="published">Published</option>
            </select>
          </Field>
          <div className="flex items-end pb-2.5">
            <label className="flex items-center gap-2 text-sm font-medium text-ink">
              <input {...getInputProps(f.isFeatured, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300" />
              Featured
            </label>
          </div>
        </div>
        <Field label="Question" htmlFor={f.question.id} errorId={f.question.errorId} errors={f.question.errors}>
          <Textarea {...getTextareaProps(f.question)} rows={5} required={false} />
        </Field>
        <Field label="Answer" htmlFor={f.answer.id} errorId={f.answer.errorId} errors={f.answer.errors} hint="Leave empty to show 'Answer Coming Soon'.">
          <Textarea {...getTextareaProps(f.answer)} rows={8} />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
          <ModalLink to={`/admin/dashboard/qa/${q.id}/delete`} dialog={dialog} className={buttonClasses({ variant: "ghost" }) + " text-red-700 hover:bg-red-50"}>
            Delete
          </ModalLink>
          <div className="flex gap-3">
            <Link to="/admin/dashboard/qa" className={buttonClasses({ variant: "secondary" })}>
              Cancel
            </Link>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {busy ? "Saving..." : "Save"}
            </Button>
          </div>
        </div>
      </Form>
      <Modal ref={dialog} labelledBy="delete-title">
        <DeleteConfirmation id={q.id} title={q.title} onCancel={() => dialog.current?.close()} />
      </Modal>
    </>
  );
}

/** The delete question, as a dialog's body or a page of its own. */
export function DeleteConfirmation({ id, title, onCancel }: { id: string; title: string; onCancel?: () => void }) {
  return (
    <Form method="post" action={`/admin/dashboard/qa/${id}/delete`}>
      <h2 id="delete-title" className="pr-8 text-lg font-bold">
        Delete this question?
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        “{title}” will be removed for good, from the dashboard and from the public site.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : (
          <Link to={`/admin/dashboard/qa/${id}`} className={buttonClasses({ variant: "secondary" })}>
            Cancel
          </Link>
        )}
        <Button type="submit" name="intent" value="delete" className="bg-red-600 hover:bg-red-700">
          Delete question
        </Button>
      </div>
    </Form>
  );
}
