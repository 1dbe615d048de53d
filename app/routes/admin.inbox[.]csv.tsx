import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { parsePersonForm } from "~/lib/people";
import { refuseCrossSiteRead } from "~/lib/request.server";

/** The Inbox's export became the Leads export: the kind is the form filter. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  refuseCrossSiteRead(request);
  await requireAdminActor(context.cloudflare.env, request);
  const form = parsePersonForm(new URL(request.url).searchParams.get("kind"));
  return redirect(form ? `/admin/leads.csv?form=${form}` : "/admin/leads.csv", 301);
}
