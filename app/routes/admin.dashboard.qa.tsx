import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { QaTab } from "~/features/admin/ContentTabs";
import { listQa, parseQaFilter } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const filter = parseQaFilter(new URL(request.url).searchParams.get("status"));
  return { filter, ...(await listQa(env, filter)) };
}

export default function QaTabRoute() {
  const { filter, counts, rows } = useLoaderData<typeof loader>();
  return <QaTab filter={filter} counts={counts} rows={rows} />;
}
