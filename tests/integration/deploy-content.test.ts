/**
 * A real deploy runs the migrations and no demo seed (this pool does the
 * same: every migration on an empty D1, nothing else). The site's own content
 * must be there: every same-site link of the home page, header and footer
 * included, answers 200.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { request } from "./helpers";

function sameSiteLinks(html: string): string[] {
  const hrefs = [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const paths = hrefs.filter((h) => h.startsWith("/") && !h.startsWith("//")).map((h) => h.split("#")[0]!);
  return [...new Set(paths.filter(Boolean))];
}

describe("a deploy with migrations only (no demo seed)", () => {
  it("has no demo rows: the pool ran no seed", async () => {
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM qa_submissions").first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("serves the legal pages and the home announcement from the default content", async () => {
    for (const [path, heading] of [
      ["/about", "About Founder Leads"],
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-of-use", "Terms of Use"],
    ] as const) {
      const res = await request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(heading);
    }
    expect(await (await request("/privacy-policy")).text()).toContain("Your rights");
    expect(await (await request("/")).text()).toContain("Shopify App Launch &amp; Scaling Playbook is out");
  });

  it("answers 200 on every same-site link of the home page, header and footer included", async () => {
    const links = sameSiteLinks(await (await request("/")).text());
    expect(links).toEqual(expect.arrayContaining(["/about", "/privacy-policy", "/terms-of-use", "/contact", "/blog"]));
    const broken: string[] = [];
    for (const path of links) {
      const res = await request(path, { redirect: "manual" });
      // A redirect is fine when it lands on a page that answers 200 (e.g. /playbook).
      const final = res.status >= 300 && res.status < 400 ? await request(res.headers.get("Location")!) : res;
      if (final.status !== 200) broken.push(`${path} → ${res.status}${final === res ? "" : ` → ${final.status}`}`);
    }
    expect(broken).toEqual([]);
  });
});
