import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { GuidesTab } from "~/features/admin/ContentTabs";
import { listGuides } from "~/features/admin/dashboard.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  return { rows: await listGuides(env) };
}

export default function GuidesTabRoute() {
  const { rows } = useLoaderData<typeof loader>();
  return <GuidesTab rows={rows} />;
}
