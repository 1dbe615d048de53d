export const WARM_LEADS_PATH = "/warm-leads";
const WARM_LEADS_EXPORT_PATH = "/warm-leads.csv";
export const WARM_LEADS_PAGE_SIZE = 50;
export const KEYWORD_MAX = 200;

/**
 * The simulated progress of a search (spec): each step is active for its
 * delay, then done. The results are fetched meanwhile.
 */
export const SEARCH_STEPS = [
  { label: "Searching stored leads", delayMs: 5000 },
  { label: "Detecting purchase intent", delayMs: 7000 },
  { label: "Checking competitor apps", delayMs: 8000 },
  { label: "Analyzing keyword relevance", delayMs: 8000 },
  { label: "Scanning social discussions", delayMs: 10000 },
] as const;

export const EXPORT_FIELDS = ["Store Name", "Store URL", "Email", "Testing App", "Status", "Keyword"];

/** `warm-leads-{keyword}-{YYYY-MM-DD}.csv`, the keyword made safe for any file system. */
export function exportFilename(keyword: string, now = new Date()): string {
  const safe =
    keyword
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "search";
  return `warm-leads-${safe}-${now.toISOString().slice(0, 10)}.csv`;
}

export function exportHref(keyword: string): string {
  return `${WARM_LEADS_EXPORT_PATH}?${new URLSearchParams({ keyword })}`;
}
