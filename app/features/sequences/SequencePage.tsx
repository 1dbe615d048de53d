/**
 * A follow-up sequence's page: on or off, its counts, the editor of its trigger and steps (add, remove, move; the
 * merge fields checked by the same schema as the action), the exit rules, and a step's preview for a real person
 * with a test sent to the signed-in admin. Every form works without JavaScript.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { RowAction } from "~/components/ui/RowAction";
import { AdminSection } from "~/features/dashboard";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { SequenceActionData, SequencePageData } from "./admin.server";
import type { SequenceSave } from "./sequence.schema";
import {
  EXIT_RULES,
  MAX_STEPS,
  SEQUENCES_MESSAGES as M,
  SEQUENCES_PATH,
  sequencePath,
  TRIGGER_LABELS,
  TRIGGERS,
} from "./sequences.messages";

type StepShape = { subject: string; body: string; delayHours: string };
type SaveShape = { intent: string; updatedAt: string; name: string; trigger: string; steps: StepShape[] };

const TRIGGER_OPTIONS = TRIGGERS.map((value) => ({ value, label: TRIGGER_LABELS[value] }));

/** A step's move or remove button: conform's intent on a plain submit, so it works without JavaScript. */
function StepButton({
  control,
  label,
  index,
  danger,
}: {
  control: { name: string; value: string; form: string; formNoValidate: boolean };
  label: string;
  index: number;
  danger?: boolean;
}) {
  return (
    <Button {...control} type="submit" formNoValidate variant={danger ? "danger" : "ghost"} size="sm">
      {label}
      <span className="sr-only">{` email ${index + 1}`}</span>
    </Button>
  );
}

function Counts({ counts }: { counts: SequencePageData["counts"] }) {
  const cards: [string, number, string][] = [
    ["Enrolled", counts.enrolled, "enrolled"],
    ["Running now", counts.active, "active"],
    ["Emails sent", counts.sent, "sent"],
    ["Calls booked after enrolment", counts.booked, "booked"],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([label, value, key]) => (
          <div key={key} className="rounded-xl border border-slate-200 p-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink" data-testid={`sequence-count-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-ink">Exits by reason</h3>
      {counts.exits.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nobody has left this sequence early.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm" aria-label="Exits by reason">
          {counts.exits.map((e) => (
            <li key={e.reason} data-testid="sequence-exit">
              <span className="font-semibold">{e.count}</span>
              {` ${e.reason}`}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function SequenceEditor({ data, actionData }: { data: SequencePageData; actionData: SequenceActionData }) {
  const { sequence } = data;
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import("./sequence.schema").then((m) => m.sequenceSaveSchema));
  const [form, fields] = useForm<SaveShape, SequenceSave>({
    id: `sequence-${sequence.id}`,
    lastResult: navigation.state === "idle" && actionData?.intent === "save" ? actionData.result : undefined,
    defaultValue: {
      intent: "save",
      updatedAt: String(sequence.updatedAt),
      name: sequence.name,
      trigger: sequence.trigger,
      steps: sequence.steps.map((s) => ({ subject: s.subject, body: s.body, delayHours: String(s.delayHours) })),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const steps = fields.steps.getFieldList();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" {...getFormProps(form)} {...validation.formProps} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      <input {...getInputProps(fields.updatedAt, { type: "hidden" })} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" field={fields.name}>
          <Input {...getInputProps(fields.name, { type: "text" })} required={false} autoComplete="off" />
        </Field>
        <Field label="Trigger" field={fields.trigger} hint="What enrols a person in this sequence.">
          <select {...getSelectProps(fields.trigger)} required={false} className={inputClasses}>
            <Options options={TRIGGER_OPTIONS} />
          </select>
        </Field>
      </div>
      <ol className="space-y-4" aria-label="Steps">
        {steps.map((step, index) => {
          const s = step.getFieldset();
          return (
            <li key={step.key} className="rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4" data-testid="sequence-step">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-ink">{`Email ${index + 1}`}</h3>
                <div className="flex flex-wrap gap-1">
                  {index > 0 ? (
                    <StepButton
                      control={form.reorder.getButtonProps({ name: fields.steps.name, from: index, to: index - 1 })}
                      label={M.moveUp}
                      index={index}
                    />
                  ) : null}
                  {index < steps.length - 1 ? (
                    <StepButton
                      control={form.reorder.getButtonProps({ name: fields.steps.name, from: index, to: index + 1 })}
                      label={M.moveDown}
                      index={index}
                    />
                  ) : null}
                  {steps.length > 1 ? (
                    <StepButton
                      control={form.remove.getButtonProps({ name: fields.steps.name, index })}
                      label={M.removeStep}
                      index={index}
                      danger
                    />
                  ) : null}
                </div>
              </div>
              <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem]">
                <Field label={`Subject of email ${index + 1}`} field={s.subject}>
                  <Input {...getInputProps(s.subject, { type: "text" })} required={false} autoComplete="off" />
                </Field>
                <Field
                  label={`Delay of email ${index + 1} (hours)`}
                  field={s.delayHours}
                  hint={index === 0 ? "After enrolment." : "After the previous email."}
                >
                  <Input {...getInputProps(s.delayHours, { type: "number" })} required={false} min={undefined} inputMode="numeric" />
                </Field>
              </div>
              <Field label={`Body of email ${index + 1}`} field={s.body} className="mt-4">
                <Textarea {...getTextareaProps(s.body)} required={false} rows={6} className="font-mono text-sm" />
              </Field>
            </li>
          );
        })}
      </ol>
      <ErrorList id={fields.steps.errorId} errors={fields.steps.errors} />
      <div className="flex flex-wrap gap-2">
        <Button
          {...form.insert.getButtonProps({ name: fields.steps.name, defaultValue: { subject: "", body: "", delayHours: "24" } })}
          type="submit"
          formNoValidate
          variant="secondary"
          disabled={steps.length >= MAX_STEPS}
        >
          {M.addStep}
        </Button>
        <Button type="submit" disabled={busy}>
          {M.save}
        </Button>
      </div>
    </Form>
  );
}

function PreviewAndTest({ data, actionData }: { data: SequencePageData; actionData: SequenceActionData }) {
  const { sequence, preview } = data;
  const navigation = useNavigation();
  const testResult = navigation.state === "idle" && actionData?.intent === "test" ? actionData.result : undefined;
  const typed = (testResult?.initialValue as { step?: string; email?: string } | undefined) ?? data.previewForm;
  const errors = (testResult?.error as { step?: string[]; email?: string[] } | undefined) ?? data.previewForm?.errors ?? {};
  const validation = useLazyValidation(() => import("./sequence.schema").then((m) => m.sequencePreviewSchema));
  const [form, fields] = useForm<{ step: string; email: string }, { step: number; email?: string }>({
    id: "sequence-preview",
    defaultValue: { step: typed?.step ?? "0", email: typed?.email ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const stepErrors = fields.step.errors ?? errors.step;
  const emailErrors = fields.email.errors ?? errors.email;
  return (
    <>
      <Form method="get" {...getFormProps(form)} {...validation.formProps} className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Field label={M.previewStep} field={fields.step} errors={stepErrors}>
          <select {...getSelectProps(fields.step)} required={false} className={inputClasses}>
            <Options options={sequence.steps.map((_, i) => ({ value: String(i), label: `Email ${i + 1}` }))} />
          </select>
        </Field>
        <Field label={M.previewPerson} field={fields.email} errors={emailErrors} hint={M.previewPersonHint}>
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            required={false}
            list="sequence-enrolled"
            autoComplete="off"
            aria-invalid={emailErrors?.length ? true : undefined}
          />
        </Field>
        <datalist id="sequence-enrolled">
          {data.enrolledEmails.map((e) => (
            <option key={e} value={e} />
          ))}
        </datalist>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="secondary">
            {M.preview}
          </Button>
          <Button type="submit" formMethod="post" name="intent" value="test">
            {M.sendTest}
          </Button>
        </div>
      </Form>
      {preview ? (
        <div className="mt-6 space-y-3" data-testid="sequence-preview">
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="text-slate-600">To</dt>
            <dd className="break-all text-ink">{preview.person ? preview.email : `${preview.email} (your own values)`}</dd>
            <dt className="text-slate-600">Subject</dt>
            <dd className="break-words font-medium text-ink" data-testid="sequence-preview-subject">
              {preview.subject}
            </dd>
          </dl>
          {/* The email as rendered for sending: React's escaped markup (every value escaped), shown on the email's own background. */}
          <div
            role="document"
            aria-label={`Email ${preview.step + 1} as ${preview.email} gets it`}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-[#f4f5f7] px-2 py-6 font-[Helvetica,Arial,sans-serif] text-[#1f2937]"
            data-testid="sequence-preview-body"
            dangerouslySetInnerHTML={{ __html: preview.bodyHtml }}
          />
          <details>
            <summary className="cursor-pointer text-sm font-medium text-brand-700">Plain text version</summary>
            <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-xs text-ink">{preview.text}</pre>
          </details>
        </div>
      ) : null}
    </>
  );
}

export function SequencePage({ data, actionData }: { data: SequencePageData; actionData: SequenceActionData }) {
  const { sequence } = data;
  return (
    <section aria-labelledby="sequence-title" className="space-y-6">
      <Link to={SEQUENCES_PATH} className="text-sm font-medium text-brand-700 hover:underline">
        ← All follow-up sequences
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="sequence-title" className="text-xl font-semibold break-words">
          {sequence.name}
        </h2>
        {sequence.enabled ? <Badge tone="success">{M.on}</Badge> : <Badge tone="warning">{M.off}</Badge>}
        <div className="sm:ml-auto">
          <RowAction
            action={sequencePath(sequence.id)}
            intent={sequence.enabled ? "turn-off" : "turn-on"}
            name="sequenceId"
            value={sequence.id}
            label={sequence.enabled ? M.turnOff : M.turnOn}
            variant={sequence.enabled ? "secondary" : "primary"}
          />
        </div>
      </div>
      <AdminSection title={M.countsTitle}>
        <Counts counts={data.counts} />
      </AdminSection>
      <AdminSection title={M.editTitle} description={M.editIntro}>
        <SequenceEditor key={sequence.updatedAt} data={data} actionData={actionData} />
      </AdminSection>
      <AdminSection title={M.exitTitle} description={M.exitIntro}>
        <ul className="list-disc space-y-1 pl-5 text-sm text-ink">
          {EXIT_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </AdminSection>
      <AdminSection title={M.previewTitle} description={M.previewIntro}>
        <PreviewAndTest data={data} actionData={actionData} />
      </AdminSection>
    </section>
  );
}
