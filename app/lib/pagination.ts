/** Page numbers from `?page=`, clamped to sane values. */
export function pageFromUrl(url: URL): number {
  const n = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}

export interface Paged<T> {
  rows: T[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

export function paged<T>(rows: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}
