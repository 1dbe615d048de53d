import { z } from "zod";
import { QA_CATEGORIES, QA_MESSAGES as M } from "./qa.options";

export * from "./qa.options";

const optional = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** The public question form: the spec's rules, checked together, each error under its field. */
export const questionSchema = z.object({
  title: z.string({ error: M.titleShort }).trim().min(10, M.titleShort).max(200, M.titleLong),
  question: z.string({ error: M.questionShort }).trim().min(20, M.questionShort).max(2000, M.questionLong),
  category: z.enum(QA_CATEGORIES.map((c) => c.value) as [string, ...string[]], { error: M.category }),
  submitterName: optional(z.string().trim().min(2, M.nameShort).max(100, M.nameLong)),
  submitterEmail: optional(z.string().trim().max(255, M.emailLong).pipe(z.email({ error: M.emailInvalid }))),
});

export type QuestionInput = z.infer<typeof questionSchema>;
