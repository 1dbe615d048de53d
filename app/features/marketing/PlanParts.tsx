import type { Plan } from "./pricing";
import { CheckIcon } from "~/components/ui/Icons";

/** A plan's price line: price, period, and the crossed-out original price. */
export function PlanPrice({ plan, className = "mt-4" }: { plan: Plan; className?: string }) {
  return (
    <p className={`${className} flex items-baseline gap-2`}>
      <span className="text-4xl font-extrabold text-ink">{plan.price}</span>
      <span className="text-base font-medium text-slate-600">{plan.period}</span>
      {plan.originalPrice ? (
        <s className="text-lg font-medium text-slate-500">
          <span className="sr-only">was </span>
          {plan.originalPrice}
        </s>
      ) : null}
    </p>
  );
}

/** A plan's features as a ticked list. */
export function PlanFeatures({ plan, className = "mt-6" }: { plan: Plan; className?: string }) {
  return (
    <ul className={`${className} space-y-2 text-sm`}>
      {plan.features.map((f) => (
        <li key={f} className="flex gap-2">
          <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
          {f}
        </li>
      ))}
    </ul>
  );
}
