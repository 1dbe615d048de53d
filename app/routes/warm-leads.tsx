import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { requireAdminActor } from "~/features/auth/index.server";
import { AdminFrame } from "~/features/dashboard";
import { loadWarmLeads } from "~/features/warm-leads/tool.server";
import { WarmLeadsTool } from "~/features/warm-leads/WarmLeads";
import { adminMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const { admin } = await requireAdminActor(env, request);
  const { view, status } = await loadWarmLeads(env, new URL(request.url));
  return data({ email: admin.email, view }, { status });
}

export const handle: RouteHandle = { bareLayout: true };

export default function WarmLeads() {
  const { email, view } = useLoaderData<typeof loader>();
  return (
    <AdminFrame
      email={email}
      link={
        <ButtonLink to="/admin/dashboard" variant="secondary" size="sm">
          Back to Dashboard
        </ButtonLink>
      }
      className="py-10 sm:py-14"
    >
      <WarmLeadsTool view={view} />
    </AdminFrame>
  );
}

export const meta: MetaFunction = () => adminMeta("Warm leads");
