import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { PrivacyNotice } from "~/features/privacy";
import { PublicFormFields } from "~/components/ui/Honeypot";
import { usePublicFetcherForm } from "~/lib/public-form";
import { useLocation } from "@remix-run/react";
import type { z } from "zod";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ErrorList, Field, Input } from "~/components/ui/Field";

/**
 * An email-only signup form (waitlist, newsletter). Without JavaScript it is a
 * plain POST to `action` (errors come back on that route's page; success
 * redirects back here with a toast). With JavaScript it posts through a
 * fetcher, stays put, clears the field and shows the message inline.
 */
export function EmailSignupForm({
  id,
  action,
  loadSchema,
  submitLabel,
  busyLabel,
  lastResult,
  tone = "dark",
  layout = "row",
  label = "Email address",
}: {
  id: string;
  action: string;
  /** Imports the form's zod schema (the action's own), on first focus. */
  loadSchema: () => Promise<z.ZodType<unknown, { email: string }>>;
  submitLabel: string;
  busyLabel: string;
  lastResult?: SubmissionResult<string[]>;
  tone?: "dark" | "light";
  layout?: "row" | "compact";
  /** The (visually hidden) label of the email field; distinct per form on a page. */
  label?: string;
}) {
  const location = useLocation();
  const { fetcher, form, fields, formProps, busy, success } = usePublicFetcherForm(id, loadSchema, lastResult);
  const email = fields.email;
  const light = tone === "light";
  const errorTone = light ? "default" : "inverse";

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} {...formProps} className="w-full" preventScrollReset>
      <PublicFormFields redirectTo={location.pathname + location.search} />
      <div className={cn("flex flex-col gap-3", layout === "row" && "sm:flex-row sm:items-start")}>
        <Field label={label} field={email} srOnlyLabel tone={errorTone} className="flex-1">
          <Input {...getInputProps(email, { type: "email" })} placeholder="you@yourapp.com" autoComplete="email" required={false} />
        </Field>
        <Button
          type="submit"
          variant={light ? "primary" : "light"}
          size={layout === "row" ? "lg" : "md"}
          disabled={busy}
          className="shrink-0"
        >
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} tone={errorTone} />
      <PrivacyNotice tone={light ? "default" : "inverse"} className="mt-3" />
      {success ? (
        <p role="status" className={cn("mt-3 text-sm font-semibold", light ? "text-emerald-700" : "text-white")}>
          {success}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
