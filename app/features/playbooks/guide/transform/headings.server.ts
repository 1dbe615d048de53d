/**
 * Headings, ids and links: heading levels shifted so the top is h2, a unique
 * slug id on every heading, internal links pointed at those ids.
 */
import { slugify, uniqueSlug } from "~/lib/slug";
import { linkedId, safeUrl } from "./safe-url.server";
import { el, findAll, HEADING, textOf, type ElementNode, type GuideNode } from "./tree.server";

export interface Heading {
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
export function finishHeadingsAndLinks(content: GuideNode[], reservedIds: Iterable<string>): Heading[] {
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
export function flattenHeadingsInTables(nodes: GuideNode[]): void {
  for (const table of findAll(nodes, (node) => node.tag === "table")) {
    for (const heading of findAll(table.children, (node) => HEADING.test(node.tag))) {
      heading.children = [el("strong", new Map(), heading.children)];
      heading.tag = "p";
      heading.attrs = new Map();
    }
  }
}

/** Anchors left with neither href nor id are just their content. */
export function unwrapBareAnchors(nodes: GuideNode[]): GuideNode[] {
  return nodes.flatMap((node) => {
    if (node.kind !== "element") return [node];
    node.children = unwrapBareAnchors(node.children);
    return node.tag === "a" && node.attrs.size === 0 ? node.children : [node];
  });
}
