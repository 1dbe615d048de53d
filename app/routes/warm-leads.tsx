import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { requireAdminActor } from "~/features/auth/index.server";
import { AdminTopBar } from "~/features/dashboard/AdminShell";
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
    <div className="min-h-screen bg-slate-50">
      <AdminTopBar email={email}>
        <ButtonLink to="/admin/dashboard" variant="secondary" size="sm">
          Back to Dashboard
        </ButtonLink>
      </AdminTopBar>
      <Container className="py-10 sm:py-14">
        <WarmLeadsTool view={view} />
      </Container>
    </div>
  );
}

export const meta: MetaFunction = () => adminMeta("Warm leads");
