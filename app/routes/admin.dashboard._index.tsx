import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardSummary } from "~/features/dashboard/AdminShell";
import { dashboardSummary } from "~/features/dashboard/dashboard.server";
import { FormOutcomesChart, OnboardingFunnelChart, PeriodForm } from "~/features/dashboard/HomeInsights";
import { parsePeriod } from "~/features/dashboard/insights";
import { LeadsChart } from "~/features/dashboard/LeadsChart";
import { ResourceList } from "~/features/dashboard/ResourceViews";
import { CallsPanel } from "~/features/meetings";
import { callsOverview } from "~/features/meetings/index.server";
import { resourceDef } from "~/features/dashboard/resources";
import { resourceHandlers } from "~/features/dashboard/resources.server";
import { DueCounts } from "~/features/people/DueCounts";
import { dueCounts } from "~/features/people/people-list.server";

/**
 * The dashboard's home: what is due, today's and this week's calls, the counts and the leads chart, the
 * onboarding funnel and the outcomes per form over the period (?days=), then
 * the Pages list (the same list as /admin/dashboard/pages).
 */
export async function loader(args: LoaderFunctionArgs) {
  const list = await resourceHandlers.listLoader({ ...args, params: { ...args.params, tab: "pages" } });
  const { env } = args.context.cloudflare;
  const days = parsePeriod(new URL(args.request.url).searchParams.get("days"));
  const [summary, due, calls] = await Promise.all([
    dashboardSummary(env, days),
    dueCounts(env.DB).catch((error: unknown) => {
      console.error("Reading the due counts failed", error);
      return null;
    }),
    callsOverview(env.DB).catch((error: unknown) => {
      console.error("Reading the calls failed", error);
      return null;
    }),
  ]);
  return data({ ...list.data, summary, due, calls, days }, list.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceHandlers.listAction({ ...args, params: { ...args.params, tab: "pages" } });

export default function DashboardHomeRoute() {
  const { summary, due, calls, days, ...data } = useLoaderData<typeof loader>();
  const insights = summary.insights;
  return (
    <>
      <DueCounts counts={due} />
      <CallsPanel calls={calls} />
      <DashboardSummary counts={summary.counts} chart={insights ? <LeadsChart days={insights.chart} /> : null} />
      <PeriodForm days={days} />
      {insights ? (
        <>
          <OnboardingFunnelChart funnel={insights.funnel} days={insights.days} since={insights.since} />
          <FormOutcomesChart outcomes={insights.outcomes} days={insights.days} since={insights.since} />
        </>
      ) : (
        <p className="mt-4 text-sm text-slate-600">The onboarding funnel and the outcomes per form could not be read just now.</p>
      )}
      <div className="mt-8">
        <ResourceList def={resourceDef(data.tab)} data={data} />
      </div>
    </>
  );
}
