import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher, useLocation } from "@remix-run/react";
import type { z } from "zod";
import { useLazyValidation } from "~/lib/lazy-validation";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ErrorList, Input } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { JS_FIELD, REDIRECT_FIELD, useHydrated } from "~/lib/forms";
import type { PublicFormActionData } from "~/lib/forms.server";

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
  loadSchema: () => Promise<z.ZodType>;
  submitLabel: string;
  busyLabel: string;
  lastResult?: SubmissionResult<string[]>;
  tone?: "dark" | "light";
  layout?: "row" | "compact";
  /** The (visually hidden) label of the email field; distinct per form on a page. */
  label?: string;
}) {
  const fetcher = useFetcher<PublicFormActionData>({ key: id });
  const hydrated = useHydrated();
  const location = useLocation();
  const validation = useLazyValidation(loadSchema);
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.data?.result ?? lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validation.onValidate,
  });
  const email = fields.email!;
  const busy = fetcher.state !== "idle";
  const success = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  const light = tone === "light";
  const errorTone = light ? "default" : "inverse";

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} {...validation.formProps} className="w-full" preventScrollReset>
      <Honeypot />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
      <input type="hidden" name={REDIRECT_FIELD} value={location.pathname + location.search} />
      <div className={cn("flex flex-col gap-3", layout === "row" && "sm:flex-row sm:items-start")}>
        <div className="flex-1">
          <label htmlFor={email.id} className="sr-only">
            {label}
          </label>
          <Input {...getInputProps(email, { type: "email" })} placeholder="you@yourapp.com" autoComplete="email" required={false} />
          <ErrorList id={email.errorId} errors={email.errors} tone={errorTone} />
        </div>
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
      {success ? (
        <p role="status" className={cn("mt-3 text-sm font-semibold", light ? "text-emerald-700" : "text-white")}>
          {success}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
