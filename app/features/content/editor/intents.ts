/**
 * The section editor's actions, the same in the browser and on the server:
 * add, move and remove sections, list items and subsections, and switch
 * between sections and JSON.
 */
import { EDITOR_MESSAGES as M } from "./editor.messages";
import {
  CONTENT_MODE,
  editorStart,
  isEditableType,
  MAX_SECTIONS,
  sectionsJson,
  TYPE_LABELS,
  type ContentMode,
  type EditableType,
  type FormSection,
} from "./model";

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

/** The intent of an image section's Upload button: without JavaScript the server stores the file and chooses it. */
export const UPLOAD_INTENT_PREFIX = "image:upload:";
