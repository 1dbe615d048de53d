/**
 * Parsing: the runtime's HTMLRewriter used only as a tolerant HTML tokenizer,
 * building the tree that the other steps work on.
 */
import { decodeEntities } from "./entities.server";
import { el, type ElementNode } from "./tree.server";

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
export async function parse(raw: string): Promise<ElementNode> {
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
