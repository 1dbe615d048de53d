import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { PrivacyNotice } from "~/features/privacy";
import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input } from "~/components/ui/Field";
import { PublicFormFields } from "~/components/ui/Honeypot";
import type { PublicFormActionData } from "~/lib/forms.server";
import { useOutcomeToasts, usePublicFetcherForm } from "~/lib/public-form";
import { CHECKLIST_MESSAGES as M } from "./lead-capture.messages";
import { CHECKLIST_PATH } from "~/lib/paths";

const FETCHER_KEY = "checklist-form";
const loadChecklistSchema = () => import("./lead-magnet.schema").then((m) => m.checklistSchema);

/** The toasts of the checklist form's answer, and `onUnlocked` on success. */
export function useChecklistUnlock(onUnlocked: () => void) {
  const fetcher = useFetcher<PublicFormActionData>({ key: FETCHER_KEY });
  useOutcomeToasts(fetcher, {
    success: { type: "success", title: M.successTitle, description: M.successBody },
    failure: { type: "error", title: M.failureTitle, description: M.failureBody },
    onSuccess: onUnlocked,
  });
}

/**
 * The checklist's email-only form, validated by the same schema in the
 * browser (on blur and on submit, no native bubbles) and in the action. With
 * JavaScript it posts through a fetcher (pair it with `useChecklistUnlock` in
 * a component that stays mounted: the form itself disappears once the page
 * unlocks); without, the POST redirects back to the page, which a cookie now
 * unlocks.
 */
export function ChecklistForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { fetcher, form, fields, formProps, busy } = usePublicFetcherForm(FETCHER_KEY, loadChecklistSchema, lastResult);
  return (
    <fetcher.Form method="post" action={CHECKLIST_PATH} {...getFormProps(form)} {...formProps}>
      <PublicFormFields redirectTo={CHECKLIST_PATH} />
      <Field label="Your email" field={fields.email}>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input {...getInputProps(fields.email, { type: "email" })} required={false} autoComplete="email" placeholder="you@yourapp.com" />
          <Button type="submit" size="lg" className="shrink-0" disabled={busy}>
            {busy ? "Unlocking..." : "Unlock the checklist"}
          </Button>
        </div>
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} title={M.failureTitle} />
      <PrivacyNotice className="mt-3" followUps />
    </fetcher.Form>
  );
}
