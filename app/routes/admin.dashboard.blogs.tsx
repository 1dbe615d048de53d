import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { BlogsTab } from "~/features/admin/ContentTabs";
import { listBlogs } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return { rows: await listBlogs(env) };
}

export default function BlogsTabRoute() {
  const { rows } = useLoaderData<typeof loader>();
  return <BlogsTab rows={rows} />;
}
