/** The one structured-content renderer: every section type, markup edge cases, malformed shapes. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StructuredContent, CONTENT_ERROR } from "~/components/content/StructuredContent";
import { safeHref } from "~/components/content/markup";
import { contentText, normalizeContent } from "~/components/content/sections";

const html = (content: unknown) => renderToStaticMarkup(<StructuredContent content={content} />);

describe("normalizeContent", () => {
  it("reads the older page shapes", () => {
    expect(normalizeContent("One.\n\nTwo.")).toEqual([
      { type: "paragraph", text: "One." },
      { type: "paragraph", text: "Two." },
    ]);
    expect(normalizeContent({ paragraphs: ["A", 3, "B"] })).toEqual([
      { type: "paragraph", text: "A" },
      { type: "paragraph", text: "B" },
    ]);
    expect(normalizeContent({ sections: [{ heading: "H", paragraphs: ["P1"], body: "Body" }] })).toEqual([
      { type: "heading", text: "H", level: 2 },
      { type: "paragraph", text: "P1" },
      { type: "paragraph", text: "Body" },
    ]);
  });

  it("never throws on malformed shapes", () => {
    for (const value of [42, null, undefined, true, {}, { foo: "bar" }, { sections: "x" }, [null], [[1]], [{ type: 5 }]]) {
      expect(() => normalizeContent(value)).not.toThrow();
    }
    expect(normalizeContent(42)).toEqual([]);
    expect(normalizeContent([{ type: 5 }])).toEqual([]);
    expect(normalizeContent([null])).toEqual([{ type: "invalid", reason: "not an object" }]);
  });

  it("defaults a heading to level 2 and keeps levels between 2 and 4", () => {
    expect(
      normalizeContent([
        { type: "heading", text: "A" },
        { type: "heading", text: "B", level: 1 },
        { type: "heading", text: "C", level: 9 },
      ]),
    ).toEqual([
      { type: "heading", text: "A", level: 2 },
      { type: "heading", text: "B", level: 2 },
      { type: "heading", text: "C", level: 4 },
    ]);
  });

  it("gives the plain text for reading time and excerpts", () => {
    expect(
      contentText([
        { type: "paragraph", text: "Hello **bold** [link](https://x.test)" },
        { type: "list", items: ["a", "b"] },
      ]),
    ).toBe("Hello bold link a b");
  });
});

describe("StructuredContent", () => {
  it("renders every section type", () => {
    const out = html([
      { type: "paragraph", text: "A paragraph." },
      { type: "heading", text: "A heading" },
      { type: "heading", text: "Smaller", level: 3 },
      { type: "list", items: ["One", "Two"] },
      {
        type: "introduction",
        heading: "Intro",
        content: "Lead text.\n\n- first bullet\n- second **bold** bullet",
        subsections: [{ subheading: "Sub", content: "Sub text." }],
      },
      { type: "section", heading: "Body", content: "Body text." },
      { type: "conclusion", content: "Wrap up." },
      { type: "cta", content: "Book a call at [our page](/call-booking)." },
    ]);
    expect(out).toContain("<p>A paragraph.</p>");
    expect(out).toMatch(/<h2[^>]*>A heading<\/h2>/);
    expect(out).toMatch(/<h3[^>]*>Smaller<\/h3>/);
    expect(out).toMatch(/<ul[^>]*><li>One<\/li><li>Two<\/li><\/ul>/);
    expect(out).toMatch(
      /<h2[^>]*>Intro<\/h2><p>Lead text.<\/p><ul[^>]*><li>first bullet<\/li><li>second <strong[^>]*>bold<\/strong> bullet<\/li><\/ul>/,
    );
    expect(out).toMatch(/<h3[^>]*>Sub<\/h3><p>Sub text.<\/p>/);
    expect(out).toContain("Wrap up.");
    expect(out).toMatch(/<aside[^>]*>.*<a href="\/call-booking"[^>]*>our page<\/a>/);
    expect(out).not.toContain(CONTENT_ERROR);
  });

  it("renders nothing for an unknown type, and the error message in place of a malformed section", () => {
    const out = html([
      { type: "video", src: "x" },
      { type: "paragraph", text: 42 },
      { type: "list", items: "nope" },
      { type: "paragraph", text: "Still here." },
    ]);
    expect(out).not.toContain("video");
    expect(out.match(new RegExp(CONTENT_ERROR, "g"))).toHaveLength(2);
    expect(out).toContain("Still here.");
  });

  it("escapes HTML in text and never renders it", () => {
    const out = html([{ type: "paragraph", text: '<script>alert(1)</script> <img src=x onerror="alert(1)"> **<b>x</b>**' }]);
    expect(out).not.toContain("<script>");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("<strong");
  });

  it("parses markup edge cases", () => {
    expect(html([{ type: "paragraph", text: "Unclosed **bold here" }])).toContain("Unclosed **bold here");
    expect(html([{ type: "paragraph", text: "Nested [a [b]](https://x.test) stays text" }])).not.toContain("<a");
    expect(html([{ type: "paragraph", text: "**[inside](https://x.test)**" }])).toMatch(
      /<strong[^>]*><a href="https:\/\/x.test" [^>]*rel="noopener noreferrer"[^>]*>inside<\/a><\/strong>/,
    );
    const js = html([{ type: "paragraph", text: "[click](javascript:alert(1)) [data](data:text/html,x) [proto](//evil.test)" }]);
    expect(js).not.toContain("<a");
    expect(js).toContain("click");
    expect(html([{ type: "paragraph", text: "[Mail us](mailto:hi@example.com)" }])).toContain('href="mailto:hi@example.com"');
  });

  it("allows only http(s), mailto and same-site links; external ones open safely", () => {
    expect(safeHref("https://example.com/x")).toEqual({ href: "https://example.com/x", external: true });
    expect(safeHref("/blog")).toEqual({ href: "/blog", external: false });
    expect(safeHref("#part-2")).toEqual({ href: "#part-2", external: false });
    for (const bad of ["javascript:alert(1)", "JAVASCRIPT:x", "data:text/html,x", "//evil.test", "vbscript:x", "ftp://x.test"])
      expect(safeHref(bad), bad).toBeNull();
    // A browser reads `\` as `/`, and dot segments go: each of these is `//evil.test`, another host.
    for (const bad of ["/\\evil.test", "/\\/evil.test", "/.//evil.test", "/a/..//evil.test", "/%2e//evil.test", "https:\\\\evil.test"])
      expect(safeHref(bad), bad).toBeNull();
    // A same-site path is used as the browser reads it, normalised.
    expect(safeHref("/a/../contact#form")).toEqual({ href: "/contact#form", external: false });
    expect(html([{ type: "paragraph", text: "[site](https://example.com)" }])).toMatch(/target="_blank" rel="noopener noreferrer"/);
  });

  it("renders the older page shapes", () => {
    expect(html({ sections: [{ heading: "Your rights", paragraphs: ["Ask us."] }] })).toMatch(
      /<h2[^>]*>Your rights<\/h2><div[^>]*><p>Ask us.<\/p><\/div>/,
    );
    expect(html("Raw text { not json")).toContain("Raw text { not json");
  });
});
