import { useLoaderData } from "@remix-run/react";
import { adminListLoader } from "~/features/admin/auth.server";
import { ContentBlocksTab } from "~/features/admin/ContentTabs";
import { listContentBlocks } from "~/features/admin/dashboard.server";

export const loader = adminListLoader(listContentBlocks);

export default function ContentBlocksTabRoute() {
  return <ContentBlocksTab rows={useLoaderData<typeof loader>().rows} />;
}
