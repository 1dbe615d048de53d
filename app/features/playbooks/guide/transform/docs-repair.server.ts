/**
 * Google Docs repairs on the source tree, before cleaning: the title paragraph,
 * lists exported flat, and header rows exported with a misplaced tbody.
 */
import { classesOf, el, findAll, isElement, textOf, type ElementNode, type GuideNode } from "./tree.server";

const TABLE_SECTIONS = ["thead", "tbody", "tfoot"];

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
export function extractTitle(root: ElementNode, body: ElementNode): string | null {
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
export function nestFlatLists(parent: ElementNode): void {
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
export function repairTables(root: ElementNode): void {
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
