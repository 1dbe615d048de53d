/**
 * The dashboard home over a chosen period (a GET form, no JavaScript needed):
 * the onboarding funnel and, per form, how many people reached Qualified or
 * Customer. Both drawn through the dashboard's bar chart, the numbers in tables.
 */
import { Form, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/ui/Button";
import { FilterSelect } from "~/components/ui/FilterField";
import { formatDate } from "~/lib/format";
import { Table } from "~/components/ui/Table";
import { personFormLabel } from "~/lib/people";
import { BarChart } from "./BarChart";
import { FUNNEL_STEPS, INSIGHT_PERIODS, type FormOutcome, type InsightPeriod, type OnboardingFunnel } from "./insights";

const pct = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : "—");

export function PeriodForm({ days }: { days: InsightPeriod }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" className="mt-8 flex flex-wrap items-end gap-2" aria-label="Period">
      {/* The page's other parameters (the Pages list's) are kept. */}
      {[...params]
        .filter(([k]) => k !== "days")
        .map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
      <FilterSelect id="home-days" label="Onboarding and outcomes over" name="days" value={String(days)}>
        {INSIGHT_PERIODS.map((p) => (
          <option key={p} value={p}>{`the last ${p} days`}</option>
        ))}
      </FilterSelect>
      <Button type="submit" variant="secondary">
        Show
      </Button>
    </Form>
  );
}

export function OnboardingFunnelChart({ funnel, days, since }: { funnel: OnboardingFunnel; days: InsightPeriod; since: number }) {
  const period = `last ${days} days (since ${formatDate(since)}, UTC)`;
  const steps = FUNNEL_STEPS.map((s) => ({ ...s, n: funnel[s.key] }));
  return (
    <BarChart
      id="funnel"
      title={`Onboarding funnel, ${period}`}
      summary={`${funnel.finished} of ${funnel.started} finished`}
      description={`Bar chart of the onboarding funnel over the ${period}: ${steps.map((s) => `${s.label} ${s.n}`).join(", ")}. The numbers are in the table below.`}
      series={[{ key: "n", label: "Onboardings", color: "#4f46e5" }]}
      bars={steps.map((s) => ({ key: s.key, label: s.label, counts: { n: s.n } }))}
      tableLabel="The numbers, step by step"
    >
      <Table
        caption={`Onboarding funnel, ${period}`}
        rows={steps}
        rowKey={(s) => s.key}
        columns={[
          { header: "Step", rowHeader: true, card: "title", cell: (s) => s.label },
          { header: "Onboardings", cell: (s) => s.n, className: "tabular-nums" },
          { header: "Of started", cell: (s) => pct(s.n, funnel.started), className: "tabular-nums" },
        ]}
      />
      <p className="mt-2 text-xs text-slate-600">
        A step counts the drafts last saved at it or further, and every finished one: going back lowers a draft&apos;s step.
      </p>
    </BarChart>
  );
}

export function FormOutcomesChart({ outcomes, days, since }: { outcomes: FormOutcome[]; days: InsightPeriod; since: number }) {
  const period = `last ${days} days (since ${formatDate(since)}, UTC)`;
  const reached = outcomes.reduce((n, o) => n + o.reached, 0);
  return (
    <BarChart
      id="outcomes"
      title={`Qualified or Customer, per form, ${period}`}
      summary={`${reached} reached Qualified or Customer`}
      description={`Bar chart of the people each form brought in over the ${period}, and how many reached Qualified or Customer: ${outcomes
        .map((o) => `${personFormLabel(o.form)} ${o.reached} of ${o.people}`)
        .join(", ")}. The numbers are in the table below.`}
      series={[
        { key: "reached", label: "Reached Qualified or Customer", color: "#059669" },
        { key: "rest", label: "Not (yet)", color: "#cbd5e1" },
      ]}
      bars={outcomes.map((o) => ({
        key: o.form,
        label: personFormLabel(o.form),
        counts: { reached: o.reached, rest: o.people - o.reached },
      }))}
      tableLabel="The numbers, form by form"
    >
      <Table
        caption={`People per form and how many reached Qualified or Customer, ${period}`}
        rows={outcomes}
        rowKey={(o) => o.form}
        columns={[
          { header: "Form", rowHeader: true, card: "title", cell: (o) => personFormLabel(o.form) },
          { header: "People", cell: (o) => o.people, className: "tabular-nums" },
          { header: "Qualified or Customer", cell: (o) => o.reached, className: "tabular-nums" },
          { header: "Rate", cell: (o) => pct(o.reached, o.people), className: "tabular-nums" },
        ]}
      />
      <p className="mt-2 text-xs text-slate-600">
        People with a submission through the form in the period (a person can count under several forms); reached means their status is
        Qualified or Customer, or was at some point.
      </p>
    </BarChart>
  );
}
