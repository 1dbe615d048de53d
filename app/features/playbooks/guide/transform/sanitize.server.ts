/**
 * Sanitising: the allow-list. Only the tags and attributes emitted here reach
 * the output; everything else is dropped with its content or unwrapped.
 */
import { formatsOf, wrapFormats, type Declarations, type Format } from "./docs-styles.server";
import { safeUrl } from "./safe-url.server";
import { VOID } from "./serialize.server";
import { el, findAll, hasVisibleContent, HEADING, isElement, textOf, type ElementNode, type GuideNode } from "./tree.server";

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
/** Containers that mean nothing without child elements. */
const STRUCTURAL = new Set(["ul", "ol", "dl", "table", "thead", "tbody", "tfoot", "tr"]);

/** Google comment markers: `<a href="#cmnt1" id="cmnt_ref1">` and `<a href="#cmnt_ref1" id="cmnt1">`. */
function isCommentAnchor(node: ElementNode): boolean {
  const target = `${node.attrs.get("href") ?? ""} #${node.attrs.get("id") ?? ""}`;
  return node.tag === "a" && /#cmnt(_ref)?\d+\b/.test(target);
}

export interface CleanContext {
  classStyles: Map<string, Declarations>;
  inHeading: boolean;
}

export function clean(nodes: GuideNode[], ctx: CleanContext): GuideNode[] {
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
