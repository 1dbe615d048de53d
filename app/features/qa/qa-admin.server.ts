/** Admin work on Q&A: read one question, save an edit, delete. */
import { eq } from "drizzle-orm";
import { qaSubmissions } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import type { QaEdit } from "./qa-admin.schema";
import { QA_CATEGORIES } from "./qa.options";

export { QA_ADMIN_MESSAGES, qaEditSchema } from "./qa-admin.schema";

export async function getQuestionForAdmin(env: Env, id: string) {
  return getDb(env).select().from(qaSubmissions).where(eq(qaSubmissions.id, id)).get();
}

export async function updateQuestion(env: Env, id: string, edit: QaEdit): Promise<boolean> {
  const rows = await getDb(env)
    .update(qaSubmissions)
    .set({
      title: edit.title,
      question: edit.question,
      answer: edit.answer ?? null,
      category: edit.category as (typeof QA_CATEGORIES)[number]["value"],
      status: edit.status,
      isFeatured: edit.isFeatured,
      updatedAt: new Date(),
    })
    .where(eq(qaSubmissions.id, id))
    .returning({ id: qaSubmissions.id });
  return rows.length > 0;
}

export async function deleteQuestion(env: Env, id: string): Promise<boolean> {
  const rows = await getDb(env).delete(qaSubmissions).where(eq(qaSubmissions.id, id)).returning({ id: qaSubmissions.id });
  return rows.length > 0;
}
