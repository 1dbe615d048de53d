/** The warm-leads feature's messages: the spec's texts, shared by the browser and the server. */

import { formatNumber } from "~/lib/format";

/** The warm-leads tool's messages, steps and limits (spec), shared by the browser and the server. */
export const WARM_LEADS_MESSAGES = {
  keywordRequired: "Please enter a keyword",
  keywordTooLong: "Keyword must be less than 200 characters",
  fetchFailed: "Failed to fetch leads",
  noResults: "No leads found for this keyword",
  nothingToExport: "No leads to export",
  exported: "CSV exported successfully!",
  matching: (n: number) => `${formatNumber(n)} ${n === 1 ? "store matches" : "stores match"}`,
} as const;
