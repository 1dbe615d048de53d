/** The Lead Finder tab's loader and action (every intent behind requireAdminActor, called by the route). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { Actor } from "~/lib/audit.server";
import { pageFromUrl } from "~/lib/pagination";
import { readFormData } from "~/lib/request.server";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { isUniqueViolation } from "~/lib/unique.server";
import { keywordSchema } from "./keyword.schema";
import { LEAD_FINDER_PATH, LEADS_PAGE_SIZE } from "./lead-finder.options";
import { LEAD_MESSAGES as M } from "./lead-finder.messages";
import {
  addKeyword,
  deleteAllStores,
  deleteKeyword,
  deleteStores,
  keywordExists,
  listKeywords,
  listLeads,
  type KeywordRow,
  type LeadsPage,
} from "./leads.server";
import { handleUpload, type UploadReport } from "./upload.server";
import { loggable } from "~/lib/log.server";

export async function loadLeadFinder(request: Request, env: Env) {
  const url = new URL(request.url);
  let keywords: KeywordRow[] = [];
  let keywordsError: string | null = null;
  try {
    keywords = await listKeywords(env);
  } catch (error) {
    console.error("Listing keywords failed", error);
    keywordsError = M.keywordsLoadFailed;
  }
  const selected = keywords.find((k) => k.id === url.searchParams.get("keyword")) ?? null;
  let leads: LeadsPage | null = null;
  let leadsError: string | null = null;
  if (selected) {
    try {
      leads = await listLeads(env, selected.id, pageFromUrl(url));
    } catch (error) {
      console.error("Listing leads failed", error);
      leadsError = M.fetchFailed;
    }
  }
  const confirm = url.searchParams.get("confirm");
  // The ids ticked for 'Delete selected' (a page of stores: at most LEADS_PAGE_SIZE).
  const confirmIds = confirm === "selected" ? url.searchParams.getAll("id").filter(Boolean).slice(0, LEADS_PAGE_SIZE) : [];
  return { keywords, keywordsError, selected, leads, leadsError, confirm, confirmIds };
}

export type LeadFinderActionData = { keywordResult?: SubmissionResult<string[]>; upload?: UploadReport };

const back = (request: Request, keywordId?: string | null) => {
  const url = new URL(request.url);
  url.searchParams.delete("confirm");
  url.searchParams.delete("id");
  if (keywordId !== undefined) {
    if (keywordId) url.searchParams.set("keyword", keywordId);
    else url.searchParams.delete("keyword");
  }
  return `${LEAD_FINDER_PATH}${url.search}`;
};

/** The tab's writes, each recorded in the audit log as `actor` (in its own batch). */
export async function leadFinderAction(request: Request, env: Env, actor: Actor) {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const upload = await handleUpload(request, env, actor);
    return data<LeadFinderActionData>({ upload }, { status: upload.ok ? 200 : upload.status });
  }
  const form = await readFormData(request);
  const [intent, target] = String(form.get("intent") ?? "").split(":");
  // The stores' keyword is the page's (?keyword=…): the stores form, its row buttons and the confirmations post there.
  const keywordId = new URL(request.url).searchParams.get("keyword") ?? "";
  const run = async (failure: string, work: () => Promise<ToastInput>, to = back(request)) => {
    try {
      return redirectWithToast(env, to, await work());
    } catch (error) {
      console.error(`Lead Finder ${intent} failed`, loggable(error));
      return redirectWithToast(env, to, { type: "error", title: failure });
    }
  };

  switch (intent) {
    case "add-keyword": {
      const submission = parseWithZod(form, { schema: keywordSchema });
      if (submission.status !== "success") return data<LeadFinderActionData>({ keywordResult: submission.reply() }, { status: 400 });
      const exists = () =>
        data<LeadFinderActionData>({ keywordResult: submission.reply({ fieldErrors: { keyword: [M.keywordExists] } }) }, { status: 400 });
      if (await keywordExists(env, submission.value.keyword)) return exists();
      try {
        await addKeyword(env, submission.value.keyword, actor);
      } catch (error) {
        // Another admin added it (in some case) since the check: the database refused the second one.
        if (isUniqueViolation(error)) return exists();
        console.error("Adding a keyword failed", loggable(error));
        return data<LeadFinderActionData>({ keywordResult: submission.reply({ formErrors: [M.keywordAddFailed] }) }, { status: 503 });
      }
      return redirectWithToast(env, back(request), { type: "success", title: M.keywordAdded });
    }
    case "delete-keyword":
      return run(
        M.keywordDeleteFailed,
        async () => {
          await deleteKeyword(env, target ?? "", actor);
          return { type: "success", title: M.keywordDeleted };
        },
        back(request, null),
      );
    case "delete-store":
      return run(M.storeDeleteFailed, async () =>
        (await deleteStores(env, keywordId, [target ?? ""], actor)) > 0
          ? { type: "success", title: M.storeDeleted }
          : { type: "error", title: M.storeDeleteFailed },
      );
    case "delete-selected": {
      const ids = form.getAll("id").map(String).filter(Boolean).slice(0, 10_000);
      if (ids.length === 0)
        return redirectWithToast(env, back(request), {
          type: "error",
          title: M.selectedDeleteFailed,
          description: "Select at least one store.",
        });
      return run(M.selectedDeleteFailed, async () => ({
        type: "success",
        title: M.selectedDeleted(await deleteStores(env, keywordId, ids, actor)),
      }));
    }
    case "delete-all":
      return run(M.allDeleteFailed, async () => {
        await deleteAllStores(env, keywordId, actor);
        return { type: "success", title: M.allDeleted };
      });
    default:
      return redirectWithToast(env, back(request), { type: "error", title: "Unknown action" });
  }
}
