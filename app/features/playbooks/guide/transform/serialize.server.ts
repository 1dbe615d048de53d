/** Output: the cleaned tree as HTML, every attribute value escaped. */
import { escapeAttribute } from "./entities.server";
import type { GuideNode } from "./tree.server";

/** Tags emitted without end tag. */
export const VOID = new Set(["br", "hr", "img"]);

export function serialize(nodes: GuideNode[]): string {
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
