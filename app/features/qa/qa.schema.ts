import { z } from "zod";
import { multiLine, optionalField, singleLine } from "~/lib/validation";
import { QA_CATEGORIES } from "./qa.options";
import { QA_MESSAGES as M } from "./qa.messages";

export * from "./qa.options";

/** The public question form: the spec's rules, checked together, each error under its field. */
export const questionSchema = z.object({
  title: singleLine(M.titleShort).min(10, M.titleShort).max(200, M.titleLong),
  question: multiLine(M.questionShort).min(20, M.questionShort).max(2000, M.questionLong),
  category: z.enum(QA_CATEGORIES.map((c) => c.value) as [string, ...string[]], { error: M.category }),
  submitterName: optionalField(singleLine().min(2, M.nameShort).max(100, M.nameLong)),
  submitterEmail: optionalField(
    singleLine()
      .max(255, M.emailLong)
      .pipe(z.email({ error: M.emailInvalid })),
  ),
});

export type QuestionInput = z.infer<typeof questionSchema>;
