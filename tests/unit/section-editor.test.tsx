/**
 * The section editor: every section type goes into the rendered form and back
 * to the same JSON; the actions; content the editor cannot hold opens as JSON;
 * the limits and each type's required fields, with the same schema the
 * browser and the action use.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EDITOR_MESSAGES as M } from "~/features/content/editor/editor.messages";
import { editorStateOf } from "~/features/content/editor/form-values";
import { applyEditorIntent, editorStep, intents } from "~/features/content/editor/intents";
import { editorStart, MAX_SECTIONS, type FormSection, type StoredSection } from "~/features/content/editor/model";
import { SectionEditor } from "~/features/content/editor/SectionEditor";
import { blogSchema } from "~/features/blog/blog.resource";
import { pageSchema } from "~/features/content/resources";

const IMAGE = `/media/${"ab".repeat(32)}.png`;

/** One of every section type, in the stored (spec) shape, with markup and optional keys both present and absent. */
const EVERY_TYPE: StoredSection[] = [
  { type: "introduction", heading: "Why it matters", content: "A **bold** claim and a [link](/contact).\n- a bullet\n- another" },
  { type: "paragraph", text: "Plain text with <script>alert(1)</script> kept as text." },
  { type: "heading", text: "A heading", level: 2 },
  { type: "heading", text: "A smaller heading", level: 4 },
  { type: "list", items: ["One", "Two **bold**", "Three"] },
  {
    type: "section",
    heading: "Details",
    content: "Text",
    subsections: [{ subheading: "Part one", content: "First" }, { content: "No subheading" }],
  },
  { type: "section", heading: "Only subsections", subsections: [{ subheading: "S", content: "T" }] },
  { type: "conclusion", content: "In short." },
  { type: "cta", content: "Ready? [Book a call](/call-booking)" },
  { type: "image", src: IMAGE, alt: "A chart of installs", caption: "Installs per week", width: 1200, height: 630 },
  { type: "image", src: IMAGE, alt: "No caption", width: 3, height: 2 },
];

const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decode(m[1]!) : null;
};

/** What a browser would send for a rendered form: inputs, textareas and selects with a name, in document order. */
function formDataOf(html: string): FormData {
  const form = new FormData();
  const control = /<input\b[^>]*>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g;
  for (const m of html.matchAll(control)) {
    const tag = m[0];
    if (tag.startsWith("<input")) {
      const name = attr(tag, "name");
      const type = attr(tag, "type") ?? "text";
      if (!name || ["submit", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked=""/.test(tag)) continue;
      form.append(name, attr(tag, "value") ?? (type === "checkbox" ? "on" : ""));
    } else if (tag.startsWith("<textarea")) {
      const name = attr(`<x${m[1]}>`, "name");
      if (name) form.append(name, decode(m[2]!).replace(/^\n/, ""));
    } else {
      const name = attr(`<x${m[3]}>`, "name");
      const options = [...m[4]!.matchAll(/<option\b([^>]*)>/g)];
      const chosen = options.find((o) => /\sselected=""/.test(o[1]!)) ?? options[0];
      if (name && chosen) form.append(name, attr(`<x${chosen[1]}>`, "value") ?? "");
    }
  }
  return form;
}

const renderEditor = (stored: string) =>
  renderToStaticMarkup(<SectionEditor formId="f" contentId="f-content" errors={() => undefined} initial={editorStateOf(stored)} />);

/** The page form's other fields, valid. */
function pageForm(editorHtml: string) {
  const form = formDataOf(editorHtml);
  form.set("title", "T");
  form.set("slug", "t");
  return form;
}

describe("the section editor's form", () => {
  it("turns every section type into the form and back into the same JSON", () => {
    const stored = JSON.stringify(EVERY_TYPE, null, 2);
    const html = renderEditor(stored);
    expect(html).toContain('name="contentMode" value="blocks"');
    expect(html).toContain('name="sections[9].alt"');
    const submission = parseWithZod(pageForm(html), { schema: pageSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(JSON.parse(submission.value.content!)).toEqual(EVERY_TYPE);
  });

  it("gives a blog post the same JSON (its content must be JSON)", () => {
    const form = formDataOf(renderEditor(JSON.stringify(EVERY_TYPE)));
    form.set("title", "T");
    form.set("category", "marketing");
    const submission = parseWithZod(form, { schema: blogSchema });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(JSON.parse(submission.value.content!)).toEqual(EVERY_TYPE);
  });

  it("opens content in an older or unknown shape as JSON with a note, unchanged", () => {
    for (const stored of [
      '{ "sections": [{ "heading": "Old", "paragraphs": ["P"] }] }',
      '[{ "type": "video", "url": "x" }]',
      '[{ "type": "paragraph", "text": "x", "extra": true }]',
      '[{ "type": "heading", "text": "x", "level": "2" }]',
      '[{ "type": "list", "items": ["a", 2] }]',
    ]) {
      const start = editorStart(stored);
      expect(start).toEqual({ mode: "json", text: stored, note: M.openedAsJsonShape });
      const form = formDataOf(renderEditor(stored));
      expect(form.get("contentMode")).toBe("json");
      form.set("title", "T");
      form.set("slug", "t");
      const submission = parseWithZod(form, { schema: pageSchema });
      expect(submission.status === "success" && submission.value.content).toBe(stored);
    }
    // A heading without a level is the spec's level 2: it opens as sections.
    expect(editorStart('[{ "type": "heading", "text": "x" }]')).toEqual({
      mode: "blocks",
      sections: [{ type: "heading", text: "x", level: "2" }],
    });
    expect(editorStart("Plain words")).toEqual({ mode: "json", text: "Plain words", note: M.openedAsJsonText });
    expect(editorStart("")).toEqual({ mode: "blocks", sections: [] });
  });
});

describe("the editor's actions", () => {
  const sections: FormSection[] = [
    { type: "paragraph", text: "A" },
    { type: "list", items: ["x", "y"] },
    { type: "section", heading: "S", content: "c", subsections: [{ subheading: "1", content: "one" }] },
  ];

  it("adds a section of a type after any section or at the end, and says so", () => {
    const after = applyEditorIntent(sections, intents.add("heading", 0));
    expect(after.sections.map((s) => s.type)).toEqual(["paragraph", "heading", "list", "section"]);
    expect(after.focus).toEqual({ section: 1 });
    expect(after.message).toBe("Heading added as section 2 of 4.");
    expect(applyEditorIntent(sections, intents.add("image", "end")).sections.at(-1)?.type).toBe("image");
  });

  it("moves and removes sections, keeping what was typed", () => {
    const down = applyEditorIntent(sections, intents.section("down", 0));
    expect(down.sections.map((s) => s.type)).toEqual(["list", "paragraph", "section"]);
    expect(down.sections[1]).toEqual({ type: "paragraph", text: "A" });
    expect(down.message).toBe("Paragraph moved to section 2 of 3.");
    expect(applyEditorIntent(sections, intents.section("up", 0)).sections).toBe(sections);
    const removed = applyEditorIntent(sections, intents.section("remove", 1));
    expect(removed.sections.map((s) => s.type)).toEqual(["paragraph", "section"]);
    expect(removed.message).toBe("List (section 2) removed. 2 sections left.");
  });

  it("adds, moves and removes list items and subsections", () => {
    expect(applyEditorIntent(sections, intents.item("up", 1, 1)).sections[1]!.items).toEqual(["y", "x"]);
    expect(applyEditorIntent(sections, intents.item("add", 1)).sections[1]!.items).toEqual(["x", "y", ""]);
    expect(applyEditorIntent(sections, intents.item("remove", 1, 0)).sections[1]!.items).toEqual(["y"]);
    const sub = applyEditorIntent(sections, intents.sub("add", 2));
    expect(sub.sections[2]!.subsections).toHaveLength(2);
    expect(sub.focus).toEqual({ section: 2, sub: 1 });
    expect(applyEditorIntent(sections, intents.sub("remove", 2, 0)).sections[2]!.subsections).toEqual([]);
  });

  it("switches to JSON and back without changing the content", () => {
    const json = editorStep({ mode: "blocks", sections, text: "" }, intents.mode("json"));
    expect(json.mode).toBe("json");
    const back = editorStep(json, intents.mode("blocks"));
    expect(back.mode).toBe("blocks");
    expect(back.sections).toEqual([
      { type: "paragraph", text: "A" },
      { type: "list", items: ["x", "y"] },
      { type: "section", heading: "S", content: "c", subsections: [{ subheading: "1", content: "one" }] },
    ]);
    const stays = editorStep({ mode: "json", sections: [], text: "not json" }, intents.mode("blocks"));
    expect(stays).toMatchObject({ mode: "json", text: "not json", message: M.cannotUseBlocks });
  });
});

describe("the editor's rules", () => {
  const errorsOf = (entries: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: "T", slug: "t", contentMode: "blocks", ...entries })) form.append(k, v);
    const submission = parseWithZod(form, { schema: pageSchema });
    return submission.status === "error" ? submission.error : null;
  };

  it("asks for the fields each type requires, under that field", () => {
    expect(errorsOf({ "sections[0].type": "paragraph", "sections[0].text": "" })).toEqual({ "sections[0].text": [M.paragraphText] });
    expect(errorsOf({ "sections[0].type": "heading" })).toEqual({ "sections[0].text": [M.headingText] });
    expect(errorsOf({ "sections[0].type": "list", "sections[0].items[0]": "a", "sections[0].items[1]": "" })).toEqual({
      "sections[0].items[1]": [M.listItemEmpty],
    });
    expect(errorsOf({ "sections[0].type": "cta" })).toEqual({ "sections[0].content": [M.ctaContent] });
    expect(errorsOf({ "sections[0].type": "section", "sections[0].heading": "H" })).toEqual({ "sections[0].content": [M.sectionContent] });
    expect(errorsOf({ "sections[0].type": "image", "sections[0].src": "https://evil.example/x.png" })).toEqual({
      "sections[0].src": [M.imageSrc],
      "sections[0].alt": [M.imageAlt],
    });
  });

  it("holds at most 200 sections and 256 KB", () => {
    const many: Record<string, string> = {};
    for (let i = 0; i <= MAX_SECTIONS; i++) Object.assign(many, { [`sections[${i}].type`]: "paragraph", [`sections[${i}].text`]: "x" });
    expect(errorsOf(many)).toEqual({ sections: [M.tooManySections] });
    const big = "x".repeat(60_000);
    const large: Record<string, string> = {};
    for (let i = 0; i < 5; i++) Object.assign(large, { [`sections[${i}].type`]: "paragraph", [`sections[${i}].text`]: big });
    expect(errorsOf(large)).toEqual({ content: [M.tooLarge] });
    expect(errorsOf({ contentMode: "json", content: "y".repeat(270_000) })).toEqual({ content: [M.tooLarge] });
  });

  it("keeps a blog post's JSON rule in JSON mode: the spec's message, then the line and column", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: "T", category: "marketing", contentMode: "json", content: '[\n  { "type": }\n]' }))
      form.append(k, v);
    const submission = parseWithZod(form, { schema: blogSchema });
    expect(submission.status === "error" && submission.error?.content).toEqual([
      "Content must be valid JSON",
      "The first problem is at line 2, column 13.",
    ]);
  });
});
