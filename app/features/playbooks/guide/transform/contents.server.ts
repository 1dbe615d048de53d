/** The table of contents, and where the directory goes among the headings. */
import type { Heading } from "./headings.server";
import type { GuideNode, RawNode } from "./tree.server";

export interface TocNode {
  id: string;
  text: string;
  level: 2 | 3 | 4;
  children: TocNode[];
}

/** Nests h3 under the h2 before it and h4 under the h3 (or h2) before it. */
export function buildToc(headings: Heading[]): TocNode[] {
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
export function insertBeforeLastH2(content: GuideNode[], html: string): void {
  const raw: RawNode = { kind: "raw", html };
  const spot = lastH2(content);
  if (spot) spot.siblings.splice(spot.index, 0, raw);
  else content.push(raw);
}
