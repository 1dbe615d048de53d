import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { PrivacyNotice } from "~/features/privacy";
import { PublicFormFields } from "~/components/ui/Honeypot";
import { usePublicFetcherForm } from "~/lib/public-form";
import { useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { QA_CATEGORIES } from "./qa.options";

const loadQuestionSchema = () => import("./qa.schema").then((m) => m.questionSchema);

/** The question form: all errors together under their fields; 'Submitting...' while busy; cleared after success. */
export function QuestionForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const location = useLocation();
  const { fetcher, form, fields: f, formProps, busy, success } = usePublicFetcherForm("question-form", loadQuestionSchema, lastResult);
  return (
    <fetcher.Form method="post" action="/questions-and-answers/submit" {...getFormProps(form)} {...formProps} className="space-y-5">
      <PublicFormFields redirectTo={location.pathname} />
      {success ? (
        <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-semibold text-emerald-900">
          {success}
        </p>
      ) : null}
      <Field label="Title" field={f.title} hint="Summarise your question in a sentence.">
        <Input {...getInputProps(f.title, { type: "text" })} required={false} />
      </Field>
      <Field label="Category" field={f.category}>
        <select {...getSelectProps(f.category)} required={false} className={inputClasses}>
          <Options options={QA_CATEGORIES} empty="Select a category" />
        </select>
      </Field>
      <Field label="Your question" field={f.question} hint="Give the context: your app, your numbers, what you tried.">
        <Textarea {...getTextareaProps(f.question)} rows={7} required={false} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name (optional)" field={f.submitterName}>
          <Input {...getInputProps(f.submitterName, { type: "text" })} autoComplete="name" />
        </Field>
        <Field label="Email (optional)" field={f.submitterEmail} hint="Only to tell you when it is answered.">
          <Input {...getInputProps(f.submitterEmail, { type: "email" })} autoComplete="email" />
        </Field>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Submitting..." : "Submit question"}
      </Button>
      <PrivacyNotice />
    </fetcher.Form>
  );
}
