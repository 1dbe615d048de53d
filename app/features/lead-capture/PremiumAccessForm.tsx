import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { PrivacyNotice } from "~/features/privacy";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Field, Input, inputClasses, Options } from "~/components/ui/Field";
import { PublicFormFields } from "~/components/ui/Honeypot";
import { Modal, openModal } from "~/components/ui/Modal";
import { useOutcomeToasts, usePublicFetcherForm } from "~/lib/public-form";
import { ACCESS_TIMINGS } from "./premium.options";
import { PREMIUM_MESSAGES } from "./lead-capture.messages";
import { PREMIUM_PATH } from "~/lib/paths";
import { OFFER } from "~/lib/offer";
import { CheckIcon } from "~/components/ui/Icons";

const loadPremiumSchema = () => import("./premium.schema").then((m) => m.premiumAccessSchema);

/** What the requester sees once the request is in (the dialog's second view, or the page after a no-JS POST). */
export function PremiumSubmitted({
  children,
  focus = false,
}: {
  children?: ReactNode;
  /** take the focus (the form that had it is gone) */ focus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div role="status" className="text-center">
      <div
        aria-hidden="true"
        className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700"
      >
        <CheckIcon className="h-7 w-7" />
      </div>
      <h2 id="premium-title" ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
        {PREMIUM_MESSAGES.successTitle}
      </h2>
      <p className="mt-3 text-slate-600">{PREMIUM_MESSAGES.successBody} Check your inbox (and the spam folder, just in case).</p>
      {children}
    </div>
  );
}

/**
 * firstName, email, company and when access is needed. Posts to
 * /playbooks/premium: with JavaScript through a fetcher (then `onSubmitted`),
 * without it as a page POST that comes back to the submitted view.
 */
export function PremiumAccessForm({
  contactEmail,
  lastResult,
  onSubmitted,
}: {
  contactEmail: string;
  lastResult?: SubmissionResult<string[]>;
  onSubmitted?: () => void;
}) {
  const { fetcher, form, fields: f, formProps, busy } = usePublicFetcherForm("premium-access-form", loadPremiumSchema, lastResult);
  useOutcomeToasts(fetcher, {
    success: { type: "success", title: PREMIUM_MESSAGES.successTitle, description: PREMIUM_MESSAGES.successBody },
    failure: { type: "error", title: PREMIUM_MESSAGES.failureTitle, description: PREMIUM_MESSAGES.failureBody(contactEmail) },
    onSuccess: onSubmitted,
  });
  return (
    <fetcher.Form method="post" action={PREMIUM_PATH} {...getFormProps(form)} {...formProps} className="space-y-4">
      <PublicFormFields redirectTo={PREMIUM_PATH} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" field={f.firstName}>
          <Input {...getInputProps(f.firstName, { type: "text" })} autoComplete="given-name" required={false} data-autofocus="" />
        </Field>
        <Field label="Company" field={f.company}>
          <Input {...getInputProps(f.company, { type: "text" })} autoComplete="organization" required={false} />
        </Field>
      </div>
      <Field label="Email" field={f.email}>
        <Input {...getInputProps(f.email, { type: "email" })} autoComplete="email" required={false} />
      </Field>
      <Field label="When do you need access?" field={f.accessTiming}>
        <select {...getSelectProps(f.accessTiming)} required={false} className={inputClasses}>
          <Options options={ACCESS_TIMINGS} empty="Select timing" />
        </select>
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} title={PREMIUM_MESSAGES.failureTitle} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Submitting..." : "Request premium access"}
      </Button>
      <p className="text-center text-xs text-slate-600">{`${OFFER.premiumPrice} one-time, lifetime access. We send the payment details within ${OFFER.premiumReplyHours} hours.`}</p>
      <PrivacyNotice className="text-center" followUps />
    </fetcher.Form>
  );
}

/**
 * The premium access dialog: the form, then the submitted view. The playbooks hub loads it with `deferred`
 * (lead-capture/deferred.tsx), so neither the form nor its library is in the hub's first load; once it has
 * hydrated it hands `onReady` the function that opens it (until then the hub's links go to /playbooks/premium).
 */
export function PremiumAccessDialog({ contactEmail, onReady }: { contactEmail: string; onReady: (open: (() => void) | null) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    onReady(() => {
      if (dialog.current) openModal(dialog.current);
    });
    return () => onReady(null);
  }, [onReady]);
  return (
    <Modal ref={dialog} labelledBy="premium-title" className="max-w-lg">
      {submitted ? (
        <PremiumSubmitted focus>
          <form method="dialog">
            <Button type="submit" variant="secondary" className="mt-6 w-full">
              Close
            </Button>
          </form>
        </PremiumSubmitted>
      ) : (
        <>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">SaaS Academy Premium</p>
          <h2 id="premium-title" className="mt-1 pr-8 text-2xl font-bold">
            Get premium access
          </h2>
          <p className="mb-5 mt-2 text-sm text-slate-600">
            All six playbooks, templates and future updates. Tell us where to send the payment details.
          </p>
          <PremiumAccessForm contactEmail={contactEmail} onSubmitted={() => setSubmitted(true)} />
        </>
      )}
    </Modal>
  );
}
