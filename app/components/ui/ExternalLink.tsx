import type { ReactNode } from "react";
import { cn } from "./cn";
import { webAddress } from "~/lib/urls";

/** An address shown without its scheme and trailing slash. */
export const displayUrl = (url: string) => url.replace(/^https?:\/\//i, "").replace(/\/$/, "");

/**
 * A link to another site (stored, not written by us), opened in a new tab that
 * cannot reach back to this page (`noopener noreferrer`); only http(s)
 * addresses become links, anything else stays plain text (or, for a link with
 * its own text such as Visit, nothing).
 */
export function ExternalLink({ url, className, children }: { url: string; className?: string; children?: ReactNode }) {
  const href = webAddress(url);
  if (!href) return children ? null : <span className={cn("text-slate-600", className)}>{url}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={cn("text-brand-700 hover:underline", className)}>
      {children ?? displayUrl(url)}
    </a>
  );
}
