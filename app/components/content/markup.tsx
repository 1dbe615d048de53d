/**
 * The small inline markup of structured content: **bold** and [label](url).
 * Parsed into React elements, never injected as HTML: React escapes every
 * text. Links go only to http(s) addresses, mailto and same-site paths, each
 * checked after normalisation (same-site paths by `sameSitePath`, the check
 * every redirect uses); anything else (javascript:, data:, //host, /\host,
 * /.//host) shows as plain text.
 */
import { Fragment, type ReactNode } from "react";
import { sameSitePath } from "~/lib/urls";

const TOKEN = /\*\*(.+?)\*\*|\[([^[\]\n]+)\]\(([^()\s]+)\)/g;
const LINK = /\[([^[\]\n]+)\]\(([^()\s]+)\)/g;

type SafeHref = { href: string; external: boolean } | null;

/** Whether an absolute http(s) address reads as one to a browser too (no controls, spaces or backslashes in it). */
function isWebAddress(url: string): boolean {
  if (!/^https?:\/\//i.test(url) || /[\u0000-\u0020\u007f-\u009f\\]/.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

export function safeHref(url: string): SafeHref {
  const u = url.trim();
  if (u.startsWith("/")) {
    const path = sameSitePath(u);
    return path === null ? null : { href: path, external: false };
  }
  if (/^#[\w-]+$/.test(u)) return { href: u, external: false };
  if (/^mailto:[^\s]+@[^\s]+$/i.test(u)) return { href: u, external: false };
  return isWebAddress(u) ? { href: u, external: true } : null;
}

function link(label: ReactNode, url: string, key: string | number): ReactNode {
  const safe = safeHref(url);
  if (!safe) return <Fragment key={key}>{label}</Fragment>;
  return (
    <a
      key={key}
      href={safe.href}
      className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
      {...(safe.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
    >
      {label}
    </a>
  );
}

/** Links only (inside bold text). */
function links(text: string, keyPrefix: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(link(m[1], m[2]!, `${keyPrefix}-${m.index}`));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Text with **bold** and [links] as React nodes. An unclosed `**` stays as typed. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined)
      out.push(
        <strong key={m.index} className="font-semibold text-ink">
          {links(m[1], `b${m.index}`)}
        </strong>,
      );
    else out.push(link(m[2], m[3]!, m.index));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
