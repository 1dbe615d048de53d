/**
 * The audit log (ADR 0011): every admin write records who, what, which record
 * and from where in the write's own D1 batch, so an entry and its write exist
 * together or not at all (a stale save, a save refused by the database, a
 * failed batch leave neither); sign-ins and failed sign-ins are recorded
 * without keeping a stranger's typed email; exports are recorded before they
 * stream. The /admin/audit tab filters and pages; its CSV goes through the one
 * writer and is itself recorded; the cron removes entries past the retention.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, pages } from "~/db/schema";
import { auditEntry, emailHash } from "~/lib/audit.server";
import { getDb } from "~/lib/db.server";
import { blogsServer } from "~/features/blog/blog.resource.server";
import { contentBlocksServer, guidesServer, pagesServer } from "~/features/content/resources.server";
import { PNG } from "../fixtures/images";
import worker from "../../server";
import * as make from "../factories";
import { createUser, login, SAME_ORIGIN } from "./admin-helpers";
import { all, cookieFrom, envRacingOn, envWithFailingBatch, request } from "./helpers";

type Admin = { id: string; email: string; cookie: string; ip: string };
type Entry = {
  id: string;
  at: number;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  resource: string | null;
  record_id: string | null;
  address: string | null;
  detail: string | null;
};

const uid = () => crypto.randomUUID().slice(0, 8);
let ipCount = 0;
const ip = () => `198.51.100.${(ipCount += 1)}`;

/** A new admin signed in from its own address. */
async function adminFrom(address = ip()): Promise<Admin> {
  const user = await createUser();
  const res = await login(user.email, user.password, { ip: address });
  expect(res.status).toBe(302);
  return { id: user.id, email: user.email, cookie: cookieFrom(res, "__admin_session"), ip: address };
}

const post = (admin: Admin, path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return request(path, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Cookie: admin.cookie, ...SAME_ORIGIN, "CF-Connecting-IP": admin.ip, "Content-Type": "application/x-www-form-urlencoded" },
  });
};
const getAs = (admin: Admin, path: string, headers: Record<string, string> = {}) =>
  request(path, { headers: { Cookie: admin.cookie, "CF-Connecting-IP": admin.ip, ...headers }, redirect: "manual" });

const entriesOf = (recordId: string) => all<Entry>("SELECT * FROM audit_log WHERE record_id = ? ORDER BY at, rowid", recordId);
const entriesBy = (email: string) => all<Entry>("SELECT * FROM audit_log WHERE actor_email = ? ORDER BY at, rowid", email);
const detailOf = (e: Entry | undefined) => (e?.detail ? (JSON.parse(e.detail) as Record<string, unknown>) : null);

/** What every entry of `admin` must say about who and where. */
const by = (admin: Admin) => ({ actor_id: admin.id, actor_email: admin.email, address: admin.ip });

let ada: Admin;
beforeAll(async () => {
  ada = await adminFrom();
});

// ------------------------------------------------------------ resource writes

const CONTENT = JSON.stringify([{ type: "paragraph", text: "Hello" }]);
const FORMS = {
  pages: { table: "pages", key: "slug", valid: () => ({ title: `Page ${uid()}`, slug: `page-${uid()}`, content: CONTENT }) },
  guides: {
    table: "guides",
    key: "slug",
    valid: () => ({ title: `Guide ${uid()}`, slug: `guide-${uid()}`, content: CONTENT, orderIndex: "1" }),
  },
  "content-blocks": { table: "content_blocks", key: "name", valid: () => ({ name: `block-${uid()}`, type: "banner", content: CONTENT }) },
  blogs: {
    table: "blogs",
    key: "slug",
    valid: () => ({ title: `Post ${uid()}`, slug: `post-${uid()}`, content: CONTENT, category: "marketing", tags: "a" }),
  },
} as const;
type Tab = keyof typeof FORMS;
const SERVERS = { pages: pagesServer, guides: guidesServer, "content-blocks": contentBlocksServer, blogs: blogsServer };

async function create(tab: Tab, admin = ada) {
  const fields: Record<string, string> = FORMS[tab].valid();
  const res = await post(admin, `/admin/dashboard/${tab}/new`, { ...fields, intent: "save" });
  expect(res.status).toBe(302);
  const [row] = await all<{ id: string; updated_at: number }>(
    `SELECT id, updated_at FROM ${FORMS[tab].table} WHERE ${FORMS[tab].key} = ?`,
    fields[FORMS[tab].key],
  );
  return { fields, row: row! };
}

describe.each(Object.keys(FORMS) as Tab[])("%s", (tab) => {
  it("records the create, each update and the delete: who, what, which record, from where", async () => {
    const { fields, row } = await create(tab);
    const title = fields.title ?? fields.name;
    const saved = await post(ada, `/admin/dashboard/${tab}/${row.id}`, { ...fields, intent: "save", _updatedAt: String(row.updated_at) });
    expect(saved.status).toBe(302);
    const deleted = await post(ada, `/admin/dashboard/${tab}/${row.id}/delete`, { intent: "delete", confirm: "yes" });
    expect(deleted.status).toBe(302);

    const entries = await entriesOf(row.id);
    expect(entries.map((e) => e.action)).toEqual([`${tab}.create`, `${tab}.update`, `${tab}.delete`]);
    for (const e of entries) expect(e).toMatchObject({ ...by(ada), resource: tab, record_id: row.id });
    expect(detailOf(entries[0])).toEqual({ title });
    expect(detailOf(entries[1])).toBeNull();
    expect(detailOf(entries[2])).toEqual({ title });
    expect(entries[0]!.at).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records nothing for a stale save (409), and nothing for a delete of a record already gone", async () => {
    const { fields, row } = await create(tab);
    const first = await post(ada, `/admin/dashboard/${tab}/${row.id}`, { ...fields, intent: "save", _updatedAt: String(row.updated_at) });
    expect(first.status).toBe(302);
    const stale = await post(ada, `/admin/dashboard/${tab}/${row.id}`, { ...fields, intent: "save", _updatedAt: String(row.updated_at) });
    expect(stale.status).toBe(409);
    expect((await entriesOf(row.id)).map((e) => e.action)).toEqual([`${tab}.create`, `${tab}.update`]);
    // A delete that lost a race (the record went between the confirmation and the batch) changes nothing and records nothing.
    await env.DB.prepare(`DELETE FROM ${FORMS[tab].table} WHERE id = ?`).bind(row.id).run();
    const server = SERVERS[tab];
    const audit = { action: `${tab}.delete`, actor: { email: ada.email }, resource: tab } as const;
    expect(await server.remove(env, row.id, audit)).toBe(false);
    expect((await entriesOf(row.id)).map((e) => e.action)).toEqual([`${tab}.create`, `${tab}.update`]);
  });
});

describe("guides", () => {
  it("records a reorder", async () => {
    await create("guides");
    const { row } = await create("guides");
    expect((await post(ada, "/admin/dashboard/guides", { intent: "move-up", id: row.id })).status).toBe(302);
    const [entry] = (await entriesOf(row.id)).filter((e) => e.action === "guides.reorder");
    expect(entry).toMatchObject({ ...by(ada), resource: "guides" });
    expect(detailOf(entry)).toEqual({ moved: "up" });
  });
});

describe("together or not at all", () => {
  it("a restore is recorded as one, naming the version", async () => {
    const { fields, row } = await create("pages");
    await post(ada, `/admin/dashboard/pages/${row.id}`, { ...fields, title: "Second", intent: "save", _updatedAt: String(row.updated_at) });
    const [revision] = await all<{ id: string }>("SELECT id FROM revisions WHERE record_id = ?", row.id);
    const [current] = await all<{ updated_at: number }>("SELECT updated_at FROM pages WHERE id = ?", row.id);
    const res = await post(ada, `/admin/dashboard/pages/${row.id}/revisions/${revision!.id}`, { _updatedAt: String(current!.updated_at) });
    expect(res.status).toBe(302);
    const entries = await entriesOf(row.id);
    expect(entries.map((e) => e.action)).toEqual(["pages.create", "pages.update", "pages.restore"]);
    expect(detailOf(entries[2])).toEqual({ revision: revision!.id });
  });

  it("a save the database refuses (a slug taken in a race) leaves neither the save nor an entry", async () => {
    const a = await create("pages");
    const b = await create("pages");
    const slug = `race-${uid()}`;
    const racing = envRacingOn(/from "pages" where "pages"."slug" = \?/);
    const send = (x: typeof a) =>
      request(
        `/admin/dashboard/pages/${x.row.id}`,
        {
          method: "POST",
          body: new URLSearchParams({ ...x.fields, slug, intent: "save", _updatedAt: String(x.row.updated_at) }),
          headers: { Cookie: ada.cookie, ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          redirect: "manual",
        },
        racing,
      );
    const answers = await Promise.all([send(a), send(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    const winner = answers[0].status === 302 ? a : b;
    const loser = winner === a ? b : a;
    expect((await entriesOf(winner.row.id)).map((e) => e.action)).toEqual(["pages.create", "pages.update"]);
    expect((await entriesOf(loser.row.id)).map((e) => e.action)).toEqual(["pages.create"]);
  });

  it("a failed batch leaves neither the record nor its entry", async () => {
    const fields = FORMS.pages.valid();
    const res = await request(
      "/admin/dashboard/pages/new",
      {
        method: "POST",
        body: new URLSearchParams({ ...fields, intent: "save" }),
        headers: { Cookie: ada.cookie, ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      },
      envWithFailingBatch(),
    );
    expect(res.status).toBe(503);
    expect(await all("SELECT id FROM pages WHERE slug = ?", fields.slug)).toEqual([]);
    expect(await all("SELECT id FROM audit_log WHERE detail LIKE ?", `%${fields.title}%`)).toEqual([]);
  });

  it("auditEntry rides in the write's batch: when the write fails, the entry is rolled back with it", async () => {
    const db = getDb(env);
    const { fields } = await create("pages");
    const recordId = crypto.randomUUID();
    await expect(
      db.batch([
        auditEntry(db, { action: "pages.create", actor: { email: ada.email }, resource: "pages", recordId }),
        db.insert(pages).values({ id: recordId, slug: fields.slug!, title: "Same slug" }),
      ]),
    ).rejects.toThrow(/UNIQUE/);
    expect(await entriesOf(recordId)).toEqual([]);
    // And with the write accepted, both are there.
    await db.batch([
      db.insert(pages).values({ id: recordId, slug: `ok-${uid()}`, title: "Fine" }),
      auditEntry(db, { action: "pages.create", actor: { email: ada.email }, resource: "pages", recordId }),
    ]);
    expect((await entriesOf(recordId)).map((e) => e.action)).toEqual(["pages.create"]);
  });
});

describe("Q&A", () => {
  it("records an answer and a delete, naming the question by id only (its title is a visitor's text)", async () => {
    const { id } = await make.qaSubmission.create(env.DB, {
      title: "A visitor's long title",
      question: "What does the visitor want to know?",
      submitterEmail: "v@example.com",
    });
    const [row] = await all<{ updated_at: number }>("SELECT updated_at FROM qa_submissions WHERE id = ?", id);
    const saved = await post(ada, `/admin/dashboard/qa/${id}`, {
      title: "A visitor's long title",
      question: "What does the visitor want to know?",
      answer: "A.",
      category: "general",
      status: "published",
      intent: "save",
      _updatedAt: String(row!.updated_at),
    });
    expect(saved.status).toBe(302);
    expect((await post(ada, `/admin/dashboard/qa/${id}/delete`, { intent: "delete" })).status).toBe(302);
    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.action, e.resource, e.detail])).toEqual([
      ["qa.update", "qa", null],
      ["qa.delete", "qa", null],
    ]);
    expect(JSON.stringify(entries)).not.toContain("v@example.com");
  });
});

describe("media and the outbox", () => {
  it("records an upload (once, not for the same bytes again), an edit and a delete of an image", async () => {
    const bytes = new Uint8Array(PNG.length + 16);
    bytes.set(PNG);
    bytes.set(crypto.getRandomValues(new Uint8Array(16)), PNG.length);
    const send = () => {
      const form = new FormData();
      form.set("file", new File([bytes], "square.png"));
      form.set("alt", "A red square");
      form.set("intent", "save");
      return request("/admin/dashboard/media/new", {
        method: "POST",
        body: form,
        redirect: "manual",
        headers: { Cookie: ada.cookie, ...SAME_ORIGIN, "CF-Connecting-IP": ada.ip },
      });
    };
    expect((await send()).status).toBe(302);
    expect((await send()).status).toBe(302);
    const [row] = await all<{ key: string; updated_at: number }>("SELECT key, updated_at FROM media ORDER BY created_at DESC LIMIT 1");
    const edited = await post(ada, `/admin/dashboard/media/${row!.key}`, {
      alt: "Red",
      intent: "save",
      _updatedAt: String(row!.updated_at),
    });
    expect(edited.status).toBe(302);
    expect((await post(ada, `/admin/dashboard/media/${row!.key}/delete`, { intent: "delete" })).status).toBe(302);
    const entries = await entriesOf(row!.key);
    expect(entries.map((e) => [e.action, e.resource, detailOf(e)])).toEqual([
      ["media.create", "media", { name: "square.png" }],
      ["media.update", "media", null],
      ["media.delete", "media", { title: "square.png" }],
    ]);
    for (const e of entries) expect(e).toMatchObject(by(ada));
  });

  it("records a resend of a failed email, and nothing when the email was not failed", async () => {
    const { id } = await make.outboxRow.create(env.DB, {
      kind: "waitlist-confirmation",
      recipient: "r@example.com",
      subject: "Hi",
      status: "failed",
      attempts: 5,
    });
    expect((await post(ada, "/admin/dashboard/outbox", { intent: "resend", id })).status).toBe(302);
    expect((await post(ada, "/admin/dashboard/outbox", { intent: "resend", id })).status).toBe(302);
    const entries = await entriesOf(id);
    expect(entries.map((e) => [e.action, e.resource, e.actor_email])).toEqual([["outbox.resend", "outbox", ada.email]]);
    expect(JSON.stringify(entries)).not.toContain("r@example.com");
  });
});

// ------------------------------------------------------------------ Lead Finder

describe("Lead Finder", () => {
  const LF = "/admin/dashboard/lead-finder";
  function upload(admin: Admin, keywordId: string, csv: string) {
    const form = new FormData();
    form.set("keywordId", keywordId);
    form.set("file", new File([csv], "leads.csv", { type: "text/csv" }));
    return request(LF, { method: "POST", body: form, headers: { Cookie: admin.cookie, ...SAME_ORIGIN, "CF-Connecting-IP": admin.ip } });
  }

  it("records a keyword's creation, an import, deletes of stores and of the keyword, with counts", async () => {
    const bob = await adminFrom();
    const keyword = `audit kw ${uid()}`;
    expect((await post(bob, LF, { intent: "add-keyword", keyword })).status).toBe(302);
    const [kw] = await all<{ id: string }>("SELECT id FROM keywords WHERE keyword = ?", keyword);
    expect((await upload(bob, kw!.id, "name,url\nA,a.example\nB,b.example\nC,c.example\nD,d.example")).status).toBe(200);
    const ids = (
      await all<{ id: string; store_url: string }>("SELECT id, store_url FROM leads WHERE keyword_id = ? ORDER BY store_url", kw!.id)
    ).map((l) => l.id);
    expect((await post(bob, `${LF}?keyword=${kw!.id}`, { intent: `delete-store:${ids[0]}` })).status).toBe(302);
    expect((await post(bob, `${LF}?keyword=${kw!.id}`, { intent: "delete-selected", id: [ids[1]!, ids[2]!] })).status).toBe(302);
    expect((await post(bob, `${LF}?keyword=${kw!.id}`, { intent: "delete-all" })).status).toBe(302);
    // Nothing left to delete: no entry.
    expect((await post(bob, `${LF}?keyword=${kw!.id}`, { intent: "delete-all" })).status).toBe(302);
    expect((await post(bob, LF, { intent: `delete-keyword:${kw!.id}` })).status).toBe(302);

    const entries = await entriesOf(kw!.id);
    for (const e of entries) expect(e).toMatchObject({ ...by(bob), resource: "keywords", record_id: kw!.id });
    expect(entries.map((e) => [e.action, detailOf(e)])).toEqual([
      ["keywords.create", { keyword }],
      ["leads.import", { rows: 4 }],
      ["leads.delete", { stores: 1 }],
      ["leads.delete", { stores: 2 }],
      ["leads.delete", { all: true, stores: 1 }],
      ["keywords.delete", { keyword, leads: 0 }],
    ]);
  });

  it("records nothing when the database refuses a keyword that exists in another case", async () => {
    const bob = await adminFrom();
    const keyword = `Twice ${uid()}`;
    // Both pass the existence check before either writes.
    const racing = envRacingOn(/FROM keywords WHERE lower\(trim\(keyword\)\)/);
    const send = (text: string) =>
      request(
        LF,
        {
          method: "POST",
          body: new URLSearchParams({ intent: "add-keyword", keyword: text }),
          headers: { Cookie: bob.cookie, ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          redirect: "manual",
        },
        racing,
      );
    const answers = await Promise.all([send(keyword), send(keyword.toLowerCase())]);
    expect(answers.map((r) => r.status).sort()).toEqual([302, 400]);
    expect((await entriesBy(bob.email)).filter((e) => e.action === "keywords.create")).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------- exports

describe("exports", () => {
  it("records the Leads and the warm-leads exports before the file streams: their filters and that a search was made, never its text", async () => {
    const bob = await adminFrom();
    const searched = `searched-${uid()}@example.com`;
    const inbox = await getAs(
      bob,
      `/admin/leads.csv?${new URLSearchParams({ form: "waitlist", status: "new", q: searched, owner: searched, due: "soon", note: searched })}`,
    );
    expect(inbox.status).toBe(200);
    await inbox.arrayBuffer();

    const keyword = `warm ${uid()}`;
    const kw = make.keyword.build({ keyword });
    await env.DB.batch([
      make.keyword.statement(env.DB, kw),
      make.lead.statement(env.DB, { keywordId: kw.id, storeName: "S", storeUrl: "https://s.example" }),
    ]);
    const warm = await getAs(bob, `/warm-leads.csv?${new URLSearchParams({ keyword })}`);
    expect(warm.status).toBe(200);
    await warm.arrayBuffer();
    // Nothing to export: no file, no entry.
    expect((await getAs(bob, `/warm-leads.csv?${new URLSearchParams({ keyword: `none ${uid()}` })}`)).status).toBe(302);

    const entries = await entriesBy(bob.email);
    const exports = entries.filter((e) => e.action.startsWith("export."));
    expect(exports.map((e) => [e.action, e.resource, detailOf(e), e.address])).toEqual([
      // A filter outside its list is dropped (due) or kept only as "unknown" (an owner that is no admin's id).
      ["export.leads", "leads", { status: "new", form: "waitlist", owner: "unknown", search: true }, bob.ip],
      ["export.warm-leads", "warm-leads", { search: true }, bob.ip],
    ]);
    for (const entry of exports) {
      expect(JSON.stringify(entry)).not.toContain(searched);
      expect(JSON.stringify(entry)).not.toContain(keyword);
    }
  });

  it("migration 0022 strips the search text from export entries stored before it, keeping the filters", async () => {
    const owner = await createUser();
    const typed = `someone-${uid()}@example.com`;
    const rows: [string, string, Record<string, unknown> | null][] = [
      [`e1-${uid()}`, "export.leads", { form: "waitlist", q: typed, status: "qualified", owner: owner.id }],
      [`e2-${uid()}`, "export.leads", { status: typed, due: "overdue", owner: typed, page: "2" }],
      [`e3-${uid()}`, "export.leads", { form: "contact", q: "  " }],
      [`e4-${uid()}`, "export.warm-leads", { keyword: typed }],
      [`e5-${uid()}`, "export.leads", null],
      [`e6-${uid()}`, "pages.update", { q: "kept: not an export" }],
    ];
    await make.auditEntry.createMany(
      env.DB,
      rows.map(([id, action, detail]) => ({ id, at: new Date(), action, detail })),
    );
    const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0023_audit_search_text.sql");
    expect(migration).toBeTruthy();
    const run = async () => {
      for (const query of migration!.queries) await env.DB.prepare(query).run();
    };
    await run();
    await run(); // a second run changes nothing
    const after = await all<{ id: string; detail: string | null }>(
      `SELECT id, detail FROM audit_log WHERE id IN (${rows.map((r) => `'${r[0]}'`).join(", ")})`,
    );
    const detail = (id: string) => {
      const text = after.find((r) => r.id === id)!.detail;
      return text === null ? null : (JSON.parse(text) as unknown);
    };
    expect(detail(rows[0]![0])).toEqual({ form: "waitlist", status: "qualified", owner: owner.id, search: true });
    expect(detail(rows[1]![0])).toEqual({ due: "overdue" });
    expect(detail(rows[2]![0])).toEqual({ form: "contact" });
    expect(detail(rows[3]![0])).toEqual({ search: true });
    expect(detail(rows[4]![0])).toBeNull();
    expect(detail(rows[5]![0])).toEqual({ q: "kept: not an export" });
    expect(JSON.stringify(after)).not.toContain(typed);
  });
});

// ---------------------------------------------------------------------- sign-in

describe("sign-in", () => {
  it("records a success with the admin and the address (an IPv6 address by its /64)", async () => {
    const admin = await adminFrom("2001:db8:aa:bb:1:2:3:4");
    const [entry] = (await entriesBy(admin.email)).filter((e) => e.action === "signin.success");
    expect(entry).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      resource: "users",
      record_id: admin.id,
      address: "2001:db8:aa:bb::/64",
    });
  });

  it("records failures without an actor, keeping the typed email only as a keyed hash", async () => {
    const user = await createUser();
    const address = ip();
    expect((await login(user.email, "wrong password!", { ip: address })).status).toBe(401);
    const stranger = `stranger-${uid()}@example.com`;
    expect((await login(stranger, "whatever it is", { ip: address })).status).toBe(401);
    const nonAdmin = await createUser({ admin: false });
    expect((await login(nonAdmin.email, nonAdmin.password, { ip: address })).status).toBe(403);

    const entries = await all<Entry>("SELECT * FROM audit_log WHERE address = ? ORDER BY at, rowid", address);
    expect(entries.map((e) => [e.action, e.actor_id, e.actor_email, e.record_id, detailOf(e)?.reason])).toEqual([
      ["signin.failure", null, null, user.id, "password"],
      ["signin.failure", null, null, null, "unknown-email"],
      ["signin.failure", null, null, nonAdmin.id, "not-admin"],
    ]);
    expect(detailOf(entries[1])!.email).toBe(await emailHash(env, stranger));
    expect(detailOf(entries[1])!.email).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(entries)).not.toContain(stranger);
  });

  it("records the first refusal of a throttle window, not every refused attempt after it", async () => {
    const user = await createUser();
    const address = ip();
    for (let i = 0; i < 5; i++) expect((await login(user.email, `wrong ${i}`, { ip: address })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(user.email, `wrong again ${i}`, { ip: address })).status).toBe(429);
    const reasons = (await all<Entry>("SELECT * FROM audit_log WHERE address = ? ORDER BY at, rowid", address)).map(
      (e) => detailOf(e)?.reason,
    );
    expect(reasons).toEqual(["password", "password", "password", "password", "password", "throttled"]);
  });
});

// ------------------------------------------------------------ the /admin/audit tab

describe("/admin/audit", () => {
  /** Entries written straight to D1 for one made-up action, `n` of them a minute apart from `start`. */
  async function seed(action: string, n: number, start: number, actor: string | null = "seed@example.com") {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: crypto.randomUUID(),
      at: new Date(start + i * 60_000),
      actorEmail: actor,
      action,
      resource: "pages",
      recordId: `rec-${i}`,
      address: "192.0.2.1",
      detail: { n: i },
    }));
    return make.auditEntry.createMany(env.DB, rows);
  }
  const count = (html: string) => /data-testid="audit-count"[^>]*>([^<]*)</.exec(html)?.[1];
  const recordsShown = (html: string) => [...html.matchAll(/pages · (rec-\d+)/g)].map((m) => m[1]);

  it("lists newest first, 50 to a page, with the count, keeping the filters across pages", async () => {
    const action = `seed.paged-${uid()}`;
    await seed(action, 120, Date.UTC(2026, 0, 5, 10));
    const first = await (await getAs(ada, `/admin/audit?action=${action}`)).text();
    expect(count(first)).toBe("120 entries");
    expect(recordsShown(first)).toHaveLength(50);
    expect(recordsShown(first)[0]).toBe("rec-119");
    expect(first).toContain(`href="/admin/audit?action=${action}&amp;page=2"`);
    const third = await (await getAs(ada, `/admin/audit?action=${action}&page=3`)).text();
    expect(recordsShown(third)).toEqual(Array.from({ length: 20 }, (_, i) => `rec-${19 - i}`));
    // The same date text the browser renders: UTC, named.
    expect(first).toContain("Jan 5, 2026, 11:59 UTC");
  });

  it("filters by admin (or failed sign-ins), by action and by day, from and to included", async () => {
    const action = `seed.filter-${uid()}`;
    const who = `filter-${uid()}@example.com`;
    // Jan 10 23:58 and 23:59, Jan 11 00:00 and 00:01 (UTC).
    await seed(action, 4, Date.UTC(2026, 0, 10, 23, 58), who);
    await seed(action, 2, Date.UTC(2026, 0, 11, 12), null);

    const byAdmin = await (await getAs(ada, `/admin/audit?${new URLSearchParams({ admin: who, action })}`)).text();
    expect(count(byAdmin)).toBe("4 entries");
    expect(byAdmin).toContain(`<option value="${who}" selected="">`);
    const nobody = await (await getAs(ada, `/admin/audit?${new URLSearchParams({ admin: "-", action })}`)).text();
    expect(count(nobody)).toBe("2 entries");
    const day10 = await (await getAs(ada, `/admin/audit?${new URLSearchParams({ action, from: "2026-01-10", to: "2026-01-10" })}`)).text();
    expect(recordsShown(day10)).toEqual(["rec-1", "rec-0"]);
    const from11 = await (await getAs(ada, `/admin/audit?${new URLSearchParams({ action, from: "2026-01-11" })}`)).text();
    expect(count(from11)).toBe("4 entries");
    // A malformed date is ignored, not an error.
    const bad = await getAs(ada, `/admin/audit?${new URLSearchParams({ action, from: "2026-02-31" })}`);
    expect(bad.status).toBe(200);
    expect(count(await bad.text())).toBe("6 entries");
  });

  it("exports the filtered list as CSV through the one writer (formula-safe), and records the export", async () => {
    const bob = await adminFrom();
    const action = `seed.csv-${uid()}`;
    const rows = await seed(action, 3, Date.UTC(2026, 1, 1), "=cmd@example.com");
    const res = await getAs(bob, `/admin/audit.csv?${new URLSearchParams({ action, from: "2026-02-01" })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
    expect(csv[0]).toEqual(["Time (UTC)", "Admin", "Action", "Resource", "Record", "Address", "Detail"]);
    expect(csv.slice(1)).toEqual(
      [...rows]
        .reverse()
        .map((r) => [r.at.toISOString(), "'=cmd@example.com", action, "pages", r.recordId, "192.0.2.1", JSON.stringify(r.detail)]),
    );
    const [entry] = (await entriesBy(bob.email)).filter((e) => e.action === "export.audit");
    expect(entry).toMatchObject({ ...by(bob), resource: "audit" });
    expect(detailOf(entry)).toEqual({ action, from: "2026-02-01" });
  });

  it("is refused to anonymous visitors and to other sites", async () => {
    expect((await request("/admin/audit", { redirect: "manual" })).headers.get("Location")).toBe("/admin/login");
    expect((await getAs(ada, "/admin/audit.csv", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });
});

// ------------------------------------------------------------------- retention

describe("retention", () => {
  async function runCron(testEnv: Env = env) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
  }
  const insert = (action: string, ageDays: number) =>
    make.auditEntry.create(env.DB, { action, at: new Date(Date.now() - ageDays * 86_400_000) });

  it("removes entries older than AUDIT_RETENTION_DAYS (365 by default) and keeps the rest", async () => {
    const action = `seed.retention-${uid()}`;
    await insert(action, 400);
    await insert(action, 366);
    await insert(action, 364);
    await insert(action, 1);
    await runCron();
    const left = await getDb(env).select({ at: auditLog.at }).from(auditLog).where(eq(auditLog.action, action));
    expect(left.map((r) => Math.round((Date.now() - r.at.getTime()) / 86_400_000)).sort((a, b) => a - b)).toEqual([1, 364]);

    await runCron({ ...env, AUDIT_RETENTION_DAYS: "30" });
    expect(await all("SELECT id FROM audit_log WHERE action = ?", action)).toHaveLength(1);
  });
});
