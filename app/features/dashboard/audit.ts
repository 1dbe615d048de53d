/**
 * The audit log's list filters (shared by the tab, its loader and the CSV
 * export): by admin, by action, by date and by an address an entry is about. Dates are whole days in UTC, the
 * zone every admin time is shown in, so a day means the same on the server
 * and in every browser.
 */

export const AUDIT_PAGE_SIZE = 50;

/** The admin filter's value for entries without an admin (failed sign-ins). */
export const NO_ACTOR = "-";

export interface AuditFilters {
  /** An admin's email, NO_ACTOR, or null for everyone. */
  admin: string | null;
  /** An action, e.g. `pages.update`, or null for every action. */
  action: string | null;
  /** First day, `YYYY-MM-DD` (UTC), or null. */
  from: string | null;
  /** Last day, included, `YYYY-MM-DD` (UTC), or null. */
  to: string | null;
  /**
   * An email the entries are about: its admin's own entries, and those holding it as a keyed hash (failed
   * sign-ins, privacy requests), under every key accepted (ADR 0017). Lower-cased; null for every entry.
   */
  email: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTION = /^[a-z0-9-]+\.[a-z0-9-]+$/;

/** A `YYYY-MM-DD` that is a real day, or null. */
function day(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value ? value : null;
}

/** The filters in a URL's query; anything malformed is dropped (the list shows everything for it). */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const admin = (params.get("admin") ?? "").trim().slice(0, 320) || null;
  const action = (params.get("action") ?? "").trim();
  return {
    admin,
    action: ACTION.test(action) && action.length <= 80 ? action : null,
    from: day(params.get("from")),
    to: day(params.get("to")),
    email: (params.get("email") ?? "").trim().toLowerCase().slice(0, 320) || null,
  };
}

/** The filters as a query string (without `page`), for the export link and the pages. */
export function auditQuery(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

/** The first millisecond of a day, and the first of the day after (UTC). */
export const dayStart = (value: string) => Date.parse(`${value}T00:00:00Z`);
export const dayEnd = (value: string) => dayStart(value) + 86_400_000;

/** A compact reading of an entry's detail for the list: `key: value` pairs. */
export function detailText(detail: Record<string, unknown> | null): string {
  if (!detail) return "";
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
    .join(", ");
}
