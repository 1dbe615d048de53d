import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { PrivacyNotice } from "~/features/privacy";
import { useNavigate } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { PublicFormFields } from "~/components/ui/Honeypot";
import { useOutcomeToasts, usePublicFetcherForm } from "~/lib/public-form";
import { PLAYBOOK_LANDING_MESSAGES as M } from "./lead-capture.messages";
import { FINAL_GUIDE_PATH, PLAYBOOK_LANDING_PATH } from "~/lib/paths";

const loadLandingSchema = () => import("./lead-magnet.schema").then((m) => m.playbookLandingSchema);

/**
 * The playbook landing page's form. With JavaScript: on success the
 * spreadsheet opens in a new tab (browsers allow that for a few seconds after
 * the click; if one blocks it, the guide's banner has the link) and the
 * visitor goes on to the final guide. Without: the action redirects to the
 * guide, which shows the spreadsheet link.
 */
export function PlaybookLandingForm({ xlsxUrl, lastResult }: { xlsxUrl: string; lastResult?: SubmissionResult<string[]> }) {
  const navigate = useNavigate();
  const { fetcher, form, fields: f, formProps, busy } = usePublicFetcherForm("playbook-landing-form", loadLandingSchema, lastResult);
  useOutcomeToasts(fetcher, {
    success: { type: "success", title: M.successTitle, description: M.successBody },
    failure: { type: "error", title: M.failureTitle, description: M.failureBody },
    onSuccess: () => {
      window.open(xlsxUrl, "_blank", "noopener,noreferrer");
      navigate(`${FINAL_GUIDE_PATH}?welcome`);
    },
  });
  return (
    <fetcher.Form method="post" action={PLAYBOOK_LANDING_PATH} {...getFormProps(form)} {...formProps} className="space-y-4">
      <PublicFormFields redirectTo={PLAYBOOK_LANDING_PATH} />
      <Field label="First name" field={f.firstName}>
        <Input {...getInputProps(f.firstName, { type: "text" })} autoComplete="given-name" required={false} />
      </Field>
      <Field label="Email" field={f.email}>
        <Input {...getInputProps(f.email, { type: "email" })} autoComplete="email" required={false} />
      </Field>
      <Field label="Your app's URL" field={f.appUrl}>
        <Input {...getInputProps(f.appUrl, { type: "url" })} placeholder="https://apps.shopify.com/your-app" required={false} />
      </Field>
      <Field label="Phone (optional)" field={f.phone}>
        <Input {...getInputProps(f.phone, { type: "tel" })} autoComplete="tel" />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} title={M.failureTitle} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Sending..." : "Get the free playbook"}
      </Button>
      <p className="text-center text-xs text-slate-600">Free. The guide opens right away; the PDF and the spreadsheet come by email too.</p>
      <PrivacyNotice className="text-center" followUps />
    </fetcher.Form>
  );
}
