import { Link } from "@remix-run/react";
import { cn } from "./cn";

/** Previous/next links that keep the other query parameters. Works without JavaScript. */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(p));
    return `?${params.toString()}`;
  };
  const linkClass = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50";
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
      <p className="text-sm text-slate-600">{`Page ${page} of ${pageCount}`}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className={linkClass} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={href(page + 1)} className={cn(linkClass)} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
