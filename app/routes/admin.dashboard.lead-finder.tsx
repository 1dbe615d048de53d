import { useLoaderData } from "@remix-run/react";
import { adminListLoader } from "~/features/admin/auth.server";
import { LeadFinderTab } from "~/features/admin/ContentTabs";
import { listKeywords } from "~/features/admin/dashboard.server";

export const loader = adminListLoader(listKeywords);

export default function LeadFinderTabRoute() {
  return <LeadFinderTab rows={useLoaderData<typeof loader>().rows} />;
}
