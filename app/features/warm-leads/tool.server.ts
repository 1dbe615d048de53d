/** The warm-leads tool's loader and CSV export (the routes call these behind requireAdminActor). */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { AUDIT_ACTIONS, auditStatement, filtersDetail, type Actor } from "~/lib/audit.server";
import { csvResponse } from "~/lib/csv";
import { pageFromUrl } from "~/lib/pagination";
import { redirectWithToast } from "~/lib/toast.server";
import { warmLeadsSearchSchema } from "./search.schema";
import { exportRow, exportWarmLeads, searchWarmLeads, type WarmLead, type WarmLeadsPage } from "./warm-leads.server";
import { EXPORT_FIELDS, exportFilename, WARM_LEADS_PATH } from "./warm-leads.options";
import { WARM_LEADS_MESSAGES as M } from "./warm-leads.messages";

export type WarmLeadsView =
  | { step: "intro" }
  | { step: "search"; keyword: string; result: SubmissionResult<string[]> | null }
  | { step: "results"; keyword: string; results: WarmLeadsPage | null; error: string | null };

/**
 * The step comes from the address: nothing is the intro, `?step=search` the
 * search form, `?keyword=` the results (so they can be bookmarked, and come
 * straight back without JavaScript). A bad keyword is answered with 400 and
 * the message under the field.
 */
export async function loadWarmLeads(env: Env, url: URL): Promise<{ view: WarmLeadsView; status: number }> {
  if (!url.searchParams.has("keyword")) {
    return {
      view: url.searchParams.get("step") === "search" ? { step: "search", keyword: "", result: null } : { step: "intro" },
      status: 200,
    };
  }
  const submission = parseWithZod(url.searchParams, { schema: warmLeadsSearchSchema });
  if (submission.status !== "success") {
    return { view: { step: "search", keyword: url.searchParams.get("keyword") ?? "", result: submission.reply() }, status: 400 };
  }
  const { keyword } = submission.value;
  try {
    const results = await searchWarmLeads(env.DB, keyword, pageFromUrl(url));
    return { view: { step: "results", keyword, results, error: null }, status: 200 };
  } catch (error) {
    console.error("Warm-leads search failed", error);
    return { view: { step: "results", keyword, results: null, error: M.fetchFailed }, status: 503 };
  }
}

/**
 * The whole result as CSV, streamed page by page. With nothing to export (or
 * a bad keyword, or a failed query) no file: back to the search with the
 * message as a toast. Otherwise the export is recorded in the audit log
 * (`export.warm-leads`, that a search was made) before any row leaves.
 */
export async function exportWarmLeadsCsv(env: Env, url: URL, actor: Actor): Promise<Response> {
  const submission = parseWithZod(url.searchParams, { schema: warmLeadsSearchSchema });
  if (submission.status !== "success") {
    const message = submission.error?.keyword?.[0] ?? M.keywordRequired;
    return redirectWithToast(env, `${WARM_LEADS_PATH}?step=search`, { type: "error", title: message });
  }
  const { keyword } = submission.value;
  const back = `${WARM_LEADS_PATH}?${new URLSearchParams({ keyword })}`;
  const pages = exportWarmLeads(env.DB, keyword);
  let first: IteratorResult<WarmLead[], void>;
  try {
    first = await pages.next();
  } catch (error) {
    console.error("Warm-leads export failed", error);
    return redirectWithToast(env, back, { type: "error", title: M.fetchFailed });
  }
  if (first.done) return redirectWithToast(env, back, { type: "error", title: M.nothingToExport });
  // That a search was made, never its text (the log keeps no typed search: see filtersDetail).
  await auditStatement(env.DB, {
    action: AUDIT_ACTIONS.exportWarmLeads,
    actor,
    resource: "warm-leads",
    detail: filtersDetail({}, keyword),
  }).run();
  const firstPage = first.value;
  async function* rows() {
    yield firstPage.map(exportRow);
    for await (const page of pages) yield page.map(exportRow);
  }
  return csvResponse(exportFilename(keyword), EXPORT_FIELDS, rows());
}
