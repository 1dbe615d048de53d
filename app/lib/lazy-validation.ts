/**
 * Client-side validation, loaded when it is first needed. zod and conform's
 * zod adapter weigh ~37 KB gzip, more than any page needs before a visitor
 * touches a form; so each form's schema module (the same one the action uses)
 * is imported on the form's first focus. Fields left before it arrived are
 * validated as soon as it does. Until then a placeholder answers: a field
 * check waits (no request is sent), a real submit goes to the server, which
 * validates with the same schema. Without JavaScript the server does it all.
 */
import { parse, useForm, type Submission as ConformSubmission, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type FocusEvent } from "react";
import type { z } from "zod";

type SubmissionFor<S extends z.ZodType> = ConformSubmission<z.input<S>, string[], z.output<S>>;
type Validate<S extends z.ZodType> = (context: { formData: FormData }) => SubmissionFor<S>;

/**
 * Before the schema arrives: a field check finds nothing yet (and, being
 * answered, sends no request), list changes apply, a real submit goes to the
 * server, which validates with the same schema.
 */
function placeholder<S extends z.ZodType>({ formData }: { formData: FormData }): SubmissionFor<S> {
  return parse(formData, {
    resolve: (payload, intent) => (intent ? { error: {} } : { value: payload }),
  }) as SubmissionFor<S>;
}

export function useLazyValidation<S extends z.ZodType>(loadSchema: () => Promise<S>) {
  const [validate, setValidate] = useState<Validate<S> | undefined>(undefined);
  const started = useRef(false);
  const leftEarly = useRef(new Set<EventTarget>());

  const onFocus = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([loadSchema(), import("@conform-to/zod/v4")])
      .then(([schema, { parseWithZod }]) =>
        setValidate(
          () =>
            ({ formData }: { formData: FormData }) =>
              parseWithZod(formData, { schema }) as SubmissionFor<S>,
        ),
      )
      .catch((error) => {
        started.current = false; // try again on the next focus
        console.error("Could not load form validation", error);
      });
  }, [loadSchema]);

  const onBlur = useCallback(
    (event: FocusEvent) => {
      if (!validate) leftEarly.current.add(event.target);
    },
    [validate],
  );

  // Once validation is here (and conform has it, after this render), check the fields already left:
  // an input event marks the value as changed, so conform re-checks them on this focusout.
  useEffect(() => {
    if (!validate) return;
    for (const field of leftEarly.current) {
      if (!(field instanceof HTMLElement) || !field.isConnected || document.activeElement === field) continue;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new Event("focusout", { bubbles: true }));
    }
    leftEarly.current.clear();
  }, [validate]);

  /** `onValidate` goes into useForm's options, `formProps` onto the <form>. */
  return { onValidate: validate ?? placeholder, formProps: { onFocus, onBlur } };
}

/**
 * A conform form validated with the lazily loaded schema: on blur, then again on input. `formProps` go onto the
 * <form>; `lastResult` is the action's answer.
 */
export function useLazyForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  id: string,
  loadSchema: () => Promise<S>,
  lastResult?: SubmissionResult<string[]>,
) {
  const validation = useLazyValidation(loadSchema);
  const [form, fields] = useForm<z.input<S>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema is the form's own; conform only needs its errors by field name.
    onValidate: validation.onValidate as unknown as Parameters<typeof useForm<z.input<S>>>[0]["onValidate"],
  });
  return { form, fields, formProps: validation.formProps };
}
