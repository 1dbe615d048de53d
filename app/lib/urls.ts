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
