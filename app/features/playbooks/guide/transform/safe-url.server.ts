/** URLs: which links and images may come out, and which heading or bookmark a link names. */

export type SafeUrl = { kind: "web"; href: string } | { kind: "mailto"; href: string } | { kind: "fragment"; id: string };

/**
 * Only http(s), mailto and `#fragment` survive. The value is normalized the
 * way browsers read it first (tabs and newlines removed, control characters
 * and spaces trimmed), so ` JaVa&#x09;script:` tricks fall to the allow-list.
 * Google's redirects (`https://www.google.com/url?q=TARGET&sa=…`) are
 * unwrapped to their target, which must pass the same checks.
 */
export function safeUrl(value: string, depth = 0): SafeUrl | null {
  const url = value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (url.startsWith("#")) return { kind: "fragment", id: url.slice(1) };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "mailto") return { kind: "mailto", href: url };
  if (scheme !== "http" && scheme !== "https") return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (/^(www\.)?google\.[a-z.]+$/.test(parsed.hostname) && parsed.pathname === "/url") {
    const target = parsed.searchParams.get("q") ?? parsed.searchParams.get("url");
    return target && depth < 3 ? safeUrl(target, depth + 1) : null;
  }
  return { kind: "web", href: parsed.href };
}

/** The heading or bookmark id a link names: `#h.x`, `#heading=h.x`, or a Docs URL ending so. */
export function linkedId(url: SafeUrl): string | null {
  if (url.kind === "fragment") {
    let id = url.id;
    try {
      id = decodeURIComponent(id);
    } catch {
      // Not percent-encoded: use as is.
    }
    return id.replace(/^(heading|bookmark)=/, "");
  }
  if (url.kind === "web" && url.href.startsWith("https://docs.google.com/document/")) {
    return /#(?:heading|bookmark)=([\w.-]+)$/.exec(url.href)?.[1] ?? null;
  }
  return null;
}
