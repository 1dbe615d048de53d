/**
 * The content admin (pages, guides, content blocks) on the admin resource
 * pattern: create, edit, delete, every validation message, preview, the
 * stale-save check, search and pages, reorder, drafts hidden from visitors,
 * and no access without an admin session or from another origin.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, envWithFailingBatch, postForm, request } from "./helpers";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});

const uid = () => crypto.randomUUID().slice(0, 8);
const post = (path: string, fields: Record<string, string>, cookie = admin.cookie) =>
  postForm(path, fields, { cookie, headers: SAME_ORIGIN });
/** The text of the toast a redirect carries, read on the page it leads to. */
async function toastAfter(res: Response): Promise<string> {
  expect(res.status).toBe(302);
  const page = await get(res.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(res, "__toast")}`);
  return page.text();
}
const CONTENT = JSON.stringify([{ type: "paragraph", text: "Hello **world**" }]);

/** A valid form per resource, and the table and column naming it. */
const RESOURCES = {
  pages: {
    table: "pages",
    key: "slug",
    singular: "Page",
    valid: () => ({ title: `Page ${uid()}`, slug: `page-${uid()}`, content: CONTENT, isPublished: "on" }),
  },
  guides: {
    table: "guides",
    key: "slug",
    singular: "Guide",
    valid: () => ({
      title: `Guide ${uid()}`,
      slug: `guide-${uid()}`,
      content: CONTENT,
      category: "Launch",
      orderIndex: "3",
      isPublished: "on",
    }),
  },
  "content-blocks": {
    table: "content_blocks",
    key: "name",
    singular: "Content block",
    valid: () => ({ name: `block-${uid()}`, type: "banner", content: '{"text":"Hi"}' }),
  },
} as const;

describe.each(Object.entries(RESOURCES))("%s", (tab, r) => {
  const rowsOf = (value: string) => all<Record<string, unknown>>(`SELECT * FROM ${r.table} WHERE ${r.key} = ?`, value);

  it("creates, edits and deletes with the spec's toasts", async () => {
    const fields = r.valid();
    const key = (fields as Record<string, string>)[r.key]!;
    const created = await post(`/admin/dashboard/${tab}/new`, { ...fields, intent: "save" });
    expect(created.headers.get("Location")).toBe(`/admin/dashboard/${tab}`);
    expect(await toastAfter(created)).toContain(`${r.singular} created successfully`);
    const [row] = await rowsOf(key);
    expect(row).toBeDefined();

    const edit = await get(`/admin/dashboard/${tab}/${row!.id}`, admin.cookie);
    expect(edit.status).toBe(200);
    const updated = await post(`/admin/dashboard/${tab}/${row!.id}`, {
      ...fields,
      content: "[]",
      intent: "save",
      _updatedAt: String(row!.updated_at),
    });
    expect(await toastAfter(updated)).toContain(`${r.singular} updated successfully`);
    expect((await rowsOf(key))[0]!.content).toBe("[]");

    const confirm = await get(`/admin/dashboard/${tab}/${row!.id}/delete`, admin.cookie);
    const confirmHtml = await confirm.text();
    expect(confirmHtml).toContain(`Delete this ${r.singular.toLowerCase()}?`);
    expect(confirmHtml).not.toContain('value="save"'); // the confirmation page itself, not the edit form
    const deleted = await post(`/admin/dashboard/${tab}/${row!.id}/delete`, { intent: "delete" });
    expect(await toastAfter(deleted)).toContain(`${r.singular} deleted successfully`);
    expect(await rowsOf(key)).toEqual([]);
  });

  it("stores raw text when the content is not JSON", async () => {
    const fields = { ...r.valid(), content: "Plain words, { not json" };
    await post(`/admin/dashboard/${tab}/new`, { ...fields, intent: "save" });
    expect((await rowsOf((fields as Record<string, string>)[r.key]!))[0]!.content).toBe("Plain words, { not json");
  });

  it("refuses a stale save and keeps what the admin typed", async () => {
    const fields = r.valid();
    const key = (fields as Record<string, string>)[r.key]!;
    await post(`/admin/dashboard/${tab}/new`, { ...fields, intent: "save" });
    const [row] = await rowsOf(key);
    const first = await post(`/admin/dashboard/${tab}/${row!.id}`, {
      ...fields,
      content: '["first"]',
      intent: "save",
      _updatedAt: String(row!.updated_at),
    });
    expect(first.status).toBe(302);
    const second = await post(`/admin/dashboard/${tab}/${row!.id}`, {
      ...fields,
      content: "Second admin's text",
      intent: "save",
      _updatedAt: String(row!.updated_at),
    });
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(html).toContain("was changed by someone else after you opened it");
    expect(html).toContain("Second admin&#x27;s text");
    expect((await rowsOf(key))[0]!.content).toBe('["first"]');
  });

  it("previews the unsaved content through the renderer without saving", async () => {
    const fields = r.valid();
    const res = await post(`/admin/dashboard/${tab}/new`, {
      ...fields,
      content: JSON.stringify([{ type: "heading", text: "Preview me" }]),
      intent: "preview",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<h2[^>]*>Preview me<\/h2>/);
    expect(await rowsOf((fields as Record<string, string>)[r.key]!)).toEqual([]);
  });

  it("refuses anonymous and cross-origin requests", async () => {
    for (const path of [`/admin/dashboard/${tab}`, `/admin/dashboard/${tab}/new`, `/admin/dashboard/${tab}/x/delete`]) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/login");
    }
    const fields = r.valid();
    const anonymous = await postForm(`/admin/dashboard/${tab}/new`, { ...fields, intent: "save" }, { headers: SAME_ORIGIN });
    expect(anonymous.headers.get("Location")).toBe("/admin/login");
    const crossOrigin = await postForm(
      `/admin/dashboard/${tab}/new`,
      { ...fields, intent: "save" },
      { cookie: admin.cookie, headers: { Origin: "https://evil.example" } },
    );
    expect(crossOrigin.status).toBe(403);
    expect(await rowsOf((fields as Record<string, string>)[r.key]!)).toEqual([]);
  });
});

describe("validation", () => {
  it("answers every page rule with its message, 400, and keeps the values", async () => {
    const empty = await post("/admin/dashboard/pages/new", { intent: "save" });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("Please enter a slug");
    expect(html).toContain("Please enter a title");

    const bad = await post("/admin/dashboard/pages/new", { title: "Kept title", slug: "Bad Slug!", intent: "save" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Use lowercase letters, digits and single dashes");
    expect(badHtml).toContain('value="Kept title"');

    const long = await post("/admin/dashboard/pages/new", { title: "x".repeat(201), slug: "a".repeat(81), intent: "save" });
    const longHtml = await long.text();
    expect(longHtml).toContain("Title must be less than 200 characters");
    expect(longHtml).toContain("Slug must be less than 80 characters");
  });

  it("refuses a slug that is taken or that the site already serves", async () => {
    const slug = `taken-${uid()}`;
    await post("/admin/dashboard/pages/new", { title: "First", slug, intent: "save" });
    const taken = await post("/admin/dashboard/pages/new", { title: "Second", slug, intent: "save" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("This slug is already used: choose another");
    for (const reserved of ["admin", "onboarding", "questions-and-answers", "contact", "guides", "playbooks"]) {
      const res = await post("/admin/dashboard/pages/new", { title: "Shadow", slug: reserved, intent: "save" });
      expect(res.status, reserved).toBe(400);
      expect(await res.text()).toContain("The site already serves this address");
    }
    expect(await all("SELECT slug FROM pages WHERE title = 'Shadow'")).toEqual([]);
  });

  it("refuses a content block name that exists, in the block's words", async () => {
    const name = `dup-${uid()}`;
    await post("/admin/dashboard/content-blocks/new", { name, type: "widget", intent: "save" });
    const again = await post("/admin/dashboard/content-blocks/new", { name, type: "widget", intent: "save" });
    expect(await again.text()).toContain("A content block with this name already exists");
    const noType = await post("/admin/dashboard/content-blocks/new", { name: `x-${uid()}`, intent: "save" });
    expect(await noType.text()).toContain("Please enter a type");
  });
});

describe("guides", () => {
  it("falls back to order 0 when the order is not a number, and a new guide defaults to the guide count", async () => {
    const slug = `order-${uid()}`;
    await post("/admin/dashboard/guides/new", { title: "Order fallback", slug, orderIndex: "abc", intent: "save" });
    expect(await all("SELECT order_index FROM guides WHERE slug = ?", slug)).toEqual([{ order_index: 0 }]);
    const n = (await all<{ n: number }>("SELECT count(*) AS n FROM guides"))[0]!.n;
    expect(await (await get("/admin/dashboard/guides/new", admin.cookie)).text()).toMatch(
      new RegExp(`name="orderIndex"[^>]*value="${n}"|value="${n}"[^>]*name="orderIndex"`),
    );
  });

  it("moves a guide up and down (plain forms)", async () => {
    await env.DB.prepare("DELETE FROM guides").run();
    for (const [i, t] of ["Alpha", "Beta", "Gamma"].entries()) {
      await post("/admin/dashboard/guides/new", { title: t, slug: `move-${t.toLowerCase()}`, orderIndex: String(i), intent: "save" });
    }
    const [alpha] = await all<{ id: string }>("SELECT id FROM guides WHERE title = 'Alpha'");
    const moved = await post("/admin/dashboard/guides", { intent: "move-down", id: alpha!.id });
    expect(await toastAfter(moved)).toContain("Guide moved down");
    expect((await all<{ title: string }>("SELECT title FROM guides ORDER BY order_index")).map((g) => g.title)).toEqual([
      "Beta",
      "Alpha",
      "Gamma",
    ]);
    await post("/admin/dashboard/guides", { intent: "move-up", id: alpha!.id });
    await post("/admin/dashboard/guides", { intent: "move-up", id: alpha!.id });
    expect((await all<{ title: string }>("SELECT title FROM guides ORDER BY order_index")).map((g) => g.title)).toEqual([
      "Alpha",
      "Beta",
      "Gamma",
    ]);
  });

  it("shows a published guide at /guides/{slug}, on the playbooks hub and in the sitemap; a draft is a 404", async () => {
    const slug = `visible-${uid()}`;
    await post("/admin/dashboard/guides/new", {
      title: "Launch checklist guide",
      slug,
      description: "Everything before launch.",
      content: CONTENT,
      isPublished: "on",
      intent: "save",
    });
    const page = await request(`/guides/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Launch checklist guide");
    expect(html).toMatch(/Hello <strong[^>]*>world<\/strong>/);
    expect(await (await request("/playbooks")).text()).toContain(`href="/guides/${slug}"`);
    expect(await (await request("/sitemap.xml")).text()).toContain(`/guides/${slug}</loc>`);

    const draft = `draft-${uid()}`;
    await post("/admin/dashboard/guides/new", { title: "Draft guide", slug: draft, intent: "save" });
    expect((await request(`/guides/${draft}`)).status).toBe(404);
    expect((await request(`/guides/no-such-guide`)).status).toBe(404);
    expect(await (await request("/playbooks")).text()).not.toContain(draft);
  });
});

describe("pages", () => {
  it("serves a published page at /{slug} and in the sitemap; a draft is a 404; the list links to the live page", async () => {
    const slug = `live-${uid()}`;
    await post("/admin/dashboard/pages/new", { title: "Live page", slug, content: CONTENT, isPublished: "on", intent: "save" });
    expect((await request(`/${slug}`)).status).toBe(200);
    expect(await (await request("/sitemap.xml")).text()).toContain(`/${slug}</loc>`);
    expect(await (await get(`/admin/dashboard/pages?q=Live%20page`, admin.cookie)).text()).toContain(`href="/${slug}"`);
    const draft = `draft-${uid()}`;
    await post("/admin/dashboard/pages/new", { title: "Draft page", slug: draft, intent: "save" });
    expect((await request(`/${draft}`)).status).toBe(404);
  });

  it("searches by title and pages 25 at a time", async () => {
    const tag = `zq${uid()}`;
    await make.page.createMany(
      env.DB,
      Array.from({ length: 30 }, (_, i) => ({ slug: `${tag}-${i}`, title: `Searchable ${tag.toUpperCase()} ${i}` })),
    );
    const editLinks = /href="\/admin\/dashboard\/pages\/[0-9a-f-]{36}"/g;
    const first = await (await get(`/admin/dashboard/pages?q=${tag}`, admin.cookie)).text();
    expect(first.match(editLinks)).toHaveLength(25);
    expect(first).toContain("Page 1 of 2");
    const second = await (await get(`/admin/dashboard/pages?q=${tag}&page=2`, admin.cookie)).text();
    expect(second.match(editLinks)).toHaveLength(5);
    const odd = await get(`/admin/dashboard/pages?q=${encodeURIComponent("%_' \"".repeat(30))}`, admin.cookie);
    expect(odd.status).toBe(200);
    expect(await odd.text()).toContain("No pages match");
  });

  it("shows 'Failed to fetch pages' inside the tab (503) when the list cannot load", async () => {
    const res = await request("/admin/dashboard/pages", { headers: { Cookie: admin.cookie } }, envWithFailingBatch());
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Failed to fetch pages");
  });
});

describe("content blocks the site uses", () => {
  it("says where a block is used and asks for a stronger confirmation before deleting it; the page still renders", async () => {
    const list = await (await get("/admin/dashboard/content-blocks", admin.cookie)).text();
    expect(list).toContain("Used on /");
    const [block] = await all<{ id: string }>("SELECT id FROM content_blocks WHERE name = 'home-announcement'");
    const confirm = await (await get(`/admin/dashboard/content-blocks/${block!.id}/delete`, admin.cookie)).text();
    expect(confirm).toContain("The home page will no longer show its announcement strip");
    const refused = await post(`/admin/dashboard/content-blocks/${block!.id}/delete`, { intent: "delete" });
    // Without the box ticked: 400 with the message under the box, and nothing deleted.
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Tick the box to confirm what the site will lose.");
    expect(await all("SELECT id FROM content_blocks WHERE name = 'home-announcement'")).toHaveLength(1);
    const deleted = await post(`/admin/dashboard/content-blocks/${block!.id}/delete`, { intent: "delete", confirm: "yes" });
    expect(await toastAfter(deleted)).toContain("Content block deleted successfully");
    const home = await request("/");
    expect(home.status).toBe(200);
    expect(await home.text()).not.toContain('aria-label="Announcement"');
  });
});
