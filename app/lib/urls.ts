/**
 * A link to somewhere on the web, or null: only http and https addresses
 * become links (a stored `javascript:` or `data:` URL would run or show
 * script when clicked). A bare host such as `shop.example` gets https.
 */
export function webAddress(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  try {
    const url = new URL(withHttps(text));
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The text with `https://` in front when it names no scheme (as written otherwise). */
export function withHttps(text: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
}

/** Where a path is resolved to be checked: any origin would do; these are never reached. */
const CHECK_ORIGINS = ["https://same-site.invalid", "http://other-base.invalid"] as const;

/**
 * The one check of a path that must stay on this site: every redirect built
 * from input (a form's `redirectTo`, a return path) and every same-site link
 * of rendered content. Returns the path as a browser would read it
 * (normalised: dot segments removed, `%2e` read as a dot, unsafe characters
 * percent-encoded), or null when it is not a plain same-site path.
 *
 * Refused: anything not starting with `/`; control characters (a browser
 * drops tabs and newlines, so `/\t/evil` is `//evil`), spaces and backslashes
 * (a browser reads `\` as `/`, so `/\evil` is `//evil`); and any path that,
 * once normalised, holds `//` (`/.//evil`, `/a/..//evil` and `/%2e//evil` all
 * become `//evil`) or resolves to another host. The normalised path is what is returned and
 * used, never the input, so what was checked is what the browser gets.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2048 || !value.startsWith("/")) return null;
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, CHECK_ORIGINS[0]);
  } catch {
    return null;
  }
  if (url.origin !== CHECK_ORIGINS[0]) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // No empty segment anywhere in the path: "//" is another host at its start, and never part of a page's address.
  if (!path.startsWith("/") || url.pathname.includes("//")) return null;
  // Read again from another origin and scheme, it must still name no host of its own.
  for (const origin of CHECK_ORIGINS) if (new URL(path, origin).origin !== origin) return null;
  return path;
}
