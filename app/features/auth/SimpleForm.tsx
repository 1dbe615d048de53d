/**
 * The small forms of the account, sign-in and team pages: a few text fields
 * and one submit button, posted (with JavaScript or without) to an action that
 * validates with the same schema. Each form has its own id, so a page can hold
 * several; `lastResult` is the action's answer to this form only.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { useKeptValues } from "~/lib/kept-form";
import { useLazyValidation } from "~/lib/lazy-validation";

export interface SimpleField {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  hint?: ReactNode;
}

export function SimpleForm({
  id,
  action,
  intent,
  loadSchema,
  fields,
  hidden,
  submitLabel,
  busyLabel,
  lastResult,
  variant = "primary",
  wide,
}: {
  id: string;
  action: string;
  /** Sent as the hidden field `intent`, when the action serves several forms. */
  intent?: string;
  loadSchema: () => Promise<z.ZodType>;
  fields: SimpleField[];
  hidden?: Record<string, string>;
  submitLabel: string;
  busyLabel?: string;
  lastResult?: SubmissionResult<string[]> | null;
  variant?: "primary" | "secondary" | "danger";
  wide?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action && navigation.formData?.get("intent") === (intent ?? null);
  const validation = useLazyValidation(loadSchema);
  // What was typed before a session ended (never a password or a code: those are not kept).
  const kept = useKeptValues({ intent, ...hidden });
  const [form, conformFields] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: kept,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} {...validation.formProps} className="space-y-4">
      <ErrorList id={form.errorId} errors={form.errors} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((f) => {
        const field = conformFields[f.name]!;
        return (
          <Field key={f.name} label={f.label} field={field} hint={f.hint}>
            <Input
              {...getInputProps(field, { type: f.type ?? "text" })}
              autoComplete={f.autoComplete}
              inputMode={f.inputMode}
              required={false}
              className={wide ? undefined : "max-w-md"}
            />
          </Field>
        );
      })}
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? (busyLabel ?? submitLabel) : submitLabel}
      </Button>
    </Form>
  );
}
