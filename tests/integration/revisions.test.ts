/**
 * Revisions on the admin resource pattern (pages, guides, content blocks,
 * blogs): a save keeps the version it replaces, with who saved that version
 * and when, in the same D1 batch as the save and the pruning beyond 50; the
 * edit page lists them; a version's page renders it and compares it by field;
 * a restore is a new save (stale-checked, itself kept); a save the database
 * refuses leaves neither the save nor a revision; lists show who last saved.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/format";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, envRacingOn, postForm, request } from "./helpers";

type Admin = { email: string; cookie: string };
let ada: Admin;
let bob: Admin;
beforeAll(async () => {
  ada = await signedInAdmin();
  bob = await signedInAdmin();
});

const uid = () => crypto.randomUUID().slice(0, 8);
const post = (path: string, fields: Record<string, string>, admin: Admin = ada) =>
  postForm(path, fields, { cookie: admin.cookie, headers: SAME_ORIGIN });
/** The text of the toast a redirect carries, read on the page it leads to. */
async function toastAfter(res: Response, admin: Admin): Promise<string> {
  expect(res.status).toBe(302);
  const page = await get(res.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(res, "__toast")}`);
  return page.text();
}

type Row = Record<string, unknown> & { id: string; updated_at: number; updated_by: string | null };
type Revision = { id: string; resource: string; record_id: string; data: string; saved_by: string | null; saved_at: number };
const revisionsOf = (recordId: string) =>
  all<Revision>("SELECT * FROM revisions WHERE record_id = ? ORDER BY saved_at DESC, created_at DESC", recordId);

const FIRST = JSON.stringify([{ type: "paragraph", text: "First **version**" }]);
const SECOND = JSON.stringify([{ type: "paragraph", text: "Second version" }]);

/** Each resource that keeps revisions: a valid form, its table and the column naming a record. */
const RESOURCES = {
  pages: { table: "pages", key: "slug", valid: () => ({ title: `Page ${uid()}`, slug: `page-${uid()}`, content: FIRST }) },
  guides: {
    table: "guides",
    key: "slug",
    valid: () => ({ title: `Guide ${uid()}`, slug: `guide-${uid()}`, content: FIRST, category: "Launch", orderIndex: "2" }),
  },
  "content-blocks": { table: "content_blocks", key: "name", valid: () => ({ name: `block-${uid()}`, type: "banner", content: FIRST }) },
  blogs: {
    table: "blogs",
    key: "slug",
    valid: () => ({ title: `Post ${uid()}`, slug: `post-${uid()}`, content: FIRST, category: "marketing", tags: "launch, growth" }),
  },
} as const;
type Tab = keyof typeof RESOURCES;

/** Creates a record as `admin` and returns its row. */
async function create(tab: Tab, admin: Admin = ada, extra: Record<string, string> = {}) {
  const r = RESOURCES[tab];
  const fields: Record<string, string> = { ...r.valid(), ...extra };
  const res = await post(`/admin/dashboard/${tab}/new`, { ...fields, intent: "save" }, admin);
  expect(res.status).toBe(302);
  const [row] = await all<Row>(`SELECT * FROM ${r.table} WHERE ${r.key} = ?`, fields[r.key]);
  return { fields, row: row! };
}
const rowOf = async (tab: Tab, id: string) => (await all<Row>(`SELECT * FROM ${RESOURCES[tab].table} WHERE id = ?`, id))[0]!;
/** Saves `changes` over the record's fields, as `admin`, from the version stored at `updatedAt`. */
const save = (tab: Tab, row: Row, fields: Record<string, string>, changes: Record<string, string>, admin: Admin = ada) =>
  post(`/admin/dashboard/${tab}/${row.id}`, { ...fields, ...changes, intent: "save", _updatedAt: String(row.updated_at) }, admin);

describe.each(Object.keys(RESOURCES) as Tab[])("%s", (tab) => {
  it("keeps the replaced version, with who saved it and when, and records who saved the new one", async () => {
    const { fields, row } = await create(tab, ada);
    expect(row.updated_by).toBe(ada.email);
    expect(await revisionsOf(row.id)).toEqual([]);

    expect((await save(tab, row, fields, { content: SECOND }, bob)).status).toBe(302);

    const saved = await rowOf(tab, row.id);
    expect(saved.updated_by).toBe(bob.email);
    const [revision, ...more] = await revisionsOf(row.id);
    expect(more).toEqual([]);
    expect(revision).toMatchObject({ resource: tab, record_id: row.id, saved_by: ada.email, saved_at: row.updated_at });
    // Every column of the row as it was.
    const data = JSON.parse(revision!.data) as Record<string, unknown>;
    expect(Object.keys(data).sort()).toEqual(Object.keys(row).sort());
    expect(data).toMatchObject({ id: row.id, updated_by: ada.email, updated_at: row.updated_at, content: row.content });

    // The edit page lists it: who and when, linked to its page.
    const html = await (await get(`/admin/dashboard/${tab}/${row.id}`, ada.cookie)).text();
    expect(html).toContain("Earlier versions");
    expect(html).toContain(formatDateTime(row.updated_at));
    expect(html).toContain(` by ${ada.email}`);
    expect(html).toContain(`href="/admin/dashboard/${tab}/${row.id}/revisions/${revision!.id}"`);
  });

  it("shows a version rendered, compared by field with the current one", async () => {
    const { fields, row } = await create(tab);
    await save(tab, row, fields, { content: SECOND });
    const [revision] = await revisionsOf(row.id);
    const res = await get(`/admin/dashboard/${tab}/${row.id}/revisions/${revision!.id}`, ada.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Version from ${formatDateTime(row.updated_at)}`);
    expect(html).toContain("This version, as the site shows it");
    expect(html).toMatch(/First <strong[^>]*>version<\/strong>/); // rendered by the site's renderer
    expect(html).toContain("1 field differs.");
    // The content row is marked, the others are not.
    const rows = [...html.matchAll(/<tr[^>]*>.*?<\/tr>/gs)].map((m) => m[0]);
    const contentRow = rows.find((r) => /scope="row"[^>]*>Content</.test(r))!;
    expect(contentRow).toContain("Changed");
    expect(contentRow).toContain("Second version");
    expect(rows.filter((r) => r.includes("Changed"))).toHaveLength(1);
    expect(html).toContain(`name="_updatedAt" value="${(await rowOf(tab, row.id)).updated_at}"`);
  });

  it("restores a version as a new save, which keeps the version it replaces", async () => {
    const { fields, row } = await create(tab, ada);
    await save(tab, row, fields, { content: SECOND }, ada);
    const current = await rowOf(tab, row.id);
    const [revision] = await revisionsOf(row.id);

    const res = await post(`/admin/dashboard/${tab}/${row.id}/revisions/${revision!.id}`, { _updatedAt: String(current.updated_at) }, bob);
    expect(res.headers.get("Location")).toBe(`/admin/dashboard/${tab}/${row.id}`);
    expect(await toastAfter(res, bob)).toContain(`Version from ${formatDateTime(row.updated_at)} restored`);

    const restored = await rowOf(tab, row.id);
    expect(restored.content).toBe(row.content);
    expect(restored.updated_by).toBe(bob.email);
    if (tab === "blogs") expect(restored.tags).toBe(row.tags); // the form's "a, b" read back as the same list
    const kept = await revisionsOf(row.id);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatchObject({ saved_at: current.updated_at, saved_by: ada.email });
    expect((JSON.parse(kept[0]!.data) as { content: unknown }).content).toBe(current.content);
  });
});

describe("pages", () => {
  it("refuses a restore from a page opened before someone else saved (409), storing nothing", async () => {
    const { fields, row } = await create("pages");
    await save("pages", row, fields, { content: SECOND });
    const opened = await rowOf("pages", row.id);
    const [revision] = await revisionsOf(row.id);
    // Bob saves while Ada looks at the version.
    await save("pages", opened, fields, { title: "Bob's title" }, bob);
    const before = await rowOf("pages", row.id);
    const revisionsBefore = await revisionsOf(row.id);

    const res = await post(`/admin/dashboard/pages/${row.id}/revisions/${revision!.id}`, { _updatedAt: String(opened.updated_at) });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This page was changed by someone else after you opened it.");
    expect(await rowOf("pages", row.id)).toEqual(before);
    expect(await revisionsOf(row.id)).toEqual(revisionsBefore);
  });

  it("refuses a restore whose slug another page has taken since, with the field's message, storing nothing", async () => {
    const { fields, row } = await create("pages");
    await save("pages", row, fields, { slug: `moved-${uid()}` });
    const [revision] = await revisionsOf(row.id);
    await create("pages", ada, { slug: fields.slug! }); // another page takes the old slug
    const current = await rowOf("pages", row.id);

    const res = await post(`/admin/dashboard/pages/${row.id}/revisions/${revision!.id}`, { _updatedAt: String(current.updated_at) });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Slug: This slug is already used: choose another");
    expect(await rowOf("pages", row.id)).toEqual(current);
    expect(await revisionsOf(row.id)).toHaveLength(1);
  });

  it("keeps the newest 50 versions: the save that adds one prunes the rest in its batch", async () => {
    const { fields, row } = await create("pages");
    // 55 older versions, stored as a save would have.
    const seeded = Array.from({ length: 55 }, (_, i) => ({ id: `seed-${row.id}-${i}`, savedAt: row.updated_at - 1000 * (55 - i) }));
    await make.revision.createMany(
      env.DB,
      seeded.map(({ id, savedAt }) => ({
        id,
        resource: "pages",
        recordId: row.id,
        data: "{}",
        savedBy: "old@example.com",
        savedAt: new Date(savedAt),
      })),
    );
    expect(await revisionsOf(row.id)).toHaveLength(55);

    expect((await save("pages", row, fields, { content: SECOND })).status).toBe(302);

    const kept = await revisionsOf(row.id);
    expect(kept).toHaveLength(50);
    expect(kept[0]).toMatchObject({ saved_at: row.updated_at, saved_by: ada.email }); // the version just replaced
    // The oldest six went; the newest 49 seeded stay.
    expect(kept.slice(1).map((r) => r.id)).toEqual(
      seeded
        .slice(6)
        .reverse()
        .map((s) => s.id),
    );
    // The edit page lists the last 20.
    const html = await (await get(`/admin/dashboard/pages/${row.id}`, ada.cookie)).text();
    expect(html.match(/View version<span/g)).toHaveLength(20);
  });

  it("leaves neither the save nor its revision when the database refuses the save (a slug taken in a race)", async () => {
    const a = await create("pages");
    const b = await create("pages");
    const slug = `race-${uid()}`;
    // Both saves pass the slug check before either writes: the second batch is refused by the unique index.
    const racing = envRacingOn(/from "pages" where "pages"."slug" = \?/);
    const send = (x: typeof a) =>
      request(
        `/admin/dashboard/pages/${x.row.id}`,
        {
          method: "POST",
          body: new URLSearchParams({ ...x.fields, slug, content: SECOND, intent: "save", _updatedAt: String(x.row.updated_at) }),
          headers: { Cookie: ada.cookie, ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          redirect: "manual",
        },
        racing,
      );
    const answers = await Promise.all([send(a), send(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    const [won, lost] = answers[0].status === 302 ? [a, b] : [b, a];
    expect(await answers.find((r) => r.status === 400)!.text()).toContain("This slug is already used: choose another");

    expect(await rowOf("pages", lost.row.id)).toEqual(lost.row);
    expect(await revisionsOf(lost.row.id)).toEqual([]);
    expect((await rowOf("pages", won.row.id)).slug).toBe(slug);
    expect(await revisionsOf(won.row.id)).toHaveLength(1);
  });

  it("lists who last saved each record", async () => {
    const { fields, row } = await create("pages", ada, { title: `Listed ${uid()}` });
    await save("pages", row, fields, { content: SECOND }, bob);
    const html = await (await get(`/admin/dashboard/pages?q=${encodeURIComponent(fields.title!)}`, ada.cookie)).text();
    expect(html).toContain("Last saved by");
    expect(html).toContain(bob.email);
  });

  it("guards the version page and its restore", async () => {
    const { fields, row } = await create("pages");
    await save("pages", row, fields, { content: SECOND });
    const [revision] = await revisionsOf(row.id);
    const path = `/admin/dashboard/pages/${row.id}/revisions/${revision!.id}`;
    expect((await get(path)).headers.get("Location")).toBe("/admin/login");
    const anonymous = await postForm(path, { _updatedAt: "1" }, { headers: SAME_ORIGIN });
    expect(anonymous.headers.get("Location")).toBe("/admin/login");
    expect(await revisionsOf(row.id)).toHaveLength(1);
    expect((await get(`/admin/dashboard/pages/${row.id}/revisions/no-such-version`, ada.cookie)).status).toBe(404);
  });
});

describe("Q&A", () => {
  it("keeps no revisions and has no version page", async () => {
    const { id } = await make.qaSubmission.create(env.DB, { title: "Q", question: "What?" });
    expect((await get(`/admin/dashboard/qa/${id}/revisions/anything`, ada.cookie)).status).toBe(404);
  });
});
