import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminActor } from "~/features/auth/index.server";
import { PRIVACY_MESSAGES } from "~/features/privacy/privacy.messages";
import { exportSchema } from "~/features/privacy/privacy.schema";
import { exportFileName, exportPersonalData } from "~/features/privacy/privacy.server";
import { PRIVACY_PATH } from "~/lib/paths";
import { readSmallForm } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * The export of one address's data as a JSON download (a POST: the address never sits in a URL or a log line),
 * the address checked with the summary form's schema.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const { actor } = await requireAdminActor(env, request);
  const submission = parseWithZod(await readSmallForm(request), { schema: exportSchema });
  if (submission.status !== "success") return redirectWithToast(env, PRIVACY_PATH, { type: "error", title: PRIVACY_MESSAGES.emailInvalid });
  const exported = await exportPersonalData(env, submission.value.email, actor);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(exported)}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** A GET has nothing to export: the Privacy page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminActor(context.cloudflare.env, request);
  return redirect(PRIVACY_PATH);
}
