/**
 * The site's one structured-content format (pages, guides and blog posts),
 * and the normaliser that turns whatever is stored into it without throwing.
 *
 * Section types (the blog's, from the spec): paragraph (text); heading (text,
 * level default 2); list (items); introduction, section and conclusion
 * (heading, content text with bullet lines, **bold** and [link](url) markup,
 * optional subsections each with subheading and content); cta (content);
 * image (src from the media library or an https URL, alt, optional caption,
 * width and height so the page reserves its space).
 * Unknown types render nothing. A known type with a malformed shape becomes
 * `invalid`, shown as 'Error displaying content' while the rest renders.
 *
 * Older page shapes keep rendering: a plain string (paragraphs split on blank
 * lines), `{ paragraphs: [...] }`, `{ sections: [{ heading, paragraphs | body }] }`.
 */

export type Subsection = { subheading?: string; content: string };
export type Section =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string; level: 2 | 3 | 4 }
  | { type: "list"; items: string[]; ordered: boolean }
  | { type: "introduction" | "section" | "conclusion"; heading?: string; content: string; subsections: Subsection[] }
  | { type: "cta"; heading?: string; content: string }
  | { type: "image"; src: string; alt: string; caption?: string; width?: number; height?: number }
  | { type: "invalid"; reason: string };

export const SECTION_TYPES = ["paragraph", "heading", "list", "introduction", "section", "conclusion", "cta", "image"] as const;

/** An image address the renderer shows: a path of this site (the media library) or https. */
export const isImageSrc = (src: string) => /^\/(?!\/)[\w./-]+$/.test(src) || /^https:\/\/[^\s/]+\/\S*$/.test(src);
const dimension = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 && v <= 20_000 ? v : undefined);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const optStr = (o: Obj, key: string): string | undefined | false => {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  return typeof v === "string" ? v : false;
};
const invalid = (reason: string): Section => ({ type: "invalid", reason });

/** Paragraphs of a plain text: split on blank lines. */
const paragraphsOf = (text: string): Section[] =>
  text
    .split(/\n\s*\n/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => ({ type: "paragraph", text: t }));

function subsectionsOf(value: unknown): Subsection[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const out: Subsection[] = [];
  for (const s of value) {
    if (!isObj(s)) return null;
    const subheading = optStr(s, "subheading") ?? optStr(s, "heading");
    const content = optStr(s, "content");
    if (subheading === false || content === false) return null;
    out.push({ subheading: subheading || undefined, content: content ?? "" });
  }
  return out;
}

/** One stored section: a Section, `null` for an unknown type (renders nothing), or `invalid`. */
function normalizeSection(value: unknown): Section | null {
  if (!isObj(value)) return invalid("not an object");
  const type = str(value.type);
  switch (type) {
    case "paragraph": {
      const text = str(value.text) ?? str(value.content);
      return text === undefined ? invalid("paragraph without text") : { type, text };
    }
    case "heading": {
      const text = str(value.text) ?? str(value.content);
      if (text === undefined) return invalid("heading without text");
      const raw = value.level === undefined ? 2 : Number(value.level);
      if (!Number.isFinite(raw)) return invalid("heading level is not a number");
      return { type, text, level: Math.min(Math.max(Math.round(raw), 2), 4) as 2 | 3 | 4 };
    }
    case "list": {
      if (!Array.isArray(value.items) || !value.items.every((i) => typeof i === "string")) return invalid("list items are not texts");
      return { type, items: value.items, ordered: value.ordered === true || value.style === "ordered" };
    }
    case "introduction":
    case "section":
    case "conclusion": {
      const heading = optStr(value, "heading");
      const content = optStr(value, "content");
      const subsections = subsectionsOf(value.subsections);
      if (heading === false || content === false || subsections === null) return invalid(`malformed ${type}`);
      return { type, heading: heading || undefined, content: content ?? "", subsections };
    }
    case "cta": {
      const heading = optStr(value, "heading");
      const content = optStr(value, "content") ?? optStr(value, "text");
      if (heading === false || content === false || content === undefined) return invalid("cta without content");
      return { type, heading: heading || undefined, content };
    }
    case "image": {
      const src = str(value.src);
      const alt = str(value.alt);
      const caption = optStr(value, "caption");
      if (!src || !isImageSrc(src) || alt === undefined || caption === false) return invalid("image without a usable src or alt");
      return { type, src, alt, caption: caption || undefined, width: dimension(value.width), height: dimension(value.height) };
    }
    default:
      return null;
  }
}

/** A legacy `{ heading, paragraphs | body }` page section. */
function legacySection(s: Obj): Section[] {
  const heading = str(s.heading);
  return [
    ...(heading ? [{ type: "heading" as const, text: heading, level: 2 as const }] : []),
    ...(Array.isArray(s.paragraphs) ? s.paragraphs.filter((p): p is string => typeof p === "string").flatMap(paragraphsOf) : []),
    ...(str(s.body) ? paragraphsOf(s.body as string) : []),
  ];
}

/** Whatever is stored (already parsed from JSON, or raw text) as a list of sections. Never throws. */
export function normalizeContent(content: unknown): Section[] {
  if (typeof content === "string") return paragraphsOf(content);
  const list = Array.isArray(content) ? content : isObj(content) && Array.isArray(content.sections) ? content.sections : null;
  if (list) {
    return list.flatMap((s): Section[] => {
      if (isObj(s) && s.type === undefined && ("paragraphs" in s || "body" in s || "heading" in s)) return legacySection(s);
      const section = normalizeSection(s);
      return section ? [section] : [];
    });
  }
  if (isObj(content)) {
    if (Array.isArray(content.paragraphs))
      return content.paragraphs.filter((p): p is string => typeof p === "string").flatMap(paragraphsOf);
    const text = str(content.text) ?? str(content.content);
    if (text) return paragraphsOf(text);
  }
  return [];
}

/** Plain text of the content (for reading time, excerpts and search): markup removed. */
export function contentText(content: unknown): string {
  const plain = (t: string) => t.replace(/\*\*(.+?)\*\*/g, "$1").replace(/\[([^[\]]+)\]\(([^()\s]+)\)/g, "$1");
  return normalizeContent(content)
    .flatMap((s) => {
      switch (s.type) {
        case "paragraph":
        case "heading":
          return [s.text];
        case "list":
          return s.items;
        case "cta":
          return [s.heading ?? "", s.content];
        case "invalid":
          return [];
        case "image":
          return [s.caption ?? ""];
        default:
          return [s.heading ?? "", s.content, ...s.subsections.flatMap((x) => [x.subheading ?? "", x.content])];
      }
    })
    .map(plain)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}
