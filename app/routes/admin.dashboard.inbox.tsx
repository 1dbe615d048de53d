import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { LEADS_PATH } from "~/features/people/people.options";
import { parsePersonForm } from "~/lib/people";

/** The Inbox became the Leads tab: old links open it, with the kind as the form filter. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(context.cloudflare.env, request);
  const form = parsePersonForm(new URL(request.url).searchParams.get("kind"));
  return redirect(form ? `${LEADS_PATH}?form=${form}` : LEADS_PATH, 301);
}
