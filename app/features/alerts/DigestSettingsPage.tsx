/**
 * The daily digest's settings page parts: the form (the team's time zone, the
 * hour, on or off) and where the digest goes. The route puts them in the
 * admin's page chrome (AdminPage), like the account and team pages.
 */
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input, inputClasses, Options } from "~/components/ui/Field";
import { formatDateTime } from "~/lib/format";
import { useKeptFormOptions } from "~/lib/kept-form";
import { useLazyValidation } from "~/lib/lazy-validation";
import { DIGEST_MESSAGES as M, DIGEST_SETTINGS_PATH, HOUR_OPTIONS } from "./digest.messages";
import type { DigestSettingsData } from "./digest.server";

export type DigestSettingsActionData = { result: SubmissionResult<string[]> } | undefined;

export interface DigestSettingsPageData extends DigestSettingsData {
  email: string;
  timeZones: string[];
}

const loadSchema = () => import("./digest.schema").then((m) => m.digestSettingsSchema);

export function DigestSettingsForm({ data, actionData }: { data: DigestSettingsPageData; actionData: DigestSettingsActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === DIGEST_SETTINGS_PATH;
  const validation = useLazyValidation(loadSchema);
  const defaults = {
    timeZone: data.settings.timeZone,
    digestHour: String(data.settings.digestHour),
    digestEnabled: data.settings.digestEnabled ? "on" : undefined,
  };
  const [form, fields] = useForm({
    id: "digest-settings",
    ...useKeptFormOptions(actionData?.result, {}, defaults),
    onValidate: validation.onValidate,
  });
  return (
    <Form method="post" action={DIGEST_SETTINGS_PATH} {...getFormProps(form)} {...validation.formProps} className="space-y-4">
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label={M.timeZoneLabel} field={fields.timeZone} hint={M.timeZoneHint}>
        <Input
          {...getInputProps(fields.timeZone, { type: "text" })}
          list="digest-time-zones"
          autoComplete="off"
          spellCheck={false}
          required={false}
          className="max-w-md"
        />
      </Field>
      <datalist id="digest-time-zones">
        {data.timeZones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <Field label={M.hourLabel} field={fields.digestHour} hint={M.hourHint}>
        <select {...getSelectProps(fields.digestHour)} required={false} className={`${inputClasses} max-w-40`}>
          <Options options={HOUR_OPTIONS} />
        </select>
      </Field>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-ink">
          <input {...getInputProps(fields.digestEnabled, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300" />
          {M.enabledLabel}
        </label>
        <ErrorList id={fields.digestEnabled.errorId} errors={fields.digestEnabled.errors} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? M.saving : M.save}
      </Button>
    </Form>
  );
}

/** Where the digest goes, and the last one sent. */
export function DigestStatus({ data }: { data: DigestSettingsData }) {
  return (
    <>
      <p className="text-sm text-slate-700">{M.recipient(data.recipient)}</p>
      <p className="mt-2 text-sm text-slate-700" data-testid="digest-last-run">
        {data.lastRun ? (
          <>
            {M.lastSent(data.lastRun.localDate, data.lastRun.timeZone)} ({formatDateTime(data.lastRun.sentAt)})
          </>
        ) : (
          M.neverSent
        )}
      </p>
    </>
  );
}
