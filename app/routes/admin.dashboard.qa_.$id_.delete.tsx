import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { deleteQuestion, getQuestionForAdmin, QA_ADMIN_MESSAGES } from "~/features/qa/qa-admin.server";
import { DeleteConfirmation } from "~/features/qa/QaEditForm";
import { redirectWithToast } from "~/lib/toast.server";

/** The confirmation page (without JavaScript; with it, the edit page asks in a dialog). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const q = await getQuestionForAdmin(env, params.id ?? "");
  if (!q) throw redirect("/admin/dashboard/qa");
  return { id: q.id, title: q.title };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  try {
    const deleted = await deleteQuestion(env, params.id ?? "");
    return redirectWithToast(env, "/admin/dashboard/qa?status=all", deleted
      ? { type: "success", title: QA_ADMIN_MESSAGES.deleted }
      : { type: "error", title: QA_ADMIN_MESSAGES.deleteFailed });
  } catch (error) {
    console.error("Deleting a question failed", error);
    return redirectWithToast(env, "/admin/dashboard/qa?status=all", { type: "error", title: QA_ADMIN_MESSAGES.deleteFailed });
  }
}

export default function DeleteQuestionPage() {
  const { id, title } = useLoaderData<typeof loader>();
  return (
    <section className="max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <DeleteConfirmation id={id} title={title} />
    </section>
  );
}
