/**
 * The guide transformer's tree: elements, raw text and trusted HTML, and the
 * small helpers every step uses to walk it.
 */
import { decodeEntities } from "./entities.server";

export interface ElementNode {
  kind: "element";
  tag: string;
  attrs: Map<string, string>;
  children: GuideNode[];
}
/** Text as written in the source: entities still encoded, never a tag. */
export interface TextNode {
  kind: "text";
  raw: string;
}
/** Trusted HTML emitted verbatim (the directory). */
export interface RawNode {
  kind: "raw";
  html: string;
}
export type GuideNode = ElementNode | TextNode | RawNode;

export function el(tag: string, attrs: Map<string, string> = new Map(), children: GuideNode[] = []): ElementNode {
  return { kind: "element", tag, attrs, children };
}

export function isElement(node: GuideNode | undefined, ...tags: string[]): node is ElementNode {
  return node?.kind === "element" && (tags.length === 0 || tags.includes(node.tag));
}

/** Every element under `nodes` (depth first, document order) that passes `test`. */
export function findAll(nodes: GuideNode[], test: (node: ElementNode) => boolean, found: ElementNode[] = []): ElementNode[] {
  for (const node of nodes) {
    if (node.kind !== "element") continue;
    if (test(node)) found.push(node);
    findAll(node.children, test, found);
  }
  return found;
}

/** Decoded text content, whitespace collapsed. */
export function textOf(nodes: GuideNode[]): string {
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
export function hasVisibleContent(nodes: GuideNode[]): boolean {
  return textOf(nodes) !== "" || findAll(nodes, (node) => node.tag === "img").length > 0;
}

export function classesOf(node: ElementNode): string[] {
  return (node.attrs.get("class") ?? "").split(/\s+/).filter(Boolean);
}

/** h1…h6. */
export const HEADING = /^h[1-6]$/;
