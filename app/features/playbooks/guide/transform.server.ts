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
 *
 * The steps, one file each under `transform/`, in the order they run:
 * parse (tree), docs-repair (title, flat lists, tables), docs-styles (CSS to
 * formatting tags), sanitize (the allow-list, with safe-url), headings (levels,
 * ids, links), contents (the TOC, the directory), serialize. `tree` and
 * `entities` are the helpers they share.
 */
import { buildToc, insertBeforeLastH2, type TocNode } from "./transform/contents.server";
import { extractTitle, nestFlatLists, repairTables } from "./transform/docs-repair.server";
import { collectClassStyles } from "./transform/docs-styles.server";
import { finishHeadingsAndLinks, flattenHeadingsInTables, unwrapBareAnchors } from "./transform/headings.server";
import { parse } from "./transform/parse.server";
import { clean } from "./transform/sanitize.server";
import { serialize } from "./transform/serialize.server";
import { findAll } from "./transform/tree.server";

export type { TocNode };

export interface TransformedGuide {
  html: string;
  toc: TocNode[];
  title: string | null;
}

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
