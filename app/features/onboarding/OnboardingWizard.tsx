import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ErrorList, Field, Input, inputClasses, Options, Textarea } from "~/components/ui/Field";
import { FormGuardFields } from "~/components/ui/FormGuard";
import { Honeypot } from "~/components/ui/Honeypot";
import { VisitSourceFields } from "~/components/ui/VisitSourceFields";
import { PrivacyNotice } from "~/features/privacy";
import { useLazyValidation } from "~/lib/lazy-validation";
import {
  APP_CATEGORIES,
  AUTOSAVE_DELAY_MS,
  EMAIL_PATTERN,
  MIN_LONG_TEXT,
  PLAN_LIMITS,
  PRICING_MODELS,
  STEP_COUNT,
  STEP_FIELDS,
  STEP_TITLES,
} from "./onboarding.options";
import type { OnboardingDraft, onboardingSchema } from "./onboarding.schema";
import type { WizardState } from "./wizard.server";

type Form = z.input<typeof onboardingSchema>;
type AnyField = FieldMetadata<string | undefined, Form, string[]>;

/** Each step's schema module (the action's own), loaded on the step form's first focus. */
const loadStepSchema = [
  () => import("./onboarding.schema").then((m) => m.step1Schema),
  () => import("./onboarding.schema").then((m) => m.step2Schema),
  () => import("./onboarding.schema").then((m) => m.step3Schema),
  () => import("./onboarding.schema").then((m) => m.step4Schema),
] as const;

export function OnboardingWizard({ state }: { state: WizardState }) {
  const percent = Math.round((state.step / STEP_COUNT) * 100);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <div className="flex items-center justify-between text-sm font-medium text-slate-600">
        <p>{`Step ${state.step} of ${STEP_COUNT}`}</p>
        <p>{`${percent}% complete`}</p>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">{STEP_TITLES[state.step - 1]}</h1>
        <StepForm key={state.step} state={state} />
      </div>
      {state.saved ? (
        <Form method="post" action="/onboarding" className="mt-4 text-center text-sm text-slate-600">
          Your answers are saved as you go.{" "}
          <button type="submit" name="intent" value="start-over" className="font-semibold text-brand-700 underline underline-offset-2">
            Start over
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function StepForm({ state }: { state: WizardState }) {
  const { step, draft, result } = state;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/onboarding";
  // Typed as the whole form: conform only needs each step's errors, by field name.
  const validation = useLazyValidation(loadStepSchema[step - 1]! as () => Promise<typeof onboardingSchema>);
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<Form>({
    id: `onboarding-step-${step}`,
    lastResult: result,
    defaultValue: draft,
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
    onValidate: validation.onValidate,
  });

  /** Errors show on blur and go away as soon as the field is edited. */
  const editable = (field: AnyField) => ({
    onInput: () => {
      if (field.errors?.length) form.update({ name: field.name, validated: false });
    },
  });

  // Autosave and a step change must not both create the draft (each would insert a row before either
  // has the cookie): the step buttons wait while an autosave is in flight, and no autosave starts while
  // a step change is.
  const autosave = useFetcher({ key: "onboarding-autosave" });
  const saving = autosave.state !== "idle";
  const stepping = useRef(busy);
  stepping.current = busy;
  const email = step === 2 ? (fields.email.value ?? "") : "";
  useEffect(() => {
    if (!EMAIL_PATTERN.test(email.trim()) || !formRef.current) return;
    const timer = setTimeout(() => {
      if (stepping.current || !formRef.current) return;
      const data = new FormData(formRef.current);
      data.set("intent", "autosave");
      autosave.submit(data, { method: "post", action: "/onboarding" });
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new email value triggers a save
  }, [email]);

  return (
    <Form method="post" action="/onboarding" ref={formRef} {...getFormProps(form)} {...validation.formProps} className="mt-6 space-y-5">
      <Honeypot />
      {/* The bot check guards the last step, the one that stores the lead and sends email (ADR 0015). */}
      {step === STEP_COUNT ? <FormGuardFields /> : null}
      <VisitSourceFields carried={state.carried} />
      <input type="hidden" name="step" value={step} />
      <HiddenDraft draft={draft} step={step} />
      <ErrorList id={form.errorId} errors={form.errors} />

      {step === 1 ? (
        <>
          <TextField field={fields.appName} label="App name" autoComplete="off" {...editable(fields.appName)} />
          <SelectField
            field={fields.appCategory}
            label="App category"
            placeholder="Select a category"
            options={APP_CATEGORIES}
            {...editable(fields.appCategory)}
          />
          <LongTextField field={fields.appDescription} label="What does your app do?" {...editable(fields.appDescription)} />
          <TextField
            field={fields.appUrl}
            label="App Store URL"
            type="url"
            placeholder="https://apps.shopify.com/your-app"
            {...editable(fields.appUrl)}
          />
        </>
      ) : null}

      {step === 2 ? (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField field={fields.firstName} label="First name" autoComplete="given-name" {...editable(fields.firstName)} />
            <TextField field={fields.lastName} label="Last name" autoComplete="family-name" {...editable(fields.lastName)} />
          </div>
          <TextField field={fields.email} label="Email" type="email" autoComplete="email" {...editable(fields.email)} />
          <TextField field={fields.company} label="Company" autoComplete="organization" {...editable(fields.company)} />
          <TextField
            field={fields.phone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="+1 (555) 123-4567"
            {...editable(fields.phone)}
          />
        </>
      ) : null}

      {step === 3 ? (
        <>
          <SelectField
            field={fields.pricingModel}
            label="Pricing model"
            placeholder="Select a pricing model"
            options={PRICING_MODELS}
            {...editable(fields.pricingModel)}
          />
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-ink">Pricing plans</legend>
            {fields.pricingPlans.getFieldList().map((plan, index, list) => {
              const p = plan.getFieldset();
              return (
                <div key={plan.key} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
                  <div className="flex items-center justify-between">
                    <p className="text-sm font-semibold text-ink">{`Plan ${index + 1}`}</p>
                    {list.length > PLAN_LIMITS.min ? (
                      <button
                        {...form.remove.getButtonProps({ name: fields.pricingPlans.name, index })}
                        type="submit"
                        formNoValidate
                        className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                      >
                        Remove<span className="sr-only">{` plan ${index + 1}`}</span>
                      </button>
                    ) : null}
                  </div>
                  <div className="mt-3 grid gap-4 sm:grid-cols-2">
                    <TextField field={p.name} label="Plan name" placeholder="Pro" {...editable(p.name)} />
                    <TextField field={p.price} label="Price" placeholder="$29/month" {...editable(p.price)} />
                  </div>
                  <div className="mt-4">
                    <LongTextField field={p.features} label="Features" {...editable(p.features)} />
                  </div>
                </div>
              );
            })}
            <ErrorList id={fields.pricingPlans.errorId} errors={fields.pricingPlans.errors} />
            <Button
              {...form.insert.getButtonProps({ name: fields.pricingPlans.name, defaultValue: { name: "", price: "", features: "" } })}
              type="submit"
              formNoValidate
              variant="secondary"
              size="sm"
              disabled={fields.pricingPlans.getFieldList().length >= PLAN_LIMITS.max}
            >
              + Add Plan
            </Button>
          </fieldset>
          <LongTextField field={fields.uniqueValue} label="What makes your app unique?" {...editable(fields.uniqueValue)} />
        </>
      ) : null}

      {step === 4 ? (
        <>
          <LongTextField
            field={fields.targetAudience}
            label="Target audience"
            hint="Which merchants is your app for?"
            counter={false}
            {...editable(fields.targetAudience)}
          />
          <LongTextField
            field={fields.idealContactPersona}
            label="Ideal contact persona"
            hint="Who decides to install your app?"
            counter={false}
            {...editable(fields.idealContactPersona)}
          />
          <LongTextField
            field={fields.painPoints}
            label="Pain points"
            hint="What problem makes them look for an app?"
            counter={false}
            {...editable(fields.painPoints)}
          />
          <LongTextField
            field={fields.customerBehavior}
            label="Customer behavior"
            hint="How do they find and choose apps?"
            counter={false}
            {...editable(fields.customerBehavior)}
          />
          <LongTextField
            field={fields.competitionApps}
            label="Competition apps"
            hint="Which apps do they use or compare you with?"
            counter={false}
            {...editable(fields.competitionApps)}
          />
        </>
      ) : null}

      <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
        <Button type="submit" name="intent" value="back" variant="secondary" formNoValidate disabled={step === 1 || busy || saving}>
          Back
        </Button>
        {step < STEP_COUNT ? (
          <Button type="submit" name="intent" value="next" disabled={busy || saving}>
            Next
          </Button>
        ) : (
          <Button type="submit" name="intent" value="submit" size="lg" disabled={busy || saving}>
            {busy ? "Submitting..." : "Get My Leads"}
          </Button>
        )}
      </div>
      <PrivacyNotice followUps />
    </Form>
  );
}

/** The other steps' answers, carried along so the journey works without JavaScript. */
function HiddenDraft({ draft, step }: { draft: OnboardingDraft; step: number }) {
  const inputs: ReactNode[] = [];
  STEP_FIELDS.forEach((names, i) => {
    if (i + 1 === step) return;
    for (const name of names) {
      if (name === "pricingPlans") {
        draft.pricingPlans.forEach((plan, index) => {
          for (const key of ["name", "price", "features"] as const) {
            const n = `pricingPlans[${index}].${key}`;
            inputs.push(<input key={n} type="hidden" name={n} value={plan[key]} />);
          }
        });
      } else {
        inputs.push(<input key={name} type="hidden" name={name} value={draft[name]} />);
      }
    }
  });
  return <>{inputs}</>;
}

type FieldProps = { field: AnyField; label: string; hint?: ReactNode; onInput?: () => void };

function TextField({
  field,
  label,
  hint,
  onInput,
  type = "text",
  ...rest
}: FieldProps & { type?: "text" | "email" | "url" | "tel"; placeholder?: string; autoComplete?: string }) {
  return (
    <Field label={label} field={field} hint={hint}>
      <Input {...getInputProps(field, { type })} {...rest} onInput={onInput} required={false} />
    </Field>
  );
}

function LongTextField({ field, label, hint, onInput, counter = true }: FieldProps & { counter?: boolean }) {
  const length = (field.value ?? "").length;
  return (
    <Field
      label={label}
      field={field}
      hint={
        counter ? (
          <span className={cn(length >= MIN_LONG_TEXT ? "text-emerald-700" : undefined)}>{`${length}/${MIN_LONG_TEXT} characters`}</span>
        ) : (
          hint
        )
      }
    >
      <Textarea {...getTextareaProps(field)} onInput={onInput} rows={4} required={false} />
    </Field>
  );
}

function SelectField({
  field,
  label,
  placeholder,
  options,
  onInput,
}: FieldProps & { placeholder: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Field label={label} field={field}>
      <select {...getSelectProps(field)} onInput={onInput} required={false} className={inputClasses}>
        <Options options={options} empty={placeholder} />
      </select>
    </Field>
  );
}
