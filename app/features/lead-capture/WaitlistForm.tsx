import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher, useLocation } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { ErrorList, Input } from "~/components/ui/Field";
import { Honeypot } from "~/components/ui/Honeypot";
import { JS_FIELD, REDIRECT_FIELD, useHydrated } from "~/lib/forms";
import { waitlistSchema } from "./waitlist.schema";

export type WaitlistActionData = { result: SubmissionResult<string[]>; message?: string };

/**
 * The game waitlist form. Without JavaScript it is a plain POST to /waitlist
 * (errors come back on that page; success redirects here with a toast). With
 * JavaScript it posts through a fetcher and stays put.
 */
export function WaitlistForm({ lastResult, tone = "dark" }: { lastResult?: SubmissionResult<string[]>; tone?: "dark" | "light" }) {
  const fetcher = useFetcher<WaitlistActionData>({ key: "waitlist" });
  const hydrated = useHydrated();
  const location = useLocation();
  const [form, fields] = useForm({
    id: "waitlist-form",
    lastResult: fetcher.data?.result ?? lastResult,
    constraint: getZodConstraint(waitlistSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: waitlistSchema }),
  });
  const busy = fetcher.state !== "idle";
  const success = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  const light = tone === "light";

  return (
    <fetcher.Form method="post" action="/waitlist" {...getFormProps(form)} className="w-full" preventScrollReset>
      <Honeypot />
      {hydrated ? <input type="hidden" name={JS_FIELD} value="1" /> : null}
      <input type="hidden" name={REDIRECT_FIELD} value={location.pathname + location.search} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor={fields.email.id} className="sr-only">
            Email address
          </label>
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            placeholder="you@yourapp.com"
            autoComplete="email"
            required={false}
          />
          <ErrorList
            id={fields.email.errorId}
            errors={fields.email.errors}
            tone={light ? "default" : "inverse"}
          />
        </div>
        <Button type="submit" variant={light ? "primary" : "light"} size="lg" disabled={busy} className="shrink-0">
          {busy ? "Joining..." : "Join the waitlist"}
        </Button>
      </div>
      <ErrorList id={form.errorId} errors={form.errors} tone={light ? "default" : "inverse"} />
      {success ? (
        <p role="status" className={light ? "mt-3 text-sm font-semibold text-emerald-700" : "mt-3 text-sm font-semibold text-white"}>
          {success}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
