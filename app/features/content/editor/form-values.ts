/**
 * The section editor's values in a form. Names follow conform's convention, so
 * the same schema parses them in the browser and in the action:
 * `sections[2].type`, `sections[2].items[0]`, `sections[2].subsections[1].content`.
 * `contentMode` says which half of the editor sent the content: `blocks` (the
 * sections) or `json` (the `content` textarea, "Edit as JSON").
 */
import { CONTENT_MODE, editorStart, isEditableType, MAX_SECTIONS, type ContentMode, type FormSection } from "./model";

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

export type EditorState = { mode: ContentMode; sections: FormSection[]; text: string; note: string | null };

/** The editor's state from stored content, or from a payload the server sent back (typed values kept). */
export function editorStateOf(stored: string, payload?: Record<string, unknown> | null): EditorState {
  if (payload && (payload.contentMode !== undefined || typeof payload.content === "string")) {
    // A form sent without a mode (a script, an older page) sent its content as text.
    const mode = payload.contentMode === CONTENT_MODE.blocks ? CONTENT_MODE.blocks : CONTENT_MODE.json;
    return {
      mode,
      sections: mode === CONTENT_MODE.blocks ? sectionsFromPayload(payload) : [],
      text: typeof payload.content === "string" ? payload.content : "",
      note: null,
    };
  }
  const start = editorStart(stored);
  return start.mode === "blocks"
    ? { mode: "blocks", sections: start.sections, text: "", note: null }
    : { mode: "json", sections: [], text: start.text, note: start.note };
}
