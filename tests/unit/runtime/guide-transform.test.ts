/**
 * The Google Docs guide transformer, against real exports (modern and legacy,
 * tests/fixtures/google-docs/), a hostile document of our own and our fallback
 * guide. The output is inspected by parsing it again with HTMLRewriter, not
 * by pattern-matching alone.
 */
import { describe, expect, it } from "vitest";
import { FALLBACK_GUIDE_HTML } from "~/features/playbooks/guide/fallback-guide";
import { type TocNode, transformGuide } from "~/features/playbooks/guide/transform.server";

/** Every fixture file, so that one added later is checked too. */
const FIXTURES = import.meta.glob<string>("../../fixtures/google-docs/*.html", {
  query: "?raw",
  import: "default",
  eager: true,
});
const fixture = (name: string): string => {
  const raw = FIXTURES[`../../fixtures/google-docs/${name}`];
  if (raw === undefined) throw new Error(`missing fixture ${name}`);
  return raw;
};

/** Stands for the lead's directory; its own h2 must stay out of the TOC. */
const DIRECTORY = '<aside data-directory=""><h2>Partner directory</h2><p>Agencies we trust.</p></aside>';

/** Where each fixture's Google redirect links must lead once unwrapped. */
const UNWRAPPED_TARGETS: Record<string, string[]> = {
  "modern-inline-formatting.html": ["https://github.com/"],
  "legacy-inline-styles.html": [
    "http://npr.org/",
    "https://media.giphy.com/media/3oEdv5FXteGY8iS8CY/giphy.gif",
    "http://media.npr.org/assets/img/2015/12/29/gettyimages-477258926_wide-s700-c85.jpg",
    "http://play.podtrac.com/npr-510310/npr.mc.tritondigital.com/NPR_510310/media/anon.npr-mp3/npr/nprpolitics/2016/02/20160205_nprpolitics_roundup.mp3?orgId=1&d=2261&p=510310&story=465741966&t=podcast&e=465741966&ft=pod&f=510310",
  ],
  "hostile.html": ["https://example.com/search?q=shopify+apps&lang=en#pricing"],
};

/* -------------------------------------------------------------------------- */
/* Inspecting the output                                                      */
/* -------------------------------------------------------------------------- */

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

interface Inspected {
  elements: { tag: string; attrs: Map<string, string> }[];
  headings: { level: number; id: string; text: string }[];
  hrefs: string[];
  ids: string[];
}

async function inspect(html: string): Promise<Inspected> {
  const found: Inspected = { elements: [], headings: [], hrefs: [], ids: [] };
  await new HTMLRewriter()
    .on("*", {
      element(element) {
        // Workers' Element yields [name, value] pairs (the DOM lib's type is merged in).
        const pairs = [...(element.attributes as unknown as Iterable<[string, string]>)];
        const attrs = new Map(pairs.map(([name, value]) => [name, decode(value)]));
        found.elements.push({ tag: element.tagName, attrs });
        const href = attrs.get("href");
        if (href !== undefined) found.hrefs.push(href);
        const id = attrs.get("id");
        if (id !== undefined) found.ids.push(id);
      },
    })
    .on("h1, h2, h3, h4, h5, h6", {
      element(element) {
        found.headings.push({ level: Number(element.tagName.slice(1)), id: element.getAttribute("id") ?? "", text: "" });
      },
      text(chunk) {
        const heading = found.headings[found.headings.length - 1];
        if (heading) heading.text += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  for (const heading of found.headings) heading.text = decode(heading.text).replace(/\s+/g, " ").trim();
  return found;
}

function flatten(toc: TocNode[]): TocNode[] {
  return toc.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Each entry's parent, as found by walking the tree. */
function parents(toc: TocNode[], parent: TocNode | null = null, found = new Map<TocNode, TocNode | null>()) {
  for (const node of toc) {
    found.set(node, parent);
    parents(node.children, node, found);
  }
  return found;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ["href", "id", "rel", "target"],
  img: ["src", "alt", "loading"],
  ol: ["start"],
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  h5: ["id"],
  h6: ["id"],
  div: ["class"], // only the table's scroll wrapper, checked below
};
const ALLOWED_TAGS = new Set([
  ...Object.keys(ALLOWED_ATTRIBUTES),
  ..."p br hr ul li dl dt dd table caption thead tbody tfoot tr blockquote pre code strong em u s sup sub".split(" "),
]);

/* -------------------------------------------------------------------------- */
/* Every fixture                                                              */
/* -------------------------------------------------------------------------- */

describe("transformGuide on every Google Docs fixture", () => {
  it("has the fixtures (the shared real exports and our hostile one)", () => {
    expect(
      Object.keys(FIXTURES)
        .map((path) => path.split("/").pop())
        .sort(),
    ).toEqual([
      "hostile.html",
      "legacy-inline-styles.html",
      "modern-headings-and-paragraphs.html",
      "modern-inline-formatting.html",
      "modern-internal-links.html",
      "modern-lists.html",
      "modern-tables.html",
    ]);
  });

  describe.each(Object.entries(FIXTURES).map(([path, raw]) => [path.split("/").pop() ?? path, raw] as const))("%s", (name, raw) => {
    const run = async () => {
      const result = await transformGuide(raw, { directoryHtml: DIRECTORY });
      const body = result.html.replace(DIRECTORY, "");
      return { result, body, seen: await inspect(body) };
    };

    it("keeps only the body content, with allow-listed tags and attributes", async () => {
      const { result, seen } = await run();
      expect(result.html).not.toMatch(/<(html|head|body|meta|style|title|link|script|iframe|object|embed|form)\b/i);
      for (const { tag, attrs } of seen.elements) {
        expect(ALLOWED_TAGS, `<${tag}>`).toContain(tag);
        for (const name of attrs.keys()) expect(ALLOWED_ATTRIBUTES[tag] ?? [], `<${tag} ${name}>`).toContain(name);
      }
      // No style, class or event handler anywhere (the allow-list implies it; say it plainly).
      const names = seen.elements.flatMap(({ tag, attrs }) =>
        [...attrs.keys()].filter((name) => !(tag === "div" && name === "class" && attrs.get(name) === "guide-table")),
      );
      expect(names.filter((attr) => attr === "style" || attr === "class" || attr.startsWith("on"))).toEqual([]);
      // Every div is a table's wrapper, and every table has one.
      expect(seen.elements.filter((e) => e.tag === "div").length).toBe(seen.elements.filter((e) => e.tag === "table").length);
    });

    it("turns the top-level headings into h2 and leaves no h1", async () => {
      const { result, seen } = await run();
      expect(seen.headings.filter((heading) => heading.level === 1)).toEqual([]);
      if (/<h[1-6][\s>]/i.test(raw)) {
        expect(Math.min(...seen.headings.map((heading) => heading.level))).toBe(2);
        expect(seen.headings[0]?.level).toBe(2);
        expect(result.toc[0]?.level).toBe(2);
      } else {
        expect(seen.headings).toEqual([]);
        expect(result.toc).toEqual([]);
      }
    });

    it("gives every heading a unique slug id, repeated texts included", async () => {
      const { seen } = await run();
      for (const heading of seen.headings) {
        expect(heading.text, "no empty heading").not.toBe("");
        expect(heading.id, heading.text).toMatch(SLUG);
      }
      expect(new Set(seen.ids).size).toBe(seen.ids.length);
      for (const { text } of seen.headings) {
        const same = seen.headings.filter((heading) => heading.text === text);
        expect(new Set(same.map((heading) => heading.id)).size).toBe(same.length);
      }
    });

    it("builds a TOC of the h2, h3 and h4, nested under the nearest higher heading", async () => {
      const { result, seen } = await run();
      const expected = seen.headings.filter((heading) => heading.level <= 4);
      const flat = flatten(result.toc);
      expect(flat.map(({ id, level, text }) => ({ id, level, text }))).toEqual(expected);
      const parentOf = parents(result.toc);
      flat.forEach((node, i) => {
        const before = flat.slice(0, i).reverse();
        const nearestHigher = before.find((other) => other.level < node.level) ?? null;
        expect(parentOf.get(node), node.id).toBe(nearestHigher);
      });
    });

    it("unwraps Google redirect links and marks external links", async () => {
      const { result, seen } = await run();
      expect(result.html).not.toMatch(/google\.[a-z.]+\/url/);
      for (const target of UNWRAPPED_TARGETS[name] ?? []) expect(seen.hrefs).toContain(target);
      for (const { tag, attrs } of seen.elements) {
        const href = attrs.get("href");
        if (tag !== "a" || href === undefined) continue;
        expect(href).toMatch(/^(https?:\/\/|mailto:|#)/);
        if (/^https?:/.test(href)) {
          expect(attrs.get("rel")).toBe("noopener noreferrer");
          expect(attrs.get("target")).toBe("_blank");
        }
      }
    });

    it("points every internal link at an id of the output", async () => {
      const { seen } = await run();
      for (const href of seen.hrefs.filter((h) => h.startsWith("#"))) expect(seen.ids).toContain(href.slice(1));
    });

    it("puts the directory right before the last h2, or at the end", async () => {
      const { result } = await run();
      const at = result.html.indexOf(DIRECTORY);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(result.html.indexOf(DIRECTORY, at + 1)).toBe(-1);
      const lastH2 = result.html.lastIndexOf("<h2 ");
      if (lastH2 >= 0) expect(at + DIRECTORY.length).toBe(lastH2);
      else expect(at + DIRECTORY.length).toBe(result.html.length);
      expect(flatten(result.toc).map((node) => node.text)).not.toContain("Partner directory");
    });

    it("keeps images only from http(s), lazily loaded", async () => {
      const { seen } = await run();
      for (const { tag, attrs } of seen.elements.filter((element) => element.tag === "img")) {
        expect(attrs.get("src"), tag).toMatch(/^https?:\/\//);
        expect(attrs.get("loading")).toBe("lazy");
      }
    });
  });
});

/* -------------------------------------------------------------------------- */
/* Fixture by fixture                                                         */
/* -------------------------------------------------------------------------- */

const transform = (raw: string) => transformGuide(raw, { directoryHtml: DIRECTORY });
/** The output with whitespace between tags removed (the modern fixtures are pretty-printed). */
const compact = (html: string) => html.replace(/>\s+</g, "><").replace(/\s+/g, " ");

describe("modern-headings-and-paragraphs.html", () => {
  it("gives the exact nested TOC", async () => {
    const { toc, title } = await transform(fixture("modern-headings-and-paragraphs.html"));
    expect(title).toBeNull();
    expect(toc).toEqual([
      {
        id: "heading-1",
        text: "Heading 1",
        level: 2,
        children: [
          {
            id: "heading-2",
            text: "Heading 2",
            level: 3,
            children: [{ id: "heading-3", text: "Heading 3", level: 4, children: [] }],
          },
        ],
      },
    ]);
  });

  it("drops Google's empty spacer paragraphs and keeps line breaks", async () => {
    const { html } = await transform(fixture("modern-headings-and-paragraphs.html"));
    expect(html.replace(DIRECTORY, "").match(/<p>/g)).toHaveLength(5);
    expect(compact(html)).toContain("Another paragraph in the middle. <br> But with a line break.");
    expect(compact(html)).toContain('<h2 id="heading-1"> Heading 1 </h2>');
  });
});

describe("modern-internal-links.html", () => {
  it("rewrites #h. links to the new heading ids, repeated headings apart", async () => {
    const { html, toc } = await transform(fixture("modern-internal-links.html"));
    const [first] = toc;
    const second = first?.children[0];
    const third = second?.children[0];
    // The fixture is pretty-printed: "First " "he" "ading" are three indented spans.
    expect(first?.text).toMatch(/^First he/);
    expect([second?.id, third?.id]).toEqual(["second-heading", "second-heading-2"]);
    expect(compact(html)).toContain(`<a href="#${first?.id}"> Link to the first heading. </a>`);
    expect(compact(html)).toContain('<a href="#second-heading"> Link to the second heading. </a>');
    expect(compact(html)).toContain('<a href="#second-heading-2"> Link to the third heading. </a>');
    expect(html).not.toContain("#h.");
  });

  it("keeps the linked bookmarks", async () => {
    const { html } = await transform(fixture("modern-internal-links.html"));
    for (const bookmark of ["id.qbdatvy5x87", "id.gg8i29488moj"]) {
      expect(html).toContain(`href="#${bookmark}"`);
      expect(html).toContain(`<a id="${bookmark}">`);
    }
  });
});

describe("modern-inline-formatting.html", () => {
  it("turns Google's styled spans into semantic tags", async () => {
    const out = compact((await transform(fixture("modern-inline-formatting.html"))).html);
    expect(out).toContain("<strong> is bold </strong>");
    expect(out).toContain("<strong><em> and italic </em></strong>");
    expect(out).toContain("<em> &nbsp;or just italic </em>");
    expect(out).toContain("<u> underlined </u>");
    expect(out).toContain("<s> struck through </s>");
    expect(out).toContain("<sup> is superscript </sup>");
    expect(out).toContain("<sub> is subscript </sub>");
    // The link's blue underline is the link's look, not an <u>.
    expect(out).toContain(', or <a href="https://github.com/" rel="noopener noreferrer" target="_blank"> linked (to GitHub) </a>');
  });
});

describe("modern-lists.html", () => {
  it("rebuilds real nesting from Google's flat lst-kix lists", async () => {
    const out = compact((await transform(fixture("modern-lists.html"))).html);
    expect(out).toContain("A bulleted </li><li> List of stuff. <ul><li> With </li><li> Subitems <ul><li> And");
    expect(out).toContain("Sub-subitems <ol><li> But numbered not bulleted! </li></ol></li></ul></li></ul></li></ul>");
    expect(out).toContain("A numbered </li><li> List of stuff. <ol><li> With");
    // A list continued after the nested ones keeps its numbering.
    expect(out).toContain('<ol start="4"><li> This item has line breaks. <br> Here is a second line. </li></ol>');
    // A ticked checklist item is struck through by its paragraph style.
    expect(out).toContain("<ul><li><s> This is </s></li><li> A checklist. </li></ul>");
  });
});

describe("modern-tables.html", () => {
  it("repairs the misplaced tbody: one header row of th, the rest in the body", async () => {
    const out = compact((await transform(fixture("modern-tables.html"))).html);
    const head = /<thead>(.*?)<\/thead>/.exec(out)?.[1] ?? "";
    const body = /<tbody>(.*?)<\/tbody>/.exec(out)?.[1] ?? "";
    expect(head.match(/<tr>/g)).toHaveLength(1);
    expect(head.match(/<th>/g)).toHaveLength(5);
    expect(head).not.toContain("<td>");
    expect(body.match(/<tr>/g)).toHaveLength(3);
    expect(out).not.toMatch(/<tr>(?:(?!<\/tr>).)*<tbody>/);
    expect(out).toContain("&#129335; emoji &#10067;");
  });
});

describe("legacy-inline-styles.html", () => {
  it("reads inline styles for formatting, then drops them", async () => {
    const { html, toc } = await transform(fixture("legacy-inline-styles.html"));
    expect(html).toContain("Paragraph with <strong>bold</strong>&nbsp;text");
    expect(html).toContain("Paragraph with <em>italic</em>&nbsp;text");
    expect(html).toContain("Paragraph with <u>underlined</u>&nbsp;text");
    expect(flatten(toc).map((node) => [node.level, node.id])).toEqual([
      [2, "heading-1-should-pass-a-test-for-h1-tag"],
      [3, "heading-2-should-pass-a-test-for-h2-tag"],
      [4, "heading-3-should-pass-a-test-for-h3-tag"],
    ]);
  });

  it("drops comments, keeps escaped text escaped and keeps the image", async () => {
    const { html } = await transform(fixture("legacy-inline-styles.html"));
    expect(html).not.toContain("cmnt");
    expect(html).not.toContain("should be filtered out");
    expect(html).not.toContain("[a]");
    expect(html).toContain("Paragraph with &lt;strong&gt;inline html&lt;/strong&gt; (should not contain strong tag)");
    expect(html).toContain("&lt;iframe width=");
    expect(html).toMatch(/<img src="https:\/\/lh6\.googleusercontent\.com\/[^"]+" alt="" loading="lazy">/);
  });
});

describe("hostile.html", () => {
  it("removes every script, frame, plug-in, form, handler and javascript: URL", async () => {
    const { html } = await transform(fixture("hostile.html"));
    const seen = await inspect(html.replace(DIRECTORY, ""));
    expect(html).not.toMatch(/<(script|iframe|object|embed|form|input|button|svg|noscript|xmp|meta|link|base)\b/i);
    expect(html).not.toMatch(/javascript|vbscript|data:/i);
    expect(html).not.toContain("evil.example");
    for (const gone of ["injected", "iframe fallback text", "Pay now", "svg link", 'alert("comment")']) {
      expect(html).not.toContain(gone);
    }
    for (const { attrs } of seen.elements) {
      for (const [name, value] of attrs) {
        expect(name).not.toMatch(/^on/);
        expect(value).not.toContain("alert(");
      }
    }
    // The ten bad links keep their text and lose their href.
    expect(html).toContain("<p>Bad links: one, two, three, four, five, six, seven, eight, nine, ten.</p>");
  });

  it("never lets text around a removed element form a tag", async () => {
    const { html } = await transform(fixture("hostile.html"));
    expect(html).toContain("Glued tag: x &lt;img src=x onerror=alert(14)&gt;");
    expect((await inspect(html)).elements.filter((element) => element.tag === "img")).toHaveLength(1);
  });

  it("keeps safe links and images, with their attributes cleaned", async () => {
    const { html } = await transform(fixture("hostile.html"));
    expect(html).toContain(
      '<a href="https://example.com/search?q=shopify+apps&amp;lang=en#pricing" rel="noopener noreferrer" target="_blank">encoded redirect</a>',
    );
    expect(html).toContain('<a href="https://example.org/page" rel="noopener noreferrer" target="_blank">direct</a>');
    expect(html).toContain('<a href="mailto:hello@example.com">mail</a>');
    expect(html).toContain('<img src="https://example.com/chart.png" alt="Growth chart" loading="lazy">');
  });

  it("shifts nested h1–h5, numbers repeated texts, drops empty headings", async () => {
    const { toc, title, html } = await transform(fixture("hostile.html"));
    expect(title).toBe("Hostile & Weird Export");
    expect(html).not.toContain("Weird Export");
    const shape = (nodes: TocNode[]): unknown[] => nodes.map((n) => [n.id, n.level, ...shape(n.children)]);
    expect(shape(toc)).toEqual([
      ["getting-started", 2, ["overview", 3, ["details-caveats", 4]]],
      ["getting-started-2", 2, ["overview-2", 3, ["overview-3", 4]]],
      ["next-steps", 2],
    ]);
    expect(flatten(toc)[2]?.text).toBe("Details & Caveats");
    // h4 → h5 and h5 → h6: in the output, with ids, but not in the TOC.
    expect(html).toContain('<h5 id="fine-print">Fine print</h5>');
    expect(html).toContain('<h6 id="deep-note">Deep note</h6>');
    expect(html).not.toMatch(/<h[1-6][^>]*>\s*<\/h[1-6]>/);
  });

  it("rewrites or drops internal links", async () => {
    const { html } = await transform(fixture("hostile.html"));
    expect(html).toContain('<a href="#getting-started">Getting started</a>');
    expect(html).toContain('<a href="#overview-2">the second overview</a>'); // written #heading=h.ov2
    expect(html).toContain('<a href="#id.mark">a bookmark</a>');
    expect(html).toContain('<p><a id="id.mark"></a>Bookmarked paragraph.</p>');
    // The empty heading's link and a link to nowhere become plain text.
    expect(html).toContain(", a heading that is empty, ");
    expect(html).toContain(" and a dangling link.");
  });

  it("drops the tag cut off at the end of the document", async () => {
    const { html } = await transform(fixture("hostile.html"));
    expect(html).toMatch(/<p>Trailing paragraph, then a truncated tag: <\/p>$/);
  });
});

/* -------------------------------------------------------------------------- */
/* Our fallback guide                                                         */
/* -------------------------------------------------------------------------- */

describe("the fallback guide", () => {
  it("transforms into at least six sections, a TOC and the directory before Next steps", async () => {
    const { html, toc, title } = await transform(FALLBACK_GUIDE_HTML);
    expect(title).toBe("The Shopify App Launch & Scaling Playbook");
    const seen = await inspect(html.replace(DIRECTORY, ""));
    const h2s = seen.headings.filter((heading) => heading.level === 2);
    expect(h2s.length).toBeGreaterThanOrEqual(6);
    expect(toc.map((node) => node.text)).toEqual([
      "Validate demand before you write code",
      "Build the smallest app that passes review",
      "Write an App Store listing that converts",
      "Launch week, day by day",
      "Win your first 100 merchants",
      "Growth channels that compound",
      "Price for growth",
      "Retention: keep merchants installed",
      "Scale the app and the business",
      "Next steps",
    ]);
    expect(toc.map((node) => node.id)).toEqual(h2s.map((heading) => heading.id));
    expect(flatten(toc).filter((node) => node.level === 3).length).toBeGreaterThanOrEqual(15);
    expect(flatten(toc).filter((node) => node.level === 4).length).toBeGreaterThanOrEqual(2);
    expect(html.indexOf(DIRECTORY) + DIRECTORY.length).toBe(html.indexOf('<h2 id="next-steps">'));
    expect(html).toContain('<a href="#the-go-no-go-checklist">the go / no-go checklist</a>');
    expect(seen.hrefs).toContain("https://shopify.dev/docs/apps/launch/app-requirements-checklist");
    // A nested list item made from Google's flat lists.
    expect(compact(html)).toMatch(/told the moment the app is ready\.<ul><li>Two or more offered/);
  });

  it("is a real guide of 1,800 to 2,600 words", async () => {
    const { html } = await transform(FALLBACK_GUIDE_HTML);
    const words = html
      .replace(/<[^>]+>/g, " ")
      .split(/\s+/)
      .filter((word) => /\w/.test(word));
    expect(words.length).toBeGreaterThanOrEqual(1800);
    expect(words.length).toBeLessThanOrEqual(2600);
    expect(html).not.toMatch(/lorem|ipsum|TODO|placeholder/i);
  });
});

/* -------------------------------------------------------------------------- */
/* Levels and odd input                                                       */
/* -------------------------------------------------------------------------- */

describe("transformGuide on other input", () => {
  it("uses the document's highest heading level as the top level", async () => {
    const fromH2 = await transform("<h2>A</h2><h3>B</h3><h2>C</h2>");
    expect(fromH2.html).toContain('<h2 id="a">A</h2><h3 id="b">B</h3>');
    expect(fromH2.toc.map((node) => [node.id, node.children.map((child) => child.id)])).toEqual([
      ["a", ["b"]],
      ["c", []],
    ]);
    const fromH3 = await transform("<h3>A</h3><h4>B</h4>");
    expect(fromH3.html).toContain('<h2 id="a">A</h2><h3 id="b">B</h3>');
  });

  it("puts an h3 with no h2 before it at the top of the TOC, and caps levels at h6", async () => {
    const { toc, html } = await transform("<h2>Intro</h2><h1>One</h1><h5>Deep</h5><h6>Deeper</h6>");
    expect(toc.map((node) => [node.id, node.level])).toEqual([
      ["intro", 3],
      ["one", 2],
    ]);
    expect(html).toContain('<h6 id="deep">Deep</h6><h6 id="deeper">Deeper</h6>');
  });

  it.each([
    ["empty", ""],
    ["blank", "  \n "],
    ["a fragment", "<p>Just a <b>fragment"],
    ["a head only", "<html><head><title>Only a title"],
    ["stray end tags", "</div></p></body><p>x</p>"],
    ["angle brackets", "<<<>>> < > <!-- x"],
    ["a truncated table", "<table><tr><td><p>cell"],
    ["select and script", "<select><script>x</script></select><h1>Hi</h1>"],
    ["a BOM and doctype", "\uFEFF<!DOCTYPE html><h1>A</h1>"],
    ["deep nesting", `${"<div>".repeat(5000)}<p>deep</p>`],
    ["binary-ish", "\u0000\u0001<p\u0000>\uFFFF</p>"],
  ])("never throws on %s", async (_name, raw) => {
    const result = await transform(raw);
    expect(typeof result.html).toBe("string");
    expect(result.html).toContain(DIRECTORY);
    expect(Array.isArray(result.toc)).toBe(true);
    expect(result.html.replaceAll('<div class="guide-table">', "")).not.toMatch(/<(script|div|select|html|head)\b/);
  });

  it("closes what a truncated document left open and keeps its text", async () => {
    expect((await transform("<table><tr><td><p>cell")).html).toBe(
      `<div class="guide-table"><table><tr><td><p>cell</p></td></tr></table></div>${DIRECTORY}`,
    );
    // Past 200 levels elements lose their tags, not their text.
    expect((await transform(`${"<div>".repeat(5000)}<p>deep</p>`)).html).toBe(`deep${DIRECTORY}`);
    expect((await transform("\uFEFF<!DOCTYPE html><h1>A</h1>")).html).toBe(`${DIRECTORY}<h2 id="a">A</h2>`);
    expect((await transform("<html><head><title>Only a title")).title).toBe("Only a title");
  });

  it("keeps footnotes linked both ways and unwraps Google's clipboard <b>", async () => {
    const { html } = await transform(
      '<p>Claim<sup><a href="#ftnt1" id="ftnt_ref1">[1]</a></sup></p><hr>' +
        '<div><p><a href="#ftnt_ref1" id="ftnt1">[1]</a><span> Source.</span></p></div>' +
        '<b style="font-weight:normal" id="docs-internal-guid-1"><span style="font-weight:700">Bold</span> plain</b>',
    );
    expect(html).toBe(
      '<p>Claim<sup><a href="#ftnt1" id="ftnt_ref1">[1]</a></sup></p><hr>' +
        `<p><a href="#ftnt_ref1" id="ftnt1">[1]</a> Source.</p><strong>Bold</strong> plain${DIRECTORY}`,
    );
  });

  it("drops lists and tables left without rows or items", async () => {
    const { html } = await transform("<ul> </ul><table><tbody><tr></tr></tbody></table><ol><li>kept</li></ol>");
    expect(html).toBe(`<ol><li>kept</li></ol>${DIRECTORY}`);
  });
});

describe("transformGuide and the page around it", () => {
  it("never gives a heading an id the page already uses", async () => {
    const raw = "<body><h1>Main</h1><p>a</p><h1>Guide title</h1><p>b</p></body>";
    const result = await transformGuide(raw, { directoryHtml: "", reservedIds: ["main", "guide-title"] });
    expect(result.toc.map((n) => n.id)).toEqual(["main-2", "guide-title-2"]);
  });

  it("treats a heading inside a table cell as cell text: not in the contents, and the directory stays out of the table", async () => {
    const raw = "<body><h1>Intro</h1><table><tr><td><h1>Cell heading</h1></td></tr></table><h1>Last</h1></body>";
    const result = await transformGuide(raw, { directoryHtml: "<aside>DIR</aside>" });
    expect(result.toc.map((n) => n.text)).toEqual(["Intro", "Last"]);
    expect(result.html).toContain("<td><p><strong>Cell heading</strong></p></td>");
    expect(result.html.indexOf("<aside>DIR</aside>")).toBe(result.html.indexOf('<h2 id="last">') - "<aside>DIR</aside>".length);
    expect(result.html).toContain('<div class="guide-table"><table>');
  });
});
