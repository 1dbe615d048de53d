import { useLoaderData } from "@remix-run/react";
import { adminListLoader } from "~/features/admin/auth.server";
import { GuidesTab } from "~/features/admin/ContentTabs";
import { listGuides } from "~/features/admin/dashboard.server";

export const loader = adminListLoader(listGuides);

export default function GuidesTabRoute() {
  return <GuidesTab rows={useLoaderData<typeof loader>().rows} />;
}
