/**
 * The guide transformer: turns a Google Docs "export as HTML" document (modern
 * class-based or legacy inline-style exports) into safe, clean HTML for the
 * final-guide page, plus a table of contents.
 *
 * How it works: the runtime's HTMLRewriter is used only as a tolerant HTML
 * tokenizer. One pass builds a small tree (elements, raw text); the rest is
 * plain functions over that tree; the output is serialized by us. Nothing of
 * the input reaches the output unless this module emits it, so:
 * - only allow-listed tags and attributes come out, attribute values escaped;
 * - text is copied raw (entities as written) with `<` and `>` escaped, so text
 *   left around a removed element can never join into a tag (`<<script>…`);
 * - a tag cut off at the end of a truncated document never fires a handler,
 *   so it is simply absent, and elements still open at the end are closed.
 *
 * Decisions (see transformGuide):
 * - Levels: every heading is shifted so that the document's top level becomes
 *   h2 (Google's h1 → h2, h2 → h3, h3 → h4…, capped at h6). When a document
 *   has no h1 its highest level is used as the top (a doc of h2/h3 is left as
 *   is). The TOC is built from the resulting h2, h3 and h4.
 * - Title: the paragraph with Google's "title" paragraph style (`p.title`) is
 *   returned as `title` and removed from the body (the page renders it as its
 *   own h1); failing that the `<title>` of the head; otherwise null.
 * - Comments (`#cmnt` references and the comment threads at the end) are
 *   dropped; footnotes and bookmarks keep working links.
 * - `directoryHtml` is trusted and inserted verbatim before the last h2; it is
 *   not parsed, so its own headings never appear in the TOC.
 */
import { slugify, uniqueSlug } from "~/lib/slug";

export interface TocNode {
  id: string;
  text: string;
  level: 2 | 3 | 4;
  children: TocNode[];
}

export interface TransformedGuide {
  html: string;
  toc: TocNode[];
  title: string | null;
}

/* ------------------------------------------------------------------------ */
/* Tree                                                                     */
/* ------------------------------------------------------------------------ */

interface ElementNode {
  kind: "element";
  tag: string;
  attrs: Map<string, string>;
  children: GuideNode[];
}
/** Text as written in the source: entities still encoded, never a tag. */
interface TextNode {
  kind: "text";
  raw: string;
}
/** Trusted HTML emitted verbatim (the directory). */
interface RawNode {
  kind: "raw";
  html: string;
}
type GuideNode = ElementNode | TextNode | RawNode;

function el(tag: string, attrs: Map<string, string> = new Map(), children: GuideNode[] = []): ElementNode {
  return { kind: "element", tag, attrs, children };
}

function isElement(node: GuideNode | undefined, ...tags: string[]): node is ElementNode {
  return node?.kind === "element" && (tags.length === 0 || tags.includes(node.tag));
}

/** Every element under `nodes` (depth first, document order) that passes `test`. */
function findAll(nodes: GuideNode[], test: (node: ElementNode) => boolean, found: ElementNode[] = []): ElementNode[] {
  for (const node of nodes) {
    if (node.kind !== "element") continue;
    if (test(node)) found.push(node);
    findAll(node.children, test, found);
  }
  return found;
}

/** Decoded text content, whitespace collapsed. */
function textOf(nodes: GuideNode[]): string {
  const parts: string[] = [];
  const collect = (list: GuideNode[]) => {
    for (const node of list) {
      if (node.kind === "text") parts.push(node.raw);
      else if (node.kind === "element") collect(node.children);
    }
  };
  collect(nodes);
  return decodeEntities(parts.join("")).replace(/\s+/g, " ").trim();
}

/** Whether anything would be seen: non-blank text or an image. */
function hasVisibleContent(nodes: GuideNode[]): boolean {
  return textOf(nodes) !== "" || findAll(nodes, (node) => node.tag === "img").length > 0;
}

/* ------------------------------------------------------------------------ */
/* Parsing                                                                  */
/* ------------------------------------------------------------------------ */

/** Elements nested deeper than this lose their tag (their content is kept in
 *  the deepest ancestor), so the recursive steps below can't overflow the
 *  stack on hostile input. Real documents are a few dozen levels deep. */
const MAX_DEPTH = 200;
/** Elements without end tag or content. */
const VOID_HTML = new Set("area base br col embed hr img input link meta param source track wbr".split(" "));

/**
 * The document as a tree, following HTMLRewriter's view of nesting (an element
 * ends at its end tag or at an enclosing element's end tag). Attribute values
 * are decoded; text stays raw. Comments and the doctype are left out.
 */
async function parse(raw: string): Promise<ElementNode> {
  const root = el("#root");
  const stack: ElementNode[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  const rewriter = new HTMLRewriter()
    .on("*", {
      element(element) {
        if (stack.length > MAX_DEPTH) return;
        const attrs = new Map<string, string>();
        // The workers' Element (attribute pairs) is merged with the DOM lib's here; it's the former at runtime.
        for (const [name, value] of element.attributes as unknown as Iterable<string[]>) {
          if (name !== undefined) attrs.set(name.toLowerCase(), decodeEntities(value ?? ""));
        }
        const node = el(element.tagName.toLowerCase(), attrs);
        current().children.push(node);
        if (VOID_HTML.has(node.tag)) return;
        try {
          element.onEndTag(() => {
            const at = stack.lastIndexOf(node);
            if (at > 0) stack.length = at;
          });
          stack.push(node);
        } catch {
          // Another element without an end tag (a self-closing one in SVG…).
        }
      },
    })
    .onDocument({
      text(chunk) {
        if (!chunk.text) return;
        const parent = current();
        const last = parent.children[parent.children.length - 1];
        if (last?.kind === "text") last.raw += chunk.text;
        else parent.children.push({ kind: "text", raw: chunk.text });
      },
    });
  try {
    await rewriter.transform(new Response(raw.replace(/^\uFEFF/, ""))).arrayBuffer();
  } catch {
    // The rewriter gave up part-way (e.g. a parsing ambiguity): keep what was read.
  }
  return root;
}

/* ------------------------------------------------------------------------ */
/* Entities and escaping                                                    */
/* ------------------------------------------------------------------------ */

/** ISO-8859-1 names for U+00A0…U+00FF, in code point order. */
const LATIN1_ENTITIES =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute " +
  "micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig " +
  "Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash " +
  "Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc " +
  "euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml " +
  "yacute thorn yuml";

/** The named entities a document is likely to use; others are left as written. */
const NAMED_ENTITIES = new Map<string, string>([
  ...LATIN1_ENTITIES.split(" ").map((name, i): [string, string] => [name, String.fromCharCode(0xa0 + i)]),
  ...Object.entries({
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    ndash: "\u2013",
    mdash: "\u2014",
    lsquo: "\u2018",
    rsquo: "\u2019",
    sbquo: "\u201a",
    ldquo: "\u201c",
    rdquo: "\u201d",
    bdquo: "\u201e",
    hellip: "\u2026",
    bull: "\u2022",
    trade: "\u2122",
    euro: "\u20ac",
    dagger: "\u2020",
    Dagger: "\u2021",
    permil: "\u2030",
    lsaquo: "\u2039",
    rsaquo: "\u203a",
    ensp: "\u2002",
    emsp: "\u2003",
    thinsp: "\u2009",
    zwnj: "\u200c",
    zwj: "\u200d",
    lrm: "\u200e",
    rlm: "\u200f",
    larr: "\u2190",
    rarr: "\u2192",
    uarr: "\u2191",
    darr: "\u2193",
    harr: "\u2194",
    minus: "\u2212",
    prime: "\u2032",
    Prime: "\u2033",
    OElig: "\u0152",
    oelig: "\u0153",
    Scaron: "\u0160",
    scaron: "\u0161",
    Yuml: "\u0178",
    fnof: "\u0192",
    circ: "\u02c6",
    tilde: "\u02dc",
    colon: ":",
    Tab: "\t",
    NewLine: "\n",
  }),
]);

/** Decodes numeric references (`;` optional, as browsers do) and the named ones above. */
function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(
    /&(?:#(\d{1,8});?|#[xX]([0-9a-fA-F]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});)/g,
    (match, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES.get(name) ?? match;
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : "\uFFFD";
    },
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/* ------------------------------------------------------------------------ */
/* Styles                                                                   */
/* ------------------------------------------------------------------------ */

type Declarations = Map<string, string>;

/** `a: b; c: d` → Map, property names and values lower-cased. */
function parseDeclarations(css: string): Declarations {
  const declarations: Declarations = new Map();
  for (const part of css.split(";")) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .replace(/!important/i, "")
      .trim()
      .toLowerCase();
    if (property) declarations.set(property, value);
  }
  return declarations;
}

/** The declarations of single-class rules (`.c5{font-weight:700}`) of every `<style>`. */
function collectClassStyles(root: ElementNode): Map<string, Declarations> {
  const css = findAll(root.children, (node) => node.tag === "style")
    .map((style) => style.children.map((child) => (child.kind === "text" ? child.raw : "")).join(""))
    .join("\n")
    .replace(/\/\*[\s\S]*?\*\//g, "");
  const byClass = new Map<string, Declarations>();
  for (const [, selectors = "", body = ""] of css.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    for (const selector of selectors.split(",")) {
      const name = /^\s*\.([\w-]+)\s*$/.exec(selector)?.[1];
      if (!name) continue;
      const merged = byClass.get(name) ?? new Map();
      for (const [property, value] of parseDeclarations(body)) merged.set(property, value);
      byClass.set(name, merged);
    }
  }
  return byClass;
}

function classesOf(node: ElementNode): string[] {
  return (node.attrs.get("class") ?? "").split(/\s+/).filter(Boolean);
}

/** Class rules, then the inline style on top. */
function effectiveStyle(node: ElementNode, classStyles: Map<string, Declarations>): Declarations {
  const style: Declarations = new Map();
  for (const name of classesOf(node)) for (const [p, v] of classStyles.get(name) ?? []) style.set(p, v);
  for (const [p, v] of parseDeclarations(node.attrs.get("style") ?? "")) style.set(p, v);
  return style;
}

/** Inline formatting tags, outermost first. */
const FORMAT_ORDER = ["strong", "em", "u", "s", "sup", "sub"] as const;
type Format = (typeof FORMAT_ORDER)[number];

/**
 * The formatting an element stands for: the tag's own meaning (`implied`),
 * amended by its style. Google exports express bold/italic/… only as styles
 * on spans (`font-weight:700`), legacy exports inline, modern ones in classes.
 * The underline of a span around a link is the link's look, not emphasis.
 */
function formatsOf(node: ElementNode, classStyles: Map<string, Declarations>, implied: Format[], useStyle: boolean): Format[] {
  const formats = new Set<Format>(implied);
  if (useStyle) {
    const style = effectiveStyle(node, classStyles);
    const weight = style.get("font-weight") ?? "";
    if (/^bold(er)?$/.test(weight) || Number(weight) >= 600) formats.add("strong");
    else if (/^(normal|lighter|\d+)$/.test(weight)) formats.delete("strong"); // Google's `<b style="font-weight:normal">`
    const fontStyle = style.get("font-style");
    if (fontStyle?.startsWith("italic") || fontStyle?.startsWith("oblique")) formats.add("em");
    else if (fontStyle === "normal") formats.delete("em");
    const decoration = `${style.get("text-decoration") ?? ""} ${style.get("text-decoration-line") ?? ""}`;
    const wrapsLink = findAll(node.children, (child) => child.tag === "a" && child.attrs.has("href")).length > 0;
    if (decoration.includes("underline") && !wrapsLink) formats.add("u");
    if (decoration.includes("line-through")) formats.add("s");
    const align = style.get("vertical-align");
    if (align === "super") formats.add("sup");
    if (align === "sub") formats.add("sub");
  }
  return FORMAT_ORDER.filter((format) => formats.has(format));
}

/** `children` inside the format tags (nothing to wrap if they show nothing). */
function wrapFormats(formats: Format[], children: GuideNode[]): GuideNode[] {
  if (!hasVisibleContent(children)) return children;
  return formats.reduceRight<GuideNode[]>((inner, format) => [el(format, new Map(), inner)], children);
}

/* ------------------------------------------------------------------------ */
/* Pre-processing on the source tree                                         */
/* ------------------------------------------------------------------------ */

/** Removes the first element passing `test` and returns it. */
function removeFirst(parent: ElementNode, test: (node: ElementNode) => boolean): ElementNode | null {
  for (const [i, child] of parent.children.entries()) {
    if (child.kind !== "element") continue;
    if (test(child)) {
      parent.children.splice(i, 1);
      return child;
    }
    const found = removeFirst(child, test);
    if (found) return found;
  }
  return null;
}

/** Takes the Title-styled paragraph out of the body; else reads `<title>`. */
function extractTitle(root: ElementNode, body: ElementNode): string | null {
  const paragraph = removeFirst(body, (node) => node.tag === "p" && classesOf(node).includes("title"));
  const fromParagraph = paragraph ? textOf(paragraph.children) : "";
  if (fromParagraph) return fromParagraph;
  const head = findAll(root.children, (node) => node.tag === "title")[0];
  const fromHead = head ? textOf(head.children).replace(/\s+-\s+Google Docs$/, "") : "";
  return fromHead || null;
}

/** Google's list nesting level, from its `lst-kix_<id>-<level>` class. */
function listLevel(node: GuideNode): number | null {
  if (!isElement(node, "ul", "ol")) return null;
  for (const name of classesOf(node)) {
    const level = /^lst-kix_\w+-(\d+)$/.exec(name)?.[1];
    if (level !== undefined) return Number(level);
  }
  return null;
}

/**
 * Google exports a nested list as consecutive flat lists, the depth living
 * only in a class (`lst-kix_abc-0`, `lst-kix_abc-1`…) and the margins of the
 * style block, both of which we drop. Rebuild real nesting: a list deeper than
 * the one before it moves into that list's last item.
 */
function nestFlatLists(parent: ElementNode): void {
  for (const child of parent.children) if (child.kind === "element") nestFlatLists(child);
  const kept: GuideNode[] = [];
  let open: { level: number; list: ElementNode }[] = [];
  for (const child of parent.children) {
    const level = listLevel(child);
    if (level === null || !isElement(child)) {
      // Whitespace between two lists doesn't end the run.
      if (!(child.kind === "text" && child.raw.trim() === "")) open = [];
      kept.push(child);
      continue;
    }
    while ((open[open.length - 1]?.level ?? -1) >= level) open.pop();
    const host = open[open.length - 1]?.list.children.filter((item) => isElement(item, "li")).pop();
    if (isElement(host)) host.children.push(child);
    else {
      open = [];
      kept.push(child);
    }
    open.push({ level, list: child });
  }
  parent.children = kept;
}

/**
 * Google exports pinned header rows as `<thead>` but then misplaces the
 * `<tbody>` inside the last header row (`<thead><tr>…<tbody></tbody></tr>
 * <tr>…`), so every row sits in the thead. A browser reads the stray tbody as
 * the end of the thead; do the same, and make the header cells `th`.
 */
function repairTables(root: ElementNode): void {
  for (const table of findAll(root.children, (node) => node.tag === "table")) {
    const sections: GuideNode[] = [];
    for (const child of table.children) {
      sections.push(child);
      if (!isElement(child, ...TABLE_SECTIONS)) continue;
      const split = child.children.findIndex(
        (row) => isElement(row, "tr") && row.children.some((cell) => isElement(cell, ...TABLE_SECTIONS)),
      );
      const row = child.children[split];
      if (!isElement(row)) continue;
      const stray = row.children.filter((cell): cell is ElementNode => isElement(cell, ...TABLE_SECTIONS));
      row.children = row.children.filter((cell) => !isElement(cell, ...TABLE_SECTIONS));
      const rest = [...stray.flatMap((section) => section.children), ...child.children.splice(split + 1)];
      if (rest.some((node) => isElement(node, "tr"))) sections.push(el("tbody", new Map(), rest));
    }
    table.children = sections;
    for (const head of sections.filter((node) => isElement(node, "thead"))) {
      for (const row of head.children) {
        if (!isElement(row, "tr")) continue;
        for (const cell of row.children) if (isElement(cell, "td")) cell.tag = "th";
      }
    }
  }
}

/* ------------------------------------------------------------------------ */
/* Cleaning: the allow-list                                                 */
/* ------------------------------------------------------------------------ */

/** Removed with everything inside. Raw-text elements (script, style, xmp…)
 *  must be here: unwrapping them would turn their text into markup. */
const DROP = new Set(
  (
    "head title meta link base style script noscript template iframe frame frameset noframes object embed applet " +
    "param form input button select option textarea label fieldset xmp plaintext noembed svg math canvas audio " +
    "video source track map area colgroup col dialog"
  ).split(" "),
);

/** Kept as they are, without attributes (except the few handled below). */
const KEEP = new Set("p br hr ul ol li dl dt dd table caption thead tbody tfoot tr td th blockquote pre code".split(" "));
const VOID = new Set(["br", "hr", "img"]);
const TABLE_SECTIONS = ["thead", "tbody", "tfoot"];
/** Containers that mean nothing without child elements. */
const STRUCTURAL = new Set(["ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "tr"]);

const HEADING = /^h[1-6]$/;

/** Google comment markers: `<a href="#cmnt1" id="cmnt_ref1">` and `<a href="#cmnt_ref1" id="cmnt1">`. */
function isCommentAnchor(node: ElementNode): boolean {
  const target = `${node.attrs.get("href") ?? ""} #${node.attrs.get("id") ?? ""}`;
  return node.tag === "a" && /#cmnt(_ref)?\d+\b/.test(target);
}

interface CleanContext {
  classStyles: Map<string, Declarations>;
  inHeading: boolean;
}

function clean(nodes: GuideNode[], ctx: CleanContext): GuideNode[] {
  // Dropped elements leave their neighbouring texts adjacent: join them, and
  // shrink the indentation left between blocks to a line break.
  const cleaned: GuideNode[] = [];
  for (const node of nodes.flatMap((child) => cleanNode(child, ctx))) {
    const last = cleaned[cleaned.length - 1];
    if (node.kind === "text" && last?.kind === "text") last.raw += node.raw;
    else cleaned.push(node.kind === "text" ? { ...node } : node);
  }
  for (const node of cleaned) {
    if (node.kind === "text" && /^\s*\n\s*$/.test(node.raw)) node.raw = "\n";
  }
  return cleaned;
}

function cleanNode(node: GuideNode, ctx: CleanContext): GuideNode[] {
  if (node.kind !== "element") return [node];
  const { tag } = node;
  if (DROP.has(tag) || isCommentAnchor(node)) return [];
  // A comment thread at the end of the document: a div around the comment's anchor.
  if (tag === "div" && findAll(node.children, isCommentAnchor).length > 0) return [];

  if (HEADING.test(tag)) return cleanHeading(node, ctx);

  const children = () => clean(node.children, ctx);
  const formats = (implied: Format[]) => formatsOf(node, ctx.classStyles, implied, !ctx.inHeading);
  switch (tag) {
    case "span":
    case "font":
      return wrapFormats(formats([]), children());
    case "b":
    case "strong":
      return wrapFormats(formats(["strong"]), children());
    case "i":
    case "em":
    case "cite":
    case "dfn":
      return wrapFormats(formats(["em"]), children());
    case "u":
    case "ins":
      return wrapFormats(formats(["u"]), children());
    case "s":
    case "strike":
    case "del":
      return wrapFormats(formats(["s"]), children());
    case "sup":
    case "sub":
      return wrapFormats(formats([tag]), children());
    case "a":
      return [cleanAnchor(node, children())];
    case "img":
      return cleanImage(node);
    case "p":
    case "li": {
      // Paragraph styles can carry formatting too (a checked checklist item is struck through).
      const inner = wrapFormats(formats([]), children());
      if (tag === "p" && !hasVisibleContent(inner)) return []; // Google's spacer paragraphs
      return [el(tag, new Map(), inner)];
    }
    default: {
      if (!KEEP.has(tag)) return children(); // html, body, div, section, unknown tags: unwrap
      const kept = el(tag, keptAttributes(node), VOID.has(tag) ? [] : children());
      if (STRUCTURAL.has(tag) && !kept.children.some((child) => isElement(child))) return [];
      return [kept];
    }
  }
}

/** The attributes worth keeping on the plain allow-listed tags. */
function keptAttributes(node: ElementNode): Map<string, string> {
  const attrs = new Map<string, string>();
  const count = (name: string, min: number) => {
    const value = node.attrs.get(name)?.trim() ?? "";
    if (/^\d{1,4}$/.test(value) && Number(value) >= min) attrs.set(name, String(Number(value)));
  };
  if (node.tag === "ol") count("start", 2); // a numbered list continued after an interruption
  if (node.tag === "td" || node.tag === "th") {
    count("colspan", 2);
    count("rowspan", 2);
  }
  return attrs;
}

/** Keeps the heading's source id (or an anchor's inside it) for link rewriting;
 *  the level and final id are settled once all headings are known. */
function cleanHeading(node: ElementNode, ctx: CleanContext): GuideNode[] {
  const children = clean(node.children, { ...ctx, inHeading: true });
  if (textOf(children) === "") {
    // An empty heading (Google leaves `<h2><span></span></h2>` behind) is dropped; an image-only one becomes a paragraph.
    return hasVisibleContent(children) ? [el("p", new Map(), children)] : [];
  }
  const attrs = new Map<string, string>();
  const sourceId = node.attrs.get("id") ?? node.attrs.get("name");
  if (sourceId) attrs.set("id", sourceId);
  return [el(node.tag, attrs, children)];
}

/** Provisional: the decoded href and the id (or legacy `name`) are settled by finishHeadingsAndLinks. */
function cleanAnchor(node: ElementNode, children: GuideNode[]): ElementNode {
  const attrs = new Map<string, string>();
  const href = node.attrs.get("href");
  const id = node.attrs.get("id") ?? node.attrs.get("name");
  if (href !== undefined) attrs.set("href", href);
  if (id) attrs.set("id", id);
  return el("a", attrs, children);
}

function cleanImage(node: ElementNode): GuideNode[] {
  const src = safeUrl(node.attrs.get("src") ?? "");
  if (!src || src.kind !== "web") return [];
  return [
    el(
      "img",
      new Map([
        ["src", src.href],
        ["alt", (node.attrs.get("alt") ?? "").trim()],
        ["loading", "lazy"],
      ]),
    ),
  ];
}

/* ------------------------------------------------------------------------ */
/* URLs                                                                     */
/* ------------------------------------------------------------------------ */

type SafeUrl = { kind: "web"; href: string } | { kind: "mailto"; href: string } | { kind: "fragment"; id: string };

/**
 * Only http(s), mailto and `#fragment` survive. The value is normalized the
 * way browsers read it first (tabs and newlines removed, control characters
 * and spaces trimmed), so ` JaVa&#x09;script:` tricks fall to the allow-list.
 * Google's redirects (`https://www.google.com/url?q=TARGET&sa=…`) are
 * unwrapped to their target, which must pass the same checks.
 */
function safeUrl(value: string, depth = 0): SafeUrl | null {
  const url = value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (url.startsWith("#")) return { kind: "fragment", id: url.slice(1) };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "mailto") return { kind: "mailto", href: url };
  if (scheme !== "http" && scheme !== "https") return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (/^(www\.)?google\.[a-z.]+$/.test(parsed.hostname) && parsed.pathname === "/url") {
    const target = parsed.searchParams.get("q") ?? parsed.searchParams.get("url");
    return target && depth < 3 ? safeUrl(target, depth + 1) : null;
  }
  return { kind: "web", href: parsed.href };
}

/** The heading or bookmark id a link names: `#h.x`, `#heading=h.x`, or a Docs URL ending so. */
function linkedId(url: SafeUrl): string | null {
  if (url.kind === "fragment") {
    let id = url.id;
    try {
      id = decodeURIComponent(id);
    } catch {
      // Not percent-encoded: use as is.
    }
    return id.replace(/^(heading|bookmark)=/, "");
  }
  if (url.kind === "web" && url.href.startsWith("https://docs.google.com/document/")) {
    return /#(?:heading|bookmark)=([\w.-]+)$/.exec(url.href)?.[1] ?? null;
  }
  return null;
}

/* ------------------------------------------------------------------------ */
/* Headings, ids and links                                                  */
/* ------------------------------------------------------------------------ */

interface Heading {
  node: ElementNode;
  level: number;
  text: string;
}

/** Ids an internal link may point at and that we may keep: Google's `id.x`, `ftnt1`… */
const SAFE_ANCHOR_ID = /^[A-Za-z][\w.:-]{0,127}$/;

/**
 * Shifts heading levels (top level → h2), gives every heading a unique slug
 * id, rewrites internal links to those ids, keeps the ids of bookmarks and
 * footnotes that are linked to, and finishes external links. Returns the
 * headings in document order.
 */
function finishHeadingsAndLinks(content: GuideNode[], reservedIds: Iterable<string>): Heading[] {
  const headingNodes = findAll(content, (node) => HEADING.test(node.tag));
  const anchors = findAll(content, (node) => node.tag === "a");
  const urls = new Map(anchors.map((a) => [a, safeUrl(a.attrs.get("href") ?? "")]));

  // Which ids the document links to, and which of those are bookmarks (not headings).
  const linked = new Set<string>();
  for (const url of urls.values()) {
    const id = url && linkedId(url);
    if (id) linked.add(id);
  }
  // A heading is linked to by its own id or, in older exports, an anchor inside it.
  const sourceIds = headingNodes.map((heading) =>
    [heading.attrs.get("id"), ...findAll(heading.children, (n) => n.tag === "a").map((a) => a.attrs.get("id"))].filter((id): id is string =>
      Boolean(id),
    ),
  );
  const headingSourceIds = new Set(sourceIds.flat());
  const keptAnchorIds = new Set<string>();
  for (const anchor of anchors) {
    const id = anchor.attrs.get("id");
    anchor.attrs.delete("id");
    if (id && linked.has(id) && !headingSourceIds.has(id) && SAFE_ANCHOR_ID.test(id)) {
      anchor.attrs.set("id", id);
      keptAnchorIds.add(id);
    }
  }

  // Levels: the shallowest level present becomes h2.
  const levels = headingNodes.map((node) => Number(node.tag.slice(1)));
  const shift = levels.length > 0 ? 2 - Math.min(...levels) : 0;
  // Ids the page around the guide already uses (and kept bookmarks) are never given to a heading.
  const taken = new Set([...keptAnchorIds, ...reservedIds]);
  const idBySource = new Map<string, string>();
  const headings = headingNodes.map((node, i): Heading => {
    const level = Math.min(6, (levels[i] ?? 2) + shift);
    const text = textOf(node.children);
    const base = /[a-z0-9]/i.test(text.normalize("NFKD")) ? slugify(text) : "section";
    const id = uniqueSlug(base, taken);
    taken.add(id);
    for (const source of sourceIds[i] ?? []) if (!idBySource.has(source)) idBySource.set(source, id);
    node.tag = `h${level}`;
    node.attrs = new Map([["id", id]]);
    return { node, level, text };
  });

  for (const [anchor, url] of urls) {
    const attrs = new Map<string, string>();
    const target = url && linkedId(url);
    const internal = target ? (idBySource.get(target) ?? (keptAnchorIds.has(target) ? target : null)) : null;
    if (internal) attrs.set("href", `#${internal}`);
    else if (url?.kind === "web") {
      attrs.set("href", url.href);
      attrs.set("rel", "noopener noreferrer");
      attrs.set("target", "_blank");
    } else if (url?.kind === "mailto") attrs.set("href", url.href);
    const id = anchor.attrs.get("id");
    if (id) attrs.set("id", id);
    anchor.attrs = attrs;
  }
  return headings;
}

/** A heading inside a table cell is cell text, not a section: it becomes a bold paragraph. */
function flattenHeadingsInTables(nodes: GuideNode[]): void {
  for (const table of findAll(nodes, (node) => node.tag === "table")) {
    for (const heading of findAll(table.children, (node) => HEADING.test(node.tag))) {
      heading.children = [el("strong", new Map(), heading.children)];
      heading.tag = "p";
      heading.attrs = new Map();
    }
  }
}

/** Anchors left with neither href nor id are just their content. */
function unwrapBareAnchors(nodes: GuideNode[]): GuideNode[] {
  return nodes.flatMap((node) => {
    if (node.kind !== "element") return [node];
    node.children = unwrapBareAnchors(node.children);
    return node.tag === "a" && node.attrs.size === 0 ? node.children : [node];
  });
}

/** Nests h3 under the h2 before it and h4 under the h3 (or h2) before it. */
function buildToc(headings: Heading[]): TocNode[] {
  const toc: TocNode[] = [];
  const open: TocNode[] = [];
  for (const { node, level, text } of headings) {
    if (level !== 2 && level !== 3 && level !== 4) continue;
    const entry: TocNode = { id: node.attrs.get("id") ?? "", text, level, children: [] };
    while ((open[open.length - 1]?.level ?? 0) >= level) open.pop();
    (open[open.length - 1]?.children ?? toc).push(entry);
    open.push(entry);
  }
  return toc;
}

/** Where the last h2 is: its sibling list and index. */
function lastH2(nodes: GuideNode[]): { siblings: GuideNode[]; index: number } | null {
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index];
    if (node?.kind !== "element") continue;
    const inside = lastH2(node.children);
    if (inside) return inside;
    if (node.tag === "h2") return { siblings: nodes, index };
  }
  return null;
}

/** Puts `html` right before the last h2, or at the end when there is none. */
function insertBeforeLastH2(content: GuideNode[], html: string): void {
  const raw: RawNode = { kind: "raw", html };
  const spot = lastH2(content);
  if (spot) spot.siblings.splice(spot.index, 0, raw);
  else content.push(raw);
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */
/* ------------------------------------------------------------------------ */

function serialize(nodes: GuideNode[]): string {
  let html = "";
  for (const node of nodes) {
    if (node.kind === "raw") html += node.html;
    else if (node.kind === "text") html += node.raw.replace(/</g, "&lt;").replace(/>/g, "&gt;");
    else {
      let attrs = "";
      for (const [name, value] of node.attrs) attrs += ` ${name}="${escapeAttribute(value)}"`;
      // Tables scroll sideways in a wrapper of their own (the table keeps its table semantics).
      if (node.tag === "table") html += `<div class="guide-table">`;
      html += `<${node.tag}${attrs}>`;
      if (!VOID.has(node.tag)) html += `${serialize(node.children)}</${node.tag}>`;
      if (node.tag === "table") html += `</div>`;
    }
  }
  return html;
}

/* ------------------------------------------------------------------------ */
/* Entry point                                                              */
/* ------------------------------------------------------------------------ */

/**
 * Raw Google Docs export → body HTML, TOC and title (see the module comment).
 * Never throws: malformed or truncated input gives a best-effort result; if
 * something unexpected still fails, the result is just the directory with an
 * empty TOC, so a caller can fall back to its own guide when `toc` is empty.
 */
export async function transformGuide(
  raw: string,
  options: { directoryHtml: string; /** ids the surrounding page uses */ reservedIds?: Iterable<string> },
): Promise<TransformedGuide> {
  try {
    const root = await parse(String(raw ?? ""));
    const body = findAll(root.children, (node) => node.tag === "body")[0] ?? root;
    const title = extractTitle(root, body);
    const classStyles = collectClassStyles(root);
    nestFlatLists(body);
    repairTables(body);

    let content = clean(body.children, { classStyles, inHeading: false });
    flattenHeadingsInTables(content);
    const headings = finishHeadingsAndLinks(content, options.reservedIds ?? []);
    content = unwrapBareAnchors(content);
    insertBeforeLastH2(content, options.directoryHtml);
    return { html: serialize(content).trim(), toc: buildToc(headings), title };
  } catch {
    return { html: options.directoryHtml, toc: [], title: null };
  }
}
