import { useLoaderData } from "@remix-run/react";
import { adminListLoader } from "~/features/admin/auth.server";
import { BlogsTab } from "~/features/admin/ContentTabs";
import { listBlogs } from "~/features/admin/dashboard.server";

export const loader = adminListLoader(listBlogs);

export default function BlogsTabRoute() {
  return <BlogsTab rows={useLoaderData<typeof loader>().rows} />;
}
