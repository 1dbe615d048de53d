import { useLoaderData } from "@remix-run/react";
import { adminListLoader } from "~/features/admin/auth.server";
import { PagesTab } from "~/features/admin/ContentTabs";
import { listPages } from "~/features/admin/dashboard.server";

export const loader = adminListLoader(listPages);

export default function PagesTabRoute() {
  return <PagesTab rows={useLoaderData<typeof loader>().rows} />;
}
