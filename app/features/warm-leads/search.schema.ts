import { z } from "zod";
import { singleLine } from "~/lib/validation";
import { KEYWORD_MAX } from "./warm-leads.options";
import { WARM_LEADS_MESSAGES as M } from "./warm-leads.messages";

/** The search: any text of one line, matched as text. The same schema in the browser and the loader. */
export const warmLeadsSearchSchema = z.object({
  keyword: singleLine(M.keywordRequired).min(1, M.keywordRequired).max(KEYWORD_MAX, M.keywordTooLong),
});
