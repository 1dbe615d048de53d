import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { PagesTab } from "~/features/admin/ContentTabs";
import { listPages } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return { rows: await listPages(env) };
}

export default function PagesTabRoute() {
  const { rows } = useLoaderData<typeof loader>();
  return <PagesTab rows={rows} />;
}
