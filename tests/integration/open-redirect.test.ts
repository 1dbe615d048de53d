/**
 * No open redirect (ADR 0015): every redirect built from input and every
 * same-site link of rendered content goes through one check, after
 * normalisation (`sameSitePath`). A corpus of known bypasses, posted as a
 * form's `redirectTo` (a valid post and a bot's, whose filled honeypot skips
 * validation) and written as content links, gives no off-site location.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import * as make from "../factories";
import { ORIGIN, postForm, request } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);

/** Known ways to turn "a path on this site" into another host, scheme or script. */
const BYPASSES = [
  // Protocol-relative, and more slashes.
  "//evil.example/",
  "///evil.example/",
  "////evil.example/",
  "//evil.example@localhost:8787/",
  "//user:pass@evil.example/",
  "//@evil.example",
  // Backslashes, which a browser reads as slashes.
  "/\\evil.example/",
  "\\\\evil.example/",
  "/\\/evil.example/",
  "\\/evil.example/",
  "/\\@evil.example",
  "http:/\\evil.example/",
  // Dot segments, removed when the URL is parsed: "//evil.example/" is left.
  "/.//evil.example/",
  "/./\\evil.example/",
  "/a/..//evil.example/",
  "/a/b/../..//evil.example/",
  "/..//evil.example/",
  // Encoded dots and slashes, single and double.
  "/%2e//evil.example/",
  "/%2E%2E//evil.example/",
  "/.%2e//evil.example/",
  "/a/%2e%2e//evil.example/",
  "/%252e//evil.example/",
  "/%2f%2fevil.example/",
  "/%2F/evil.example/",
  "/%5c%5cevil.example/",
  "/%252f%252fevil.example/",
  "/..%2f..%2f/evil.example",
  // Tabs, newlines and other control characters, which a browser drops.
  "/\t/evil.example/",
  "/\n/evil.example/",
  "/\r\n/evil.example/",
  "/%09/evil.example/",
  "/\u0000/evil.example/",
  // Leading whitespace.
  " //evil.example/",
  "\t//evil.example/",
  "\u00a0//evil.example/",
  // `@`: the part before it is a user name.
  "/@evil.example",
  "@evil.example",
  // Schemes, in any case.
  "https://evil.example/",
  "HTTPS://evil.example/",
  "https:evil.example",
  "hTtP:evil.example/",
  "JaVaScRiPt:alert(1)",
  "javascript://%0aalert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "VbScRiPt:msgbox(1)",
  // Unicode slashes and look-alikes.
  "/\u2215\u2215evil.example/",
  "/\uff0f\uff0fevil.example/",
  "\uff0f\uff0fevil.example/",
  "/\u2044evil.example",
  "/\u3002/evil.example",
];

/** Where a browser on one of this site's pages goes with this location. */
const landsOn = (location: string, from = `${ORIGIN}/contact`) => new URL(location, from).origin;

describe("redirects built from input", () => {
  // Two posts per bypass: well over the default 5 s on a busy machine.
  it(`a form's redirectTo from ${BYPASSES.length} known bypasses: every Location stays on the site`, { timeout: 60_000 }, async () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(30);
    const offSite: string[] = [];
    for (const target of BYPASSES) {
      // A real post, stored and answered without JavaScript by a redirect back to redirectTo.
      const valid = await postForm("/waitlist", { email: `redir-${uid()}@example.com`, redirectTo: target });
      // A bot's post: the filled honeypot skips validation and goes straight to the redirect.
      const bot = await postForm("/newsletter", { email: "x", [HONEYPOT_FIELD]: "https://spam.example", redirectTo: target });
      for (const res of [valid, bot]) {
        expect(res.status, JSON.stringify(target)).toBe(302);
        const location = res.headers.get("Location")!;
        if (landsOn(location) !== ORIGIN || landsOn(location, "https://site.example/a/b") !== "https://site.example") {
          offSite.push(`${JSON.stringify(target)} -> ${location}`);
        }
      }
    }
    expect(offSite).toEqual([]);
  });

  it("keeps a same-site path, normalised, with its query", async () => {
    const cases: [string, string][] = [
      ["/blog?category=growth", "/blog?category=growth"],
      ["/a/../contact", "/contact"],
      ["/%2e/contact", "/contact"],
      ["/questions-and-answers/submit#form", "/questions-and-answers/submit"],
    ];
    for (const [target, expected] of cases) {
      const res = await postForm("/waitlist", { email: `keep-${uid()}@example.com`, redirectTo: target });
      expect(res.headers.get("Location"), target).toBe(expected);
    }
  });
});

describe("links in rendered content", () => {
  it("renders none of the bypasses as a link off the site", { timeout: 30_000 }, async () => {
    // An explicit absolute http(s) address is an external link by design (opened in a new tab); every other entry
    // would be a same-site path or script, and must not become a link elsewhere.
    const corpus = BYPASSES.filter((u) => !/^https?:\/\//i.test(u));
    const slug = `links-${uid()}`;
    const content = [
      { type: "paragraph", text: corpus.map((u, i) => `[bypass ${i}](${u})`).join(" · ") },
      { type: "list", items: corpus.map((u, i) => `**[bold bypass ${i}](${u})**`) },
      { type: "paragraph", text: "[a same-site link](/a/../contact) and [an anchor](#top)" },
    ];
    await make.page.create(env.DB, { slug, title: "Links", content: JSON.stringify(content), isPublished: true });
    const res = await request(`/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
    const hrefs = [...main.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) =>
      m[1]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">"),
    );
    expect(hrefs).toContain("/contact");
    expect(hrefs).toContain("#top");
    const offSite = hrefs.filter((href) => landsOn(href, `${ORIGIN}/${slug}`) !== ORIGIN || /^\s*(javascript|data|vbscript):/i.test(href));
    expect(offSite).toEqual([]);
    // The text of every bypass is still there, as text.
    for (let i = 0; i < corpus.length; i++) expect(main).toContain(`bypass ${i}`);
  });
});
