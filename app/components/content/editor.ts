/**
 * The section editor's model, shared by the browser and the server: stored
 * content (the spec's JSON list of sections) to form values and back, the
 * editing actions (add, move, remove, items, subsections, mode), and the zod
 * rules of the form. Browser-safe: no server imports.
 *
 * Form names follow conform's convention, so the same schema parses them in
 * the browser and in the action: `sections[2].type`, `sections[2].items[0]`,
 * `sections[2].subsections[1].content`. `contentMode` says which half of the
 * editor sent the content: `blocks` (the sections) or `json` (the `content`
 * textarea, "Edit as JSON").
 *
 * What is saved is the spec's shape, canonical: optional keys only when they
 * hold something. Content opens as blocks only when it comes back from the
 * form unchanged (`editableSections`); anything else opens as JSON, untouched.
 */
import { z } from "zod";
import { jsonProblem } from "~/lib/json";
import { cleanMultiLine, cleanSingleLine } from "~/lib/validation";
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

const isEditableType = (v: unknown): v is EditableType => typeof v === "string" && (EDITABLE_TYPES as readonly string[]).includes(v);
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

// ------------------------------------------------------------ form names

export const sectionName = (i: number, key: string) => `sections[${i}].${key}`;
export const itemName = (i: number, j: number) => `sections[${i}].items[${j}]`;
export const subName = (i: number, j: number, key: "subheading" | "content") => `sections[${i}].subsections[${j}].${key}`;

const NAME = /^sections\[(\d+)\]\.(\w+)(?:\[(\d+)\](?:\.(\w+))?)?$/;

/** The sections of a form's entries (the browser's FormData, or a parsed payload flattened), in index order. */
export function sectionsFromEntries(entries: Iterable<[string, FormDataEntryValue]>): FormSection[] {
  const byIndex = new Map<number, Record<string, unknown>>();
  for (const [name, value] of entries) {
    const m = NAME.exec(name);
    if (!m || typeof value !== "string") continue;
    const i = Number(m[1]);
    if (i >= MAX_SECTIONS * 2) continue;
    const section = byIndex.get(i) ?? {};
    byIndex.set(i, section);
    const key = m[2]!;
    if (m[3] === undefined) section[key] = value;
    else {
      const list = (section[key] as unknown[] | undefined) ?? [];
      section[key] = list;
      const j = Number(m[3]);
      if (m[4] === undefined) list[j] = value;
      else list[j] = { ...(list[j] as object), [m[4]]: value };
    }
  }
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, v]) => v)
    .filter((v): v is FormSection => isEditableType(v.type))
    .map((v) => ({
      ...v,
      ...(v.items ? { items: [...v.items].map((x) => x ?? "") } : {}),
      ...(v.subsections ? { subsections: [...v.subsections].map((x) => x ?? {}) } : {}),
    }));
}

/** The sections of a parsed payload (conform's nested object), tolerant of any shape. */
export function sectionsFromPayload(payload: unknown): FormSection[] {
  const list = (payload as { sections?: unknown })?.sections;
  if (!Array.isArray(list)) return [];
  const entries: [string, string][] = [];
  list.forEach((section: unknown, i) => {
    if (typeof section !== "object" || section === null) return;
    for (const [key, value] of Object.entries(section)) {
      if (typeof value === "string") entries.push([sectionName(i, key), value]);
      else if (Array.isArray(value))
        value.forEach((v: unknown, j) => {
          if (typeof v === "string" || v === undefined || v === null) entries.push([`sections[${i}].${key}[${j}]`, v ?? ""]);
          else if (typeof v === "object" && v !== null)
            for (const [k, x] of Object.entries(v)) if (typeof x === "string") entries.push([`sections[${i}].${key}[${j}].${k}`, x]);
        });
    }
  });
  return sectionsFromEntries(entries);
}

// ------------------------------------------------------------ actions

/**
 * The editor's actions, sent as the value of the form's `intent` button
 * without JavaScript and run in the browser with it:
 * `section:add:{type}:{after|end}`, `section:up|down|remove:{i}`,
 * `item:add:{i}`, `item:up|down|remove:{i}:{j}`, the same for `sub:`,
 * `mode:json` and `mode:blocks`.
 */
export const EDITOR_INTENT_PREFIXES = ["section:", "item:", "sub:", "mode:"] as const;
export const isEditorIntent = (intent: unknown): intent is string =>
  typeof intent === "string" && EDITOR_INTENT_PREFIXES.some((p) => intent.startsWith(p));

export const intents = {
  add: (type: EditableType, after: number | "end") => `section:add:${type}:${after}`,
  section: (op: "up" | "down" | "remove", i: number) => `section:${op}:${i}`,
  item: (op: "add" | "up" | "down" | "remove", i: number, j = 0) => (op === "add" ? `item:add:${i}` : `item:${op}:${i}:${j}`),
  sub: (op: "add" | "up" | "down" | "remove", i: number, j = 0) => (op === "add" ? `sub:add:${i}` : `sub:${op}:${i}:${j}`),
  mode: (mode: ContentMode) => `mode:${mode}`,
};

/** Where focus goes after an action: a section, or one of its items or subsections. */
export type EditorFocus = { section: number; item?: number; sub?: number } | null;
export type EditorOutcome = { sections: FormSection[]; focus: EditorFocus; message: string };

export function emptySection(type: EditableType): FormSection {
  switch (type) {
    case "list":
      return { type, items: [""] };
    case "heading":
      return { type, text: "", level: "2" };
    case "introduction":
    case "section":
    case "conclusion":
      return { type, heading: "", content: "", subsections: [] };
    case "image":
      return { type, src: "", alt: "", caption: "", width: "", height: "" };
    default:
      return { type };
  }
}

const move = <T>(list: T[], from: number, to: number): T[] => {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x!);
  return next;
};

/** Runs one editor action (not `mode:`) on the sections. An action that does not apply changes nothing. */
export function applyEditorIntent(sections: FormSection[], intent: string): EditorOutcome {
  const [scope, op, a, b] = intent.split(":");
  const i = Number(a);
  const j = Number(b);
  const same: EditorOutcome = { sections, focus: null, message: "" };
  const label = (n: number) => `${TYPE_LABELS[sections[n]?.type ?? "paragraph"]} (section ${n + 1})`;
  if (scope === "section") {
    if (op === "add") {
      const type = a as EditableType;
      if (!isEditableType(type)) return same;
      if (sections.length >= MAX_SECTIONS) return { ...same, message: M.tooManySections };
      const at = b === "end" || !Number.isInteger(Number(b)) ? sections.length : Math.min(Number(b) + 1, sections.length);
      const next = [...sections.slice(0, at), emptySection(type), ...sections.slice(at)];
      return { sections: next, focus: { section: at }, message: `${TYPE_LABELS[type]} added as section ${at + 1} of ${next.length}.` };
    }
    if (!Number.isInteger(i) || !sections[i]) return same;
    if (op === "remove") {
      const next = sections.filter((_, k) => k !== i);
      return {
        sections: next,
        focus: next.length ? { section: Math.min(i, next.length - 1) } : null,
        message: `${label(i)} removed. ${next.length} ${next.length === 1 ? "section" : "sections"} left.`,
      };
    }
    const to = op === "up" ? i - 1 : op === "down" ? i + 1 : -1;
    if (to < 0 || to >= sections.length) return same;
    return {
      sections: move(sections, i, to),
      focus: { section: to },
      message: `${TYPE_LABELS[sections[i].type]} moved to section ${to + 1} of ${sections.length}.`,
    };
  }
  if (scope === "item" || scope === "sub") {
    const section = sections[i];
    if (!section) return same;
    const key = scope === "item" ? "items" : "subsections";
    if (scope === "item" && section.type !== "list") return same;
    if (scope === "sub" && !["introduction", "section", "conclusion"].includes(section.type)) return same;
    const list: unknown[] = [...((section[key] as unknown[] | undefined) ?? [])];
    const what = scope === "item" ? "Item" : "Subsection";
    let next: unknown[];
    let focusAt: number | null;
    let message: string;
    if (op === "add") {
      next = [...list, scope === "item" ? "" : { subheading: "", content: "" }];
      focusAt = next.length - 1;
      message = `${what} ${next.length} added to ${label(i)}.`;
    } else if (!Number.isInteger(j) || j < 0 || j >= list.length) return same;
    else if (op === "remove") {
      next = list.filter((_, k) => k !== j);
      focusAt = next.length ? Math.min(j, next.length - 1) : null;
      message = `${what} ${j + 1} removed from ${label(i)}.`;
    } else {
      const to = op === "up" ? j - 1 : j + 1;
      if (to < 0 || to >= list.length) return same;
      next = move(list, j, to);
      focusAt = to;
      message = `${what} moved to place ${to + 1} in ${label(i)}.`;
    }
    const updated = sections.map((x, k) => (k === i ? { ...x, [key]: next } : x));
    const focus = focusAt === null ? { section: i } : scope === "item" ? { section: i, item: focusAt } : { section: i, sub: focusAt };
    return { sections: updated, focus, message };
  }
  return same;
}

/** The editor's content at a moment: which mode, the sections (blocks) and the text (JSON). */
export type EditorContent = { mode: ContentMode; sections: FormSection[]; text: string };

/**
 * One step of the editor, the same in the browser and on the server: a
 * section, item or subsection action, or a switch of mode (`mode:json` shows
 * the sections as JSON; `mode:blocks` opens the JSON as sections when the
 * editor can hold it unchanged, and otherwise stays).
 */
export function editorStep(current: EditorContent, intent: string): EditorContent & { focus: EditorFocus | "json"; message: string } {
  if (intent === intents.mode(CONTENT_MODE.json)) {
    return { mode: CONTENT_MODE.json, sections: [], text: sectionsJson(current.sections), focus: "json", message: M.editingJson };
  }
  if (intent === intents.mode(CONTENT_MODE.blocks)) {
    const start = editorStart(current.text);
    return start.mode === "blocks"
      ? { mode: CONTENT_MODE.blocks, sections: start.sections, text: "", focus: null, message: M.editingBlocks }
      : { ...current, focus: "json", message: M.cannotUseBlocks };
  }
  const outcome = applyEditorIntent(current.sections, intent);
  return { mode: CONTENT_MODE.blocks, sections: outcome.sections, text: "", focus: outcome.focus, message: outcome.message };
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

// ------------------------------------------------------------ rules

const sectionText = z.string().overwrite(cleanMultiLine).trim().optional();
const lineText = z.string().overwrite(cleanSingleLine).trim().optional();

/** Media library addresses: /media/{sha-256}.{ext}. */
export const MEDIA_SRC = /^\/media\/[0-9a-f]{64}\.(?:jpg|png|webp|avif|gif)$/;

const formSectionSchema = z
  .object({
    type: z.enum(EDITABLE_TYPES, { error: M.unknownType }),
    text: sectionText,
    level: z.string().optional(),
    items: z.array(lineText).optional(),
    heading: lineText,
    content: sectionText,
    subsections: z.array(z.object({ subheading: lineText, content: sectionText }).optional()).optional(),
    src: z.string().trim().optional(),
    alt: lineText,
    caption: lineText,
    width: z.string().optional(),
    height: z.string().optional(),
  })
  .superRefine((f, ctx) => {
    const need = (key: string, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [key], message });
    };
    switch (f.type) {
      case "paragraph":
        need("text", !!f.text, M.paragraphText);
        break;
      case "heading":
        need("text", !!f.text, M.headingText);
        need("level", ["2", "3", "4", undefined].includes(f.level), M.headingLevel);
        break;
      case "list":
        if (!f.items?.length) need("items", false, M.listItems);
        f.items?.forEach((item, j) => {
          if (!item) ctx.addIssue({ code: "custom", path: ["items", j], message: M.listItemEmpty });
        });
        break;
      case "introduction":
      case "section":
      case "conclusion":
        need("content", !!f.content || !!f.subsections?.length, M.sectionContent);
        f.subsections?.forEach((sub, j) => {
          if (!sub?.content) ctx.addIssue({ code: "custom", path: ["subsections", j, "content"], message: M.subsectionContent });
        });
        break;
      case "cta":
        need("content", !!f.content, M.ctaContent);
        break;
      case "image":
        need("src", !!f.src && MEDIA_SRC.test(f.src), M.imageSrc);
        need("alt", !!f.alt, M.imageAlt);
        need("alt", (f.alt ?? "").length <= 300, M.tooLong("Alt text", 300));
        need("caption", (f.caption ?? "").length <= 300, M.tooLong("Caption", 300));
        break;
    }
  });

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The fields the editor adds to a resource's schema: `contentMode`, `content` (the JSON mode's text) and `sections`. */
export const contentEditorShape = {
  contentMode: z.enum([CONTENT_MODE.blocks, CONTENT_MODE.json]).optional(),
  content: z.string().overwrite(cleanMultiLine).optional(),
  sections: z.array(formSectionSchema).max(MAX_SECTIONS, M.tooManySections).optional(),
};
type EditorValues = { contentMode?: ContentMode; content?: string; sections?: z.output<typeof formSectionSchema>[] };
type Ctx = { addIssue(issue: { code: "custom"; path: PropertyKey[]; message: string }): void };

const toFormSections = (sections: EditorValues["sections"]) =>
  (sections ?? []).map((f) => ({ ...f, items: f.items?.map((i) => i ?? ""), subsections: f.subsections?.map((x) => x ?? {}) }));

/**
 * The content's rules, on the object (after `contentEditorShape`): in blocks
 * mode the sections are checked by type and the whole must fit 256 KB; in
 * JSON mode the text is checked as before (`mustBeJson`, the message: a blog
 * post's content must parse, and the error names the line and column;
 * otherwise text that is not JSON is stored as it is).
 */
export const contentRules =
  (opts: { mustBeJson?: string } = {}) =>
  (v: EditorValues, ctx: Ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["content"], message });
    if (v.contentMode === CONTENT_MODE.blocks) {
      // Content that must be JSON is a post's body: a post of no sections would show nothing.
      if (opts.mustBeJson && toFormSections(v.sections).length === 0) return issue(M.noSections);
      if (byteLength(sectionsJson(toFormSections(v.sections))) > MAX_CONTENT_BYTES) issue(M.tooLarge);
      return;
    }
    const text = (v.content ?? "").trim();
    if (byteLength(text) > MAX_CONTENT_BYTES) return issue(M.tooLarge);
    if (opts.mustBeJson) {
      if (!text) return issue(opts.mustBeJson);
      const problem = jsonProblem(text);
      if (problem) issue(`${opts.mustBeJson} (line ${problem.line}, column ${problem.column})`);
    }
  };

/** The value saved: the sections as the stored JSON in blocks mode, the typed text in JSON mode (trimmed; empty: none). */
export function storedContent<T extends EditorValues>(
  value: T,
): Omit<T, "contentMode" | "sections" | "content"> & { content: string | undefined } {
  const { contentMode, sections, content, ...rest } = value;
  return {
    ...rest,
    content:
      contentMode === CONTENT_MODE.blocks ? JSON.stringify(toFormSections(sections).map(fromFormSection)) : content?.trim() || undefined,
  };
}
