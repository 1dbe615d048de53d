/**
 * The visit's first source in the browser (ADR 0022): the landing page and the external referrer's host of the
 * tab's first page, kept in the tab's sessionStorage only (no cookie, nothing that outlives the tab), and sent with
 * every public form (`VisitSourceFields`). Without storage (blocked, private modes) nothing is kept and the forms
 * send what the server put in.
 */
import { cameFromReferer, cleanSitePath } from "./visit-source";

const KEY = "fl:visit-source";

export interface KeptVisit {
  /** The landing page: path and query (with its UTM values), as the browser first showed it. */
  landing: string;
  /** The external referrer's host, or "". */
  referrerHost: string;
}

function read(): KeptVisit | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptVisit>;
    if (typeof kept.landing !== "string" || typeof kept.referrerHost !== "string") return null;
    return { landing: kept.landing, referrerHost: kept.referrerHost };
  } catch {
    return null;
  }
}

/**
 * The tab's kept visit; the first call of a tab keeps the current page as the landing page and the document's
 * referrer's host (another site's only). Null when the tab cannot keep it.
 */
export function keptVisit(): KeptVisit | null {
  if (typeof window === "undefined") return null;
  const found = read();
  if (found) return found;
  const landing = cleanSitePath(window.location.pathname + window.location.search) ?? "";
  const from = cameFromReferer(document.referrer || null, window.location.origin);
  const visit: KeptVisit = { landing, referrerHost: from.startsWith("/") ? "" : from };
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(visit));
  } catch {
    return null;
  }
  return visit;
}
