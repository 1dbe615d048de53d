/**
 * The blog: list order, category filter, pages of 12, drafts hidden, 404s,
 * the feed (parsed and escaped), sitemap entries, JSON-LD, cache headers, and
 * the admin Blogs tab's rules and messages.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as make from "../factories";
import type { blogCategories } from "~/db/schema";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, envWithFailingBatch, postForm, request } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const DAY = 86_400_000;

async function insertPost(p: {
  slug: string;
  title?: string;
  category?: (typeof blogCategories)[number];
  published?: boolean;
  daysAgo?: number;
  excerpt?: string;
  tags?: string[];
  content?: unknown;
}) {
  const at = new Date(Date.now() - (p.daysAgo ?? 0) * DAY);
  await make.blog.create(env.DB, {
    slug: p.slug,
    title: p.title ?? `Post ${p.slug}`,
    excerpt: p.excerpt ?? "An excerpt.",
    content: (p.content ?? [{ type: "paragraph", text: "Body text of the post." }]) as unknown[],
    category: p.category ?? "marketing",
    tags: p.tags ?? [],
    isPublished: p.published !== false,
    publishedAt: p.published === false ? null : at,
    createdAt: at,
    updatedAt: at,
  });
}

describe("blog list", () => {
  beforeAll(async () => {
    await env.DB.prepare("DELETE FROM blogs").run();
    for (let i = 0; i < 14; i++)
      await insertPost({
        slug: `list-${i}`,
        title: `List post ${i}`,
        daysAgo: i,
        category: i % 2 ? "technical" : "marketing",
        tags: ["a", "b", "c", "d"],
      });
    await insertPost({ slug: "hidden-draft", title: "Hidden draft", published: false });
  });

  it("shows published posts newest first, 12 a page, with up to 3 tags per card; the page (it has a CSP nonce) is not for shared caches", async () => {
    const res = await request("/blog");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
    const html = await res.text();
    const titles = [...html.matchAll(/>List post (\d+)</g)].map((m) => Number(m[1]));
    expect(titles).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(html).not.toContain("Hidden draft");
    expect(html).toContain("Page 1 of 2");
    expect(html).toContain('rel="alternate" type="application/rss+xml" href="/blog/rss.xml"');
    const secondPage = await (await request("/blog?page=2")).text();
    expect([...secondPage.matchAll(/>List post (\d+)</g)].map((m) => Number(m[1]))).toEqual([12, 13]);
    const firstCard = html.slice(html.indexOf(">List post 0<") - 2000, html.indexOf(">List post 0<"));
    expect(firstCard.match(/>[abcd]<\/span>/g)).toHaveLength(3);
  });

  it("filters by category with a shareable link", async () => {
    const html = await (await request("/blog?category=technical")).text();
    const titles = [...html.matchAll(/>List post (\d+)</g)].map((m) => Number(m[1]));
    expect(titles).toEqual([1, 3, 5, 7, 9, 11, 13]);
    expect(html).toMatch(/aria-current="page"[^>]*>Technical Implementation</);
    expect(await (await request("/blog?category=product")).text()).toContain("No blog posts found.");
  });

  it("says 'Failed to load blogs' inside the page when the list cannot load", async () => {
    const res = await request("/blog", {}, envWithFailingBatch());
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Failed to load blogs");
  });
});

describe("blog post", () => {
  it("renders the post with reading time, related posts of its category, meta and valid JSON-LD", async () => {
    const slug = `post-${uid()}`;
    await insertPost({
      slug,
      title: "Pricing <b>tiers</b> & plans",
      category: "product",
      excerpt: "Tiers that match store size.",
      content: [
        { type: "introduction", heading: "Why", content: "Price on **value**." },
        { type: "video" },
        { type: "paragraph", text: 7 },
      ],
    });
    for (let i = 0; i < 4; i++) await insertPost({ slug: `${slug}-rel-${i}`, title: `Related ${i}`, category: "product", daysAgo: i + 1 });
    await insertPost({ slug: `${slug}-other`, title: "Other category", category: "business" });
    const res = await request(`/blog/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Pricing &lt;b&gt;tiers&lt;/b&gt; &amp; plans");
    expect(html).toMatch(/Price on <strong[^>]*>value<\/strong>/);
    expect(html).toContain("Error displaying content");
    expect(html).toContain("1 min read");
    expect([...html.matchAll(/>Related (\d)</g)].map((m) => m[1])).toEqual(["0", "1", "2"]);
    expect(html).not.toContain("Other category");
    expect(html).toContain(`<link rel="canonical" href="http://localhost:8787/blog/${slug}"`);
    expect(html).toContain('property="og:type" content="article"');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    const [posting, crumbs] = ld["@graph"];
    expect(posting["@type"]).toBe("BlogPosting");
    expect(posting.headline).toBe("Pricing <b>tiers</b> & plans");
    expect(posting.datePublished).toBeTruthy();
    expect(posting.dateModified).toBeTruthy();
    expect(crumbs["@type"]).toBe("BreadcrumbList");
  });

  it("answers 404 with 'Blog post not found' for unknown and draft slugs", async () => {
    const draft = `draft-${uid()}`;
    await insertPost({ slug: draft, published: false });
    for (const slug of [draft, "no-such-post"]) {
      const res = await request(`/blog/${slug}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("Blog post not found");
      expect(html).toContain('href="/blog"');
    }
  });
});

describe("feed and sitemap", () => {
  it("serves RSS 2.0 of the 20 newest published posts, every text escaped", async () => {
    await insertPost({ slug: `feed-${uid()}`, title: `Feed <script>alert("x")</script> & more`, excerpt: "Q&A <b>bold</b>", daysAgo: -1 });
    const res = await request("/blog/rss.xml");
    expect(res.headers.get("Content-Type")).toContain("application/rss+xml");
    expect(res.headers.get("Cache-Control")).toContain("s-maxage=");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain("<title>Feed &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</title>");
    expect(xml).toContain("<description>Q&amp;A &lt;b&gt;bold&lt;/b&gt;</description>");
    expect(xml).not.toContain("<script>");
    const items = xml.match(/<item>/g) ?? [];
    expect(items.length).toBe(Math.min(20, (await all<{ n: number }>("SELECT count(*) AS n FROM blogs WHERE is_published = 1"))[0]!.n));
    // Well-formed: every element closes, and each item has the five fields.
    for (const tag of ["title", "link", "guid", "pubDate", "description", "category"]) {
      expect((xml.match(new RegExp(`<${tag}[ >]`, "g")) ?? []).length).toBe((xml.match(new RegExp(`</${tag}>`, "g")) ?? []).length);
    }
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });

  it("lists published posts in the sitemap with their last change, not drafts", async () => {
    const slug = `map-${uid()}`;
    const draft = `map-draft-${uid()}`;
    await insertPost({ slug });
    await insertPost({ slug: draft, published: false });
    const xml = await (await request("/sitemap.xml")).text();
    expect(xml).toMatch(new RegExp(`<loc>http://localhost:8787/blog/${slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(xml).not.toContain(draft);
  });
});

describe("admin Blogs tab", () => {
  let admin: { cookie: string };
  beforeAll(async () => {
    admin = await signedInAdmin();
  });
  const post = (path: string, fields: Record<string, string | string[]>) =>
    postForm(path, fields, { cookie: admin.cookie, headers: SAME_ORIGIN });
  const valid = () => ({
    title: `Admin post ${uid()}`,
    content: '[{"type":"paragraph","text":"Hi"}]',
    category: "marketing",
    intent: "save",
  });
  const toastAfter = async (res: Response) =>
    (await get(res.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(res, "__toast")}`)).text();

  it("creates with a slug made from the title, tags cleaned, published_at set; a draft has none", async () => {
    const fields = { ...valid(), title: "Scaling to 10K MRR: a playbook", tags: " growth, ,MRR ,  pricing ", isPublished: "on" };
    const res = await post("/admin/dashboard/blogs/new", fields);
    expect(res.status).toBe(302);
    expect(await toastAfter(res)).toContain("Blog created successfully");
    const [row] = await all<{ slug: string; tags: string; published_at: number | null }>(
      "SELECT slug, tags, published_at FROM blogs WHERE title = ?",
      fields.title,
    );
    expect(row!.slug).toBe("scaling-to-10k-mrr-a-playbook");
    expect(JSON.parse(row!.tags)).toEqual(["growth", "MRR", "pricing"]);
    expect(row!.published_at).toBeGreaterThan(Date.now() - 60_000);

    const draft = { ...valid(), tags: "" };
    await post("/admin/dashboard/blogs/new", draft);
    const [d] = await all<{ tags: string; published_at: number | null }>(
      "SELECT tags, published_at FROM blogs WHERE title = ?",
      draft.title,
    );
    expect(d).toEqual({ tags: "[]", published_at: null });
  });

  it("sets published_at to now on every save of a published post", async () => {
    const fields = { ...valid(), isPublished: "on" };
    await post("/admin/dashboard/blogs/new", fields);
    const [row] = await all<{ id: string; published_at: number; updated_at: number }>(
      "SELECT id, published_at, updated_at FROM blogs WHERE title = ?",
      fields.title,
    );
    await env.DB.prepare("UPDATE blogs SET published_at = ?2 WHERE id = ?1").bind(row!.id, 1000).run();
    const res = await post(`/admin/dashboard/blogs/${row!.id}`, { ...fields, _updatedAt: String(row!.updated_at) });
    expect(await toastAfter(res)).toContain("Blog updated successfully");
    expect((await all<{ published_at: number }>("SELECT published_at FROM blogs WHERE id = ?", row!.id))[0]!.published_at).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it("refuses invalid JSON (saying where), bad image URLs and too many tags, saving nothing", async () => {
    const fields = {
      ...valid(),
      content: '[{"type": "paragraph",\n  "text": oops}]',
      featuredImage: "http://insecure.example/x.png",
      authorImage: "javascript:alert(1)",
      tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(","),
    };
    const res = await post("/admin/dashboard/blogs/new", fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("<p>Content must be valid JSON</p>");
    expect(html).toMatch(/The first problem is at line 2, column \d+\./);
    expect(html.match(/<p>Please enter a valid URL<\/p>/g)).toHaveLength(2);
    expect(html).toContain("Use at most 10 tags");
    expect(await all("SELECT id FROM blogs WHERE title = ?", fields.title)).toEqual([]);
    const longTag = await post("/admin/dashboard/blogs/new", { ...valid(), tags: "x".repeat(41) });
    expect(await longTag.text()).toContain("Each tag must be at most 40 characters");
  });

  it("takes the featured and author images from the library or a typed https address, as the picker's radio says; the post's Open Graph image is the absolute /media/ URL", async () => {
    const key = `${"ab".repeat(32)}.png`;
    const fields = {
      ...valid(),
      slug: `pictured-${uid()}`,
      isPublished: "on",
      // The picker sends its radio, then the address box of the same name.
      featuredImage: [`/media/${key}`, ""],
      authorImage: ["url", "https://cdn.example.com/ada.png"],
    };
    const res = await post("/admin/dashboard/blogs/new", fields);
    expect(res.status).toBe(302);
    expect(await all("SELECT featured_image, author_image FROM blogs WHERE slug = ?", fields.slug)).toEqual([
      { featured_image: `/media/${key}`, author_image: "https://cdn.example.com/ada.png" },
    ]);
    const page = await (await request(`/blog/${fields.slug}`)).text();
    expect(page).toContain(`<meta property="og:image" content="${env.SITE_URL}/media/${key}"/>`);
    expect(page).toMatch(new RegExp(`<img src="/media/${key}" alt="" width="1200" height="675"`));

    // "No image" wins over an address left in the box; a typed address needs "Web address".
    const none = { ...valid(), slug: `plain-${uid()}`, featuredImage: ["", "https://cdn.example.com/left.png"], authorImage: "" };
    expect((await post("/admin/dashboard/blogs/new", none)).status).toBe(302);
    expect(await all("SELECT featured_image, author_image FROM blogs WHERE slug = ?", none.slug)).toEqual([
      { featured_image: null, author_image: null },
    ]);
    const bad = await post("/admin/dashboard/blogs/new", { ...valid(), featuredImage: ["url", "http://insecure.example/x.png"] });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Please enter a valid URL");
    // The form comes back with "Web address" chosen and the address kept.
    expect(html).toMatch(/<input type="radio" name="featuredImage"[^>]*checked=""[^>]*value="url"/);
    expect(html).toContain('value="http://insecure.example/x.png"');
  });

  it("refuses a post of no sections with the message under the content, and saves one built from sections", async () => {
    const empty = { ...valid(), content: "", contentMode: "blocks" };
    const res = await post("/admin/dashboard/blogs/new", empty);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Add at least one section: a post needs something to read.");
    expect(await all("SELECT id FROM blogs WHERE title = ?", empty.title)).toEqual([]);
    const built = { ...empty, "sections[0].type": "heading", "sections[0].text": "Why", "sections[0].level": "3" };
    expect((await post("/admin/dashboard/blogs/new", built)).status).toBe(302);
    expect(await all("SELECT content FROM blogs WHERE title = ?", built.title)).toEqual([
      { content: '[{"type":"heading","text":"Why","level":3}]' },
    ]);
  });

  it("refuses a taken slug and deletes with the spec's message", async () => {
    const fields = { ...valid(), slug: `taken-${uid()}` };
    await post("/admin/dashboard/blogs/new", fields);
    const again = await post("/admin/dashboard/blogs/new", { ...valid(), slug: fields.slug });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This slug is already used");
    const [row] = await all<{ id: string }>("SELECT id FROM blogs WHERE slug = ?", fields.slug);
    const del = await post(`/admin/dashboard/blogs/${row!.id}/delete`, { intent: "delete" });
    expect(await toastAfter(del)).toContain("Blog deleted successfully");
  });

  it("lists posts with title, category, status and date, says 'Failed to fetch blogs' when it cannot, and refuses anonymous requests", async () => {
    // Its own post, made now, so that it is the newest and on the first page whatever ran before.
    const fields = valid();
    expect((await post("/admin/dashboard/blogs/new", fields)).status).toBe(302);
    const html = await (await get("/admin/dashboard/blogs", admin.cookie)).text();
    const row = html.slice(html.indexOf(fields.title), html.indexOf("</tr>", html.indexOf(fields.title)));
    expect(row).toContain("Marketing &amp; Growth");
    expect(row).toContain("Draft");
    const failing = await request("/admin/dashboard/blogs", { headers: { Cookie: admin.cookie } }, envWithFailingBatch());
    expect(await failing.text()).toContain("Failed to fetch blogs");
    const anonymous = await get("/admin/dashboard/blogs/new");
    expect(anonymous.headers.get("Location")).toBe("/admin/login");
    const anonPost = await postForm("/admin/dashboard/blogs/new", valid(), { headers: SAME_ORIGIN });
    expect(anonPost.headers.get("Location")).toBe("/admin/login");
  });
});
