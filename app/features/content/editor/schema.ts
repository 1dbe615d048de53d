/**
 * The section editor's rules, shared by the browser and the action: each
 * section type's required fields, the limits, and the value saved.
 */
import { z } from "zod";
import { jsonProblem } from "~/lib/json";
import { cleanMultiLine, cleanSingleLine } from "~/lib/validation";
import { EDITOR_MESSAGES as M } from "./editor.messages";
import { CONTENT_MODE, EDITABLE_TYPES, fromFormSection, MAX_CONTENT_BYTES, MAX_SECTIONS, sectionsJson, type ContentMode } from "./model";

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
      // The spec's message, then where the first problem is (a second line under the field).
      if (problem) {
        issue(opts.mustBeJson);
        issue(`The first problem is at line ${problem.line}, column ${problem.column}.`);
      }
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
