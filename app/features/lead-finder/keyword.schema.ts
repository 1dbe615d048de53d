import { z } from "zod";
import { singleLine } from "~/lib/validation";
import { LEAD_MESSAGES as M } from "./lead-finder.messages";

/** A keyword: non-empty after trimming (spec), one line. The same schema in the browser and the action. */
export const keywordSchema = z.object({
  keyword: singleLine(M.keywordRequired).min(1, M.keywordRequired).max(100, M.keywordTooLong),
});
