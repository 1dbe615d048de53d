import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardSummary } from "~/features/admin/AdminShell";
import { dashboardSummary } from "~/features/admin/dashboard.server";
import { LeadsChart } from "~/features/admin/LeadsChart";
import { ResourceList } from "~/features/admin/ResourceViews";
import { resourceDef } from "~/features/admin/resources";
import { resourceHandlers } from "~/features/admin/resources.server";
import { DueCounts } from "~/features/people/DueCounts";
import { dueCounts } from "~/features/people/people.server";

/** The dashboard's home: what is due, the counts and the leads chart, then the Pages list (the same list as /admin/dashboard/pages). */
export async function loader(args: LoaderFunctionArgs) {
  const list = await resourceHandlers.listLoader({ ...args, params: { ...args.params, tab: "pages" } });
  const { env } = args.context.cloudflare;
  const [summary, due] = await Promise.all([
    dashboardSummary(env),
    dueCounts(env.DB).catch((error: unknown) => {
      console.error("Reading the due counts failed", error);
      return null;
    }),
  ]);
  return data({ ...list.data, summary, due }, list.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceHandlers.listAction({ ...args, params: { ...args.params, tab: "pages" } });

export default function DashboardHomeRoute() {
  const { summary, due, ...data } = useLoaderData<typeof loader>();
  return (
    <>
      <DueCounts counts={due} />
      <DashboardSummary counts={summary.counts} chart={summary.chart ? <LeadsChart days={summary.chart} /> : null} />
      <ResourceList def={resourceDef(data.tab)} data={data} />
    </>
  );
}
