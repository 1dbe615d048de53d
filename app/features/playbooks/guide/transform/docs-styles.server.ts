/**
 * Google Docs styles: bold, italic, underline… live only in CSS (classes in
 * modern exports, inline styles in legacy ones). Read them and turn them into
 * formatting tags.
 */
import { el, findAll, hasVisibleContent, classesOf, type ElementNode, type GuideNode } from "./tree.server";

export type Declarations = Map<string, string>;

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
export function collectClassStyles(root: ElementNode): Map<string, Declarations> {
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

/** Class rules, then the inline style on top. */
function effectiveStyle(node: ElementNode, classStyles: Map<string, Declarations>): Declarations {
  const style: Declarations = new Map();
  for (const name of classesOf(node)) for (const [p, v] of classStyles.get(name) ?? []) style.set(p, v);
  for (const [p, v] of parseDeclarations(node.attrs.get("style") ?? "")) style.set(p, v);
  return style;
}

/** Inline formatting tags, outermost first. */
const FORMAT_ORDER = ["strong", "em", "u", "s", "sup", "sub"] as const;
export type Format = (typeof FORMAT_ORDER)[number];

/**
 * The formatting an element stands for: the tag's own meaning (`implied`),
 * amended by its style. Google exports express bold/italic/… only as styles
 * on spans (`font-weight:700`), legacy exports inline, modern ones in classes.
 * The underline of a span around a link is the link's look, not emphasis.
 */
export function formatsOf(node: ElementNode, classStyles: Map<string, Declarations>, implied: Format[], useStyle: boolean): Format[] {
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
export function wrapFormats(formats: Format[], children: GuideNode[]): GuideNode[] {
  if (!hasVisibleContent(children)) return children;
  return formats.reduceRight<GuideNode[]>((inner, format) => [el(format, new Map(), inner)], children);
}
