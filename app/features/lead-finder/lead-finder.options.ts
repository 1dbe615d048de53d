/** The Lead Finder tab's address. */
export const LEAD_FINDER_PATH = "/admin/dashboard/lead-finder";
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_ROWS = 50_000;
export const LEADS_PAGE_SIZE = 50;
export const DEFAULT_STATUS = "On Trial";
/** Skipped rows reported one by one (the rest are counted). */
export const SKIPPED_REPORTED = 20;
