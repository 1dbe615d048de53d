import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { LeadFinderTab } from "~/features/admin/ContentTabs";
import { listKeywords } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return { rows: await listKeywords(env) };
}

export default function LeadFinderTabRoute() {
  const { rows } = useLoaderData<typeof loader>();
  return <LeadFinderTab rows={rows} />;
}
