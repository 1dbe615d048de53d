/** The team's session limits: a form of two choices, on its own settings page. */
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, inputClasses, Options } from "~/components/ui/Field";
import { useKeptFormOptions } from "~/lib/kept-form";
import { useLazyValidation } from "~/lib/lazy-validation";
import { AdminPage, AdminSection } from "~/features/dashboard";
import {
  IDLE_OPTIONS,
  LIFETIME_OPTIONS,
  SESSION_SETTINGS_MESSAGES as M,
  SESSION_SETTINGS_PATH,
  type SessionLimitValues,
} from "./session-settings";

export type SessionSettingsActionData = { result: SubmissionResult<string[]> } | undefined;

const loadSchema = () => import("./session-settings").then((m) => m.sessionSettingsSchema);

function SessionSettingsForm({ limits, actionData }: { limits: SessionLimitValues; actionData: SessionSettingsActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === SESSION_SETTINGS_PATH;
  const validation = useLazyValidation(loadSchema);
  const defaults = { sessionIdleMinutes: String(limits.sessionIdleMinutes), sessionMaxMinutes: String(limits.sessionMaxMinutes) };
  const [form, fields] = useForm({
    id: "session-settings",
    ...useKeptFormOptions(actionData?.result, {}, defaults),
    onValidate: validation.onValidate,
  });
  return (
    <Form method="post" action={SESSION_SETTINGS_PATH} {...getFormProps(form)} {...validation.formProps} className="space-y-4">
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={M.idleLabel} field={fields.sessionIdleMinutes} hint={M.idleHint}>
        <select {...getSelectProps(fields.sessionIdleMinutes)} required={false} className={`${inputClasses} max-w-xs`}>
          <Options options={IDLE_OPTIONS} />
        </select>
      </Field>
      <Field label={M.lifetimeLabel} field={fields.sessionMaxMinutes}>
        <select {...getSelectProps(fields.sessionMaxMinutes)} required={false} className={`${inputClasses} max-w-xs`}>
          <Options options={LIFETIME_OPTIONS} />
        </select>
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? M.saving : M.save}
      </Button>
    </Form>
  );
}

export function SessionSettingsPage({
  email,
  limits,
  actionData,
}: {
  email: string;
  limits: SessionLimitValues;
  actionData: SessionSettingsActionData;
}) {
  return (
    <AdminPage email={email} title={M.title}>
      <AdminSection title={M.formTitle} description={M.intro}>
        <SessionSettingsForm limits={limits} actionData={actionData} />
      </AdminSection>
    </AdminPage>
  );
}
