import { z } from "zod";
import { checkboxField, multiLine, optionalField, singleLine } from "~/lib/validation";
import { QA_CATEGORIES } from "./qa.options";
import { QA_MESSAGES as M } from "./qa.messages";

export const qaEditSchema = z.object({
  title: singleLine(M.titleShort).min(10, M.titleShort).max(200, M.titleLong),
  question: multiLine(M.questionShort).min(20, M.questionShort).max(2000, M.questionLong),
  answer: optionalField(multiLine().max(10_000)),
  category: z.enum(QA_CATEGORIES.map((c) => c.value) as [string, ...string[]], { error: M.category }),
  status: z.enum(["pending", "published"], { error: "Please choose a status" }),
  isFeatured: checkboxField,
});
