import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Input } from "~/components/ui/Field";
import { PublicFormFields } from "~/components/ui/Honeypot";
import type { PublicFormActionData } from "~/lib/forms.server";
import { useOutcomeToasts } from "~/lib/public-form";
import { CHECKLIST_MESSAGES as M } from "./lead-magnet.messages";
import { CHECKLIST_PATH } from "~/lib/paths";

const FETCHER_KEY = "checklist-form";

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
 * The checklist's email-only form. The browser's own required and email
 * checks run first; the server checks again. With JavaScript it posts through
 * a fetcher (pair it with `useChecklistUnlock` in a component that stays
 * mounted: the form itself disappears once the page unlocks); without, the
 * POST redirects back to the page, which a cookie now unlocks.
 */
export function ChecklistForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const fetcher = useFetcher<PublicFormActionData>({ key: FETCHER_KEY });
  const result = fetcher.data?.result ?? lastResult;
  const errors = result?.error?.email ?? [];
  const formErrors = result?.error?.[""] ?? [];
  const typed = result?.initialValue?.email;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={CHECKLIST_PATH}>
      <PublicFormFields redirectTo={CHECKLIST_PATH} />
      <label htmlFor="checklist-email" className="mb-1.5 block text-sm font-medium text-ink">
        Your email
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id="checklist-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@yourapp.com"
          defaultValue={typeof typed === "string" ? typed : undefined}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? "checklist-email-error" : undefined}
        />
        <Button type="submit" size="lg" className="shrink-0" disabled={busy}>
          {busy ? "Unlocking..." : "Unlock the checklist"}
        </Button>
      </div>
      <ErrorList id="checklist-email-error" errors={errors} />
      <ErrorList errors={formErrors} title={M.failureTitle} />
    </fetcher.Form>
  );
}
