/** The CSV upload, for the tab's form (without JavaScript) and its upload endpoint (with it): one path. */
import type { Actor } from "~/lib/audit.server";
import { decodeCsv, parseLeadsCsv, type Skipped } from "./csv-import.server";
import { MAX_UPLOAD_BYTES } from "./lead-finder.options";
import { LEAD_MESSAGES } from "./lead-finder.messages";
import { getKeyword, importLeads } from "./leads.server";

export type UploadReport =
  | {
      ok: true;
      message: string;
      keywordId: string;
      keyword: string;
      uploaded: number;
      skippedCount: number;
      skipped: Skipped[];
      duplicatesInFile: number;
      alreadyInKeyword: number;
      /** D1 statements the import used (all in one batch). */
      statements: number;
    }
  | { ok: false; error: string; status: 400 | 404 | 413 | 503 };

/** Room for the multipart envelope and the other fields around a 5 MB file. */
const ENVELOPE = 64 * 1024;

/** The most an upload's body may hold: the route reads the form within it. */
export const UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + ENVELOPE;

/** Imports the posted CSV (`keywordId`, `file`) into its keyword; `form` null: the body was over UPLOAD_BODY_BYTES. */
export async function importCsvUpload(env: Env, form: FormData | null, actor: Actor): Promise<UploadReport> {
  if (!form) return { ok: false, error: LEAD_MESSAGES.tooLarge, status: 413 };
  const keywordId = form.get("keywordId");
  const file = form.get("file");
  if (typeof keywordId !== "string" || !keywordId || !(file instanceof File) || file.size === 0) {
    return { ok: false, error: LEAD_MESSAGES.missingInput, status: 400 };
  }
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: LEAD_MESSAGES.tooLarge, status: 413 };
  const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  if (text === null) return { ok: false, error: LEAD_MESSAGES.readFailed, status: 400 };
  const parsed = parseLeadsCsv(text);
  if (!parsed.ok) return { ok: false, error: parsed.error, status: 400 };
  try {
    const keyword = await getKeyword(env, keywordId);
    if (!keyword) return { ok: false, error: LEAD_MESSAGES.missingInput, status: 404 };
    const result = await importLeads(env, keyword.id, parsed.rows, actor);
    return {
      ok: true,
      message: LEAD_MESSAGES.uploaded(result.inserted),
      keywordId: keyword.id,
      keyword: keyword.keyword,
      uploaded: result.inserted,
      skippedCount: parsed.skippedCount,
      skipped: parsed.skipped,
      duplicatesInFile: parsed.duplicatesInFile,
      alreadyInKeyword: result.alreadyInKeyword,
      statements: result.statements,
    };
  } catch (error) {
    console.error("Importing leads failed", error);
    return { ok: false, error: LEAD_MESSAGES.uploadFailed, status: 503 };
  }
}
