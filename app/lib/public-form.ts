/**
 * The browser half of a public form that posts through a fetcher: conform
 * with the form's lazily loaded zod schema, the action's last result, and the
 * busy and success states. Pair it with <PublicFormFields> inside the form.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { showToast } from "./client-toast";
import type { ToastInput } from "./toast";
import type { z } from "zod";
import type { PublicFormActionData } from "./forms.server";
import { useLazyValidation } from "./lazy-validation";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own constraint for a form shape
export function usePublicFetcherForm<Shape extends Record<string, any>>({
  id,
  loadSchema,
  lastResult,
}: {
  /** The form's id, also the fetcher's key. */
  id: string;
  loadSchema: () => Promise<z.ZodType>;
  /** The action's result when the page itself was the POST's answer (no JavaScript). */
  lastResult?: SubmissionResult<string[]>;
}) {
  const fetcher = useFetcher<PublicFormActionData>({ key: id });
  const validation = useLazyValidation(loadSchema);
  const [form, fields] = useForm<Shape>({
    id,
    lastResult: fetcher.data?.result ?? lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema is the form's own; conform only needs its errors by field name.
    onValidate: validation.onValidate as unknown as Parameters<typeof useForm<Shape>>[0]["onValidate"],
  });
  return {
    fetcher,
    form,
    fields,
    formProps: validation.formProps,
    busy: fetcher.state !== "idle",
    success: fetcher.state === "idle" ? fetcher.data?.message : undefined,
  };
}

/**
 * Toasts for a fetcher-posted public form once its answer arrives: `success`
 * (then `onSuccess`), or a failure toast with the form-level error (a 503 from
 * the action, a rate limit) or `failure.description`. Field errors show under
 * their fields, not in a toast.
 */
export function useOutcomeToasts(
  fetcher: { state: string; data?: PublicFormActionData },
  { success, failure, onSuccess }: { success?: ToastInput; failure: ToastInput; onSuccess?: () => void },
) {
  const latest = useRef({ success, failure, onSuccess });
  latest.current = { success, failure, onSuccess };
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const { success, failure, onSuccess } = latest.current;
    if (fetcher.data.message) {
      if (success) showToast(success);
      onSuccess?.();
      return;
    }
    const formError = fetcher.data.result.error?.[""]?.[0];
    if (formError) showToast({ ...failure, type: "error", description: formError ?? failure.description });
  }, [fetcher.state, fetcher.data]);
}
