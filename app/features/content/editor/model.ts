/**
 * The section editor's model, shared by the browser and the server: stored
 * content (the spec's JSON list of sections) to form values and back, and how
 * stored content opens. Browser-safe: no server imports. Next to it: the form's
 * names and values (form-values.ts), the editing actions (intents.ts) and the
 * zod rules of the form (schema.ts).
 *
 * What is saved is the spec's shape, canonical: optional keys only when they
 * hold something. Content opens as blocks only when it comes back from the
 * form unchanged (`editableSections`); anything else opens as JSON, untouched.
 */
import { EDITOR_MESSAGES as M } from "./editor.messages";

export const EDITABLE_TYPES = ["paragraph", "heading", "list", "introduction", "section", "conclusion", "cta", "image"] as const;
export type EditableType = (typeof EDITABLE_TYPES)[number];

export const TYPE_LABELS: Record<EditableType, string> = {
  paragraph: "Paragraph",
  heading: "Heading",
  list: "List",
  introduction: "Introduction",
  section: "Section",
  conclusion: "Conclusion",
  cta: "Call to action",
  image: "Image",
};

export const MAX_SECTIONS = 200;
export const MAX_CONTENT_BYTES = 256 * 1024;
export const CONTENT_MODE = { blocks: "blocks", json: "json" } as const;
export type ContentMode = (typeof CONTENT_MODE)[keyof typeof CONTENT_MODE];

/** A section as the form holds it: every value a string (or a list of them). */
export type FormSection = {
  type: EditableType;
  text?: string;
  level?: string;
  items?: string[];
  heading?: string;
  content?: string;
  subsections?: { subheading?: string; content?: string }[];
  src?: string;
  alt?: string;
  caption?: string;
  width?: string;
  height?: string;
};

/** A section as stored: the spec's JSON shape (and the image type). */
export type StoredSection =
  | { type: "paragraph"; text: string }
  | { type: "heading"; text: string; level: number }
  | { type: "list"; items: string[] }
  | {
      type: "introduction" | "section" | "conclusion";
      heading?: string;
      content?: string;
      subsections?: { subheading?: string; content: string }[];
    }
  | { type: "cta"; content: string }
  | { type: "image"; src: string; alt: string; caption?: string; width: number; height: number };

/** The keys each stored type may hold: anything else is not the editor's to rewrite. */
const STORED_KEYS: Record<EditableType, readonly string[]> = {
  paragraph: ["type", "text"],
  heading: ["type", "text", "level"],
  list: ["type", "items"],
  introduction: ["type", "heading", "content", "subsections"],
  section: ["type", "heading", "content", "subsections"],
  conclusion: ["type", "heading", "content", "subsections"],
  cta: ["type", "content"],
  image: ["type", "src", "alt", "caption", "width", "height"],
};

export const isEditableType = (v: unknown): v is EditableType => typeof v === "string" && (EDITABLE_TYPES as readonly string[]).includes(v);
const s = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
/** A key only when it holds something. */
const opt = <K extends string>(key: K, v: string | undefined): Partial<Record<K, string>> => (v ? ({ [key]: v } as Record<K, string>) : {});

/** The form values of one stored section (no check: see `editableSections`). */
export function toFormSection(section: Record<string, unknown>): FormSection {
  const type = section.type as EditableType;
  switch (type) {
    case "paragraph":
      return { type, text: s(section.text) };
    case "heading":
      return { type, text: s(section.text), level: s(section.level ?? 2) };
    case "list":
      return { type, items: Array.isArray(section.items) ? section.items.map(s) : [] };
    case "introduction":
    case "section":
    case "conclusion":
      return {
        type,
        heading: s(section.heading),
        content: s(section.content),
        subsections: Array.isArray(section.subsections)
          ? section.subsections.map((x: Record<string, unknown>) => ({ subheading: s(x?.subheading), content: s(x?.content) }))
          : [],
      };
    case "cta":
      return { type, content: s(section.content) };
    case "image":
      return {
        type,
        src: s(section.src),
        alt: s(section.alt),
        caption: s(section.caption),
        width: s(section.width),
        height: s(section.height),
      };
  }
}

const toInt = (v: string | undefined) => {
  const n = Number.parseInt(v ?? "", 10);
  return Number.isFinite(n) ? n : 0;
};

/** The stored section of form values: the spec's shape, optional keys only when filled. */
export function fromFormSection(f: FormSection): StoredSection {
  switch (f.type) {
    case "paragraph":
      return { type: f.type, text: f.text ?? "" };
    case "heading":
      return { type: f.type, text: f.text ?? "", level: Math.min(Math.max(toInt(f.level) || 2, 2), 4) };
    case "list":
      return { type: f.type, items: (f.items ?? []).map((i) => i ?? "") };
    case "introduction":
    case "section":
    case "conclusion": {
      const subsections = (f.subsections ?? []).map((x) => ({ ...opt("subheading", x.subheading), content: x.content ?? "" }));
      return {
        type: f.type,
        ...opt("heading", f.heading),
        ...opt("content", f.content),
        ...(subsections.length ? { subsections } : {}),
      };
    }
    case "cta":
      return { type: f.type, content: f.content ?? "" };
    case "image":
      return {
        type: f.type,
        src: f.src ?? "",
        alt: f.alt ?? "",
        ...opt("caption", f.caption),
        width: toInt(f.width),
        height: toInt(f.height),
      };
  }
}

/** Deep equality of JSON values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameJson(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The form sections of stored content, or null when the editor cannot hold it
 * unchanged (an older shape, an unknown type or key, a value of another type):
 * such content opens as JSON and is never rewritten.
 */
export function editableSections(content: unknown): FormSection[] | null {
  if (!Array.isArray(content)) return null;
  const out: FormSection[] = [];
  for (const section of content) {
    if (typeof section !== "object" || section === null || Array.isArray(section)) return null;
    const record = section as Record<string, unknown>;
    if (!isEditableType(record.type) || Object.keys(record).some((k) => !STORED_KEYS[record.type as EditableType].includes(k))) return null;
    const form = toFormSection(record);
    // A heading without a level is a level 2 heading (spec): the editor saves the level it shows.
    const expected = record.type === "heading" && record.level === undefined ? { ...record, level: 2 } : record;
    if (!sameJson(fromFormSection(form), expected)) return null;
    out.push(form);
  }
  return out;
}

/** How stored content opens: as blocks, or as JSON text with a note saying why. */
export type EditorStart = { mode: "blocks"; sections: FormSection[] } | { mode: "json"; text: string; note: string | null };

export function editorStart(text: string | null | undefined): EditorStart {
  const raw = text ?? "";
  if (!raw.trim()) return { mode: "blocks", sections: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { mode: "json", text: raw, note: M.openedAsJsonText };
  }
  const sections = editableSections(parsed);
  return sections ? { mode: "blocks", sections } : { mode: "json", text: raw, note: M.openedAsJsonShape };
}

/** The content of sections as the JSON text stored (what "Edit as JSON" shows). */
export const sectionsJson = (sections: FormSection[]) => JSON.stringify(sections.map(fromFormSection), null, 2);

/** The content of the form as the renderer reads it, without validating (the live preview). */
export function previewContent(mode: ContentMode, sections: FormSection[], text: string): unknown {
  if (mode === "blocks") return sections.map(fromFormSection);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
