import { Form } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/Button";
import { HeadedSection, type SectionHeadingProps } from "~/components/ui/SectionHeading";
import { cn } from "~/components/ui/cn";
import { ErrorList, inputClasses } from "~/components/ui/Field";
import { useHydrated } from "~/lib/forms";
import { formatUsd, ROI_FIELDS, type RoiField, type RoiState } from "./roi-shared";

const roiHeading: SectionHeadingProps = {
  id: "roi-title",
  title: "What would 50 warm leads a month be worth?",
  intro: "Put in your numbers and see the revenue our leads could add to your app.",
};

const fields: { name: RoiField; label: string; placeholder: string; prefix?: string; suffix?: string }[] = [
  { name: "arpu", label: "Monthly ARPU", placeholder: "299", prefix: "$" },
  { name: "leads", label: "Current monthly leads", placeholder: "20" },
  { name: "closeRate", label: "Current close rate", placeholder: "25", suffix: "%" },
];

/**
 * A GET form: the server computes the results for the query string, so it
 * works without JavaScript and a result can be shared as a link. With
 * JavaScript the button stays disabled until all three values are filled.
 * The inputs are uncontrolled: whatever a visitor typed before the code
 * arrived stays, and the button's state is read from the fields themselves.
 */
export function RoiCalculator({ state }: { state: RoiState }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [allFilled, setAllFilled] = useState(() => ROI_FIELDS.every((f) => (state.values[f] ?? "").trim() !== ""));
  const recount = useCallback(() => {
    if (!form.current) return;
    const data = new FormData(form.current);
    setAllFilled(ROI_FIELDS.every((f) => String(data.get(f) ?? "").trim() !== ""));
  }, []);
  // A new set of values in the URL (a shared link, Back) remounts the form with them; the URL's values are the form's key.
  const key = JSON.stringify(state.values);
  // On hydration and after each remount, take over what the fields hold now.
  useEffect(recount, [recount, key]);
  const errors = state.status === "invalid" ? state.errors : {};

  return (
    <HeadedSection id="roi-calculator" className="py-20" heading={roiHeading}>
      <div className="mx-auto mt-12 grid max-w-5xl gap-8 lg:grid-cols-2">
        <Form
          key={key}
          ref={form}
          onInput={recount}
          method="get"
          action="/#roi-calculator"
          preventScrollReset
          noValidate
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <div className="space-y-5">
            {fields.map((f) => (
              <div key={f.name}>
                <label htmlFor={`roi-${f.name}`} className="mb-1.5 block text-sm font-medium text-ink">
                  {f.label}
                </label>
                <div className="relative">
                  {f.prefix ? (
                    <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-600">
                      {f.prefix}
                    </span>
                  ) : null}
                  <input
                    id={`roi-${f.name}`}
                    name={f.name}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    placeholder={f.placeholder}
                    defaultValue={state.values[f.name] ?? ""}
                    aria-invalid={errors[f.name] ? true : undefined}
                    aria-describedby={errors[f.name] ? `roi-${f.name}-error` : undefined}
                    className={cn(inputClasses, f.prefix && "pl-8", f.suffix && "pr-9")}
                  />
                  {f.suffix ? (
                    <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-slate-600">
                      {f.suffix}
                    </span>
                  ) : null}
                </div>
                <ErrorList id={`roi-${f.name}-error`} errors={errors[f.name] ? [errors[f.name]!] : null} />
              </div>
            ))}
          </div>
          <Button type="submit" size="lg" className="mt-6 w-full" disabled={hydrated && !allFilled}>
            Calculate My ROI
          </Button>
        </Form>
        <RoiResults state={state} />
      </div>
    </HeadedSection>
  );
}

function RoiResults({ state }: { state: RoiState }) {
  if (state.status !== "done") {
    return (
      <div
        className="flex flex-col justify-center rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-8 text-white"
        aria-live="polite"
      >
        <p className="text-2xl font-bold">See Your Potential</p>
        <p className="mt-3 text-brand-100">
          Fill in your ARPU, your leads per month and your close rate, then calculate. We assume our plan's 50 leads a month at a 65% close
          rate.
        </p>
      </div>
    );
  }
  const { currentMrr, newMrr, additionalMrr } = state.result;
  const rows = [
    ["Your current MRR", formatUsd(currentMrr)],
    ["Your MRR with 50 warm leads a month", formatUsd(newMrr)],
  ] as const;
  return (
    <div className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 p-8 text-white" aria-live="polite" data-testid="roi-results">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Your potential</p>
      <dl className="mt-4 space-y-4">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 border-b border-white/20 pb-3">
            <dt className="text-brand-100">{label}</dt>
            <dd className="text-xl font-bold">{value}</dd>
          </div>
        ))}
        <div className="pt-2">
          <dt className="text-brand-100">Additional monthly revenue</dt>
          <dd className="mt-1 text-4xl font-extrabold">{formatUsd(additionalMrr)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-brand-100">Estimate: 50 leads a month × 65% close rate × your ARPU, minus what you make today.</p>
    </div>
  );
}
