import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { PrivacyNotice } from "~/features/privacy";
import { PublicFormFields } from "~/components/ui/Honeypot";
import { useOutcomeToasts, usePublicFetcherForm } from "~/lib/public-form";
import { useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { LEAD_MAGNET_MESSAGES } from "./lead-capture.messages";

const loadLeadMagnetSchema = () => import("./lead-magnet.schema").then((m) => m.leadMagnetPopupSchema);

/**
 * firstName, email and appUrl for the free playbook. With JavaScript it posts
 * through a fetcher and calls `onSuccess`; without, it is a plain POST to
 * /lead-magnet that redirects back with a toast.
 */
export function LeadMagnetForm({
  lastResult,
  onSuccess,
  page,
}: {
  lastResult?: SubmissionResult<string[]>;
  onSuccess?: () => void;
  /** The page the visitor was on (defaults to this one). */
  page?: string;
}) {
  const location = useLocation();
  const { fetcher, form, fields, formProps, busy } = usePublicFetcherForm("lead-magnet-form", loadLeadMagnetSchema, lastResult);

  useOutcomeToasts(fetcher, {
    success: { type: "success", title: LEAD_MAGNET_MESSAGES.successTitle, description: LEAD_MAGNET_MESSAGES.successBody },
    failure: { type: "error", title: LEAD_MAGNET_MESSAGES.failureTitle, description: LEAD_MAGNET_MESSAGES.failureBody },
    onSuccess,
  });

  const here = page ?? location.pathname;
  return (
    <fetcher.Form method="post" action="/lead-magnet" {...getFormProps(form)} {...formProps} className="space-y-4">
      <PublicFormFields redirectTo={here} />
      <input type="hidden" name="page" value={here} />
      <Field label="First name" field={fields.firstName}>
        <Input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" required={false} />
      </Field>
      <Field label="Email" field={fields.email}>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" required={false} />
      </Field>
      <Field label="Your app's URL" field={fields.appUrl}>
        <Input {...getInputProps(fields.appUrl, { type: "url" })} placeholder="https://apps.shopify.com/your-app" required={false} />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Sending..." : "Send me the playbook"}
      </Button>
      <PrivacyNotice followUps />
    </fetcher.Form>
  );
}
