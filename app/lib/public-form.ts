/**
 * The browser half of a public form that posts through a fetcher: conform
 * with the form's lazily loaded zod schema, the action's last result, and the
 * busy and success states. Pair it with <PublicFormFields> inside the form.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { showToast } from "./client-toast";
import type { ToastInput } from "./toast";
import type { z } from "zod";
import type { PublicFormActionData } from "./forms.server";
import { useLazyForm } from "./lazy-validation";

/** `id` is the form's id, also the fetcher's key; `lastResult` the action's result when the page itself was the POST's answer (no JavaScript). */
export function usePublicFetcherForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  id: string,
  loadSchema: () => Promise<S>,
  lastResult?: SubmissionResult<string[]>,
) {
  const fetcher = useFetcher<PublicFormActionData>({ key: id });
  return {
    fetcher,
    ...useLazyForm(id, loadSchema, fetcher.data?.result ?? lastResult),
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
