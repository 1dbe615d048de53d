import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { requireAdmin } from "~/features/admin/auth.server";
import { TabHeading } from "~/features/admin/AdminShell";
import { getQuestionForAdmin, QA_ADMIN_MESSAGES, qaEditSchema, updateQuestion } from "~/features/qa/qa-admin.server";
import { QaEditForm } from "~/features/qa/QaEditForm";
import { readFormData } from "~/lib/request.server";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const q = await getQuestionForAdmin(env, params.id ?? "");
  if (!q) throw redirect("/admin/dashboard/qa");
  return { q: { id: q.id, title: q.title, question: q.question, answer: q.answer, category: q.category, status: q.status, isFeatured: q.isFeatured, slug: q.slug } };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const submission = parseWithZod(await readFormData(request), { schema: qaEditSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (!(await updateQuestion(env, params.id ?? "", submission.value))) throw new Error("No such question");
  } catch (error) {
    console.error("Updating a question failed", error);
    return data({ result: submission.reply({ formErrors: [QA_ADMIN_MESSAGES.updateFailed] }) }, { status: 500 });
  }
  return redirectWithToast(env, `/admin/dashboard/qa?status=${submission.value.status}`, { type: "success", title: QA_ADMIN_MESSAGES.updated });
}

export default function EditQuestion() {
  const { q } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <section>
      <TabHeading title="Edit question" description={`/questions-and-answers/${q.slug}`} />
      <QaEditForm q={q} lastResult={actionData?.result} />
    </section>
  );
}
