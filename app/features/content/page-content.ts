/**
 * A page's `content` is JSON that admins edit (or raw text when it was not
 * valid JSON). Understood shapes: a string (paragraphs split on blank lines),
 * `{ paragraphs: string[] }`, `{ sections: [{ heading, paragraphs | body }] }`.
 * Anything else shows no body rather than breaking the page.
 */
export type PageBlock = { type: "heading"; text: string } | { type: "paragraph"; text: string };

const isString = (v: unknown): v is string => typeof v === "string";
const paragraphsOf = (text: string): PageBlock[] =>
  text
    .split(/\n\s*\n/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => ({ type: "paragraph", text: t }));

export function pageBlocks(content: unknown): PageBlock[] {
  if (isString(content)) return paragraphsOf(content);
  if (!content || typeof content !== "object") return [];
  const c = content as { paragraphs?: unknown; sections?: unknown };
  if (Array.isArray(c.paragraphs)) return c.paragraphs.filter(isString).flatMap(paragraphsOf);
  if (Array.isArray(c.sections)) {
    return c.sections.flatMap((s: { heading?: unknown; paragraphs?: unknown; body?: unknown }) => [
      ...(isString(s?.heading) ? [{ type: "heading" as const, text: s.heading }] : []),
      ...(Array.isArray(s?.paragraphs) ? s.paragraphs.filter(isString).flatMap(paragraphsOf) : []),
      ...(isString(s?.body) ? paragraphsOf(s.body) : []),
    ]);
  }
  return [];
}
