import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { ContentBlocksTab } from "~/features/admin/ContentTabs";
import { listContentBlocks } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return { rows: await listContentBlocks(env) };
}

export default function ContentBlocksTabRoute() {
  const { rows } = useLoaderData<typeof loader>();
  return <ContentBlocksTab rows={rows} />;
}
