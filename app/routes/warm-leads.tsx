import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";
import { requireAdmin } from "~/features/admin/auth.server";
import { AdminTopBar } from "~/features/admin/AdminShell";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.cloudflare.env);
  return { email: admin.email };
}

export const handle = { bareLayout: true };

/** The warm-leads tool's intro step; search, progress and results come with their own issue. */
export default function WarmLeads() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-50">
      <AdminTopBar email={email}>
        <ButtonLink to="/admin/dashboard" variant="secondary" size="sm">
          Back to Dashboard
        </ButtonLink>
      </AdminTopBar>
      <Container className="py-16">
        <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Warm leads</p>
          <h1 className="mt-2 text-3xl font-bold">Find stores that are ready to buy</h1>
          <p className="mt-4 text-slate-600">
            Search the stored leads by keyword: stores trialling competing apps, with their contact details and the app
            they are testing. Export the results as CSV for your outreach.
          </p>
          <ButtonLink to="/admin/dashboard/lead-finder" size="lg" className="mt-8">
            Manage keywords and leads
          </ButtonLink>
        </div>
      </Container>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Warm leads | Founder Leads admin" }, { name: "robots", content: "noindex" }];
