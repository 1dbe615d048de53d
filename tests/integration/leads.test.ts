/**
 * The pipeline: the Leads list (filters, search, 50 a page, the
 * CSV export) and the person page's changes (status, owner, due date, notes),
 * each a form that works without JavaScript and lands in the timeline.
 */
import Papa from "papaparse";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { personStatements } from "~/features/submissions/index.server";
import { exportPeople } from "~/features/people/people-export.server";
import { parsePeopleFilters, whereOf } from "~/features/people/people-list.server";
import type { PersonStatus } from "~/db/schema";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const HOUR = 60 * 60 * 1000;

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});

interface Seed {
  email: string;
  name?: string | null;
  company?: string | null;
  app?: string | null;
  status?: PersonStatus;
  due?: number | null;
  seen?: number;
  owner?: string | null;
  form?: string;
}

/** People with their links, straight into D1 (the forms' own linking is tested in people.test.ts). */
async function seedPeople(list: Seed[]): Promise<string[]> {
  const people = list.map((p, i) => {
    const form = p.form ?? "waitlist";
    const seen = new Date(p.seen ?? 1_700_000_000_000 + i);
    return make.person.build({
      email: p.email,
      name: p.name ?? null,
      company: p.company ?? null,
      app: p.app ?? null,
      status: p.status ?? "new",
      ownerId: p.owner ?? null,
      dueAt: p.due === undefined || p.due === null ? null : new Date(p.due),
      firstForm: form,
      lastForm: form,
      createdAt: seen,
      lastSeenAt: seen,
      updatedAt: seen,
    });
  });
  const links = people.map((p) => ({ form: p.firstForm, personId: p.id, createdAt: new Date(0) }));
  await env.DB.batch([...make.person.statements(env.DB, people), ...make.personSubmission.statements(env.DB, links)]);
  return people.map((p) => p.id);
}

/** The addresses on the page, in order, as read (an address may carry a <wbr/> before its @). */
const emailsIn = (html: string, tag: string) =>
  [...html.replaceAll("<wbr/>", "").matchAll(new RegExp(`[\\w.-]*${tag}[\\w.-]*@example\\.com`, "g"))]
    .map((m) => m[0])
    .filter((e, i, a) => a.indexOf(e) === i);

describe("the Leads list", () => {
  it("shows the soonest due first (overdue on top), then the latest seen; filters by status, form, owner and due; searches", async () => {
    const tag = uid();
    const now = Date.now();
    await seedPeople([
      { email: `later-${tag}@example.com`, seen: now - 1000 },
      { email: `overdue-${tag}@example.com`, due: now - HOUR, form: "premium", name: "Grace Hopper" },
      { email: `soon-${tag}@example.com`, due: now + 60_000, form: "onboarding", company: "Analytical Apps" },
      { email: `won-${tag}@example.com`, status: "customer", owner: admin.id, app: "ShipFast", seen: now - 2000 },
    ]);
    const list = async (query: string) => emailsIn(await (await get(`/admin/dashboard/leads?q=${tag}${query}`, admin.cookie)).text(), tag);
    expect(await list("")).toEqual([
      `overdue-${tag}@example.com`,
      `soon-${tag}@example.com`,
      `later-${tag}@example.com`,
      `won-${tag}@example.com`,
    ]);
    expect(await list("&status=customer")).toEqual([`won-${tag}@example.com`]);
    expect(await list("&form=premium")).toEqual([`overdue-${tag}@example.com`]);
    expect(await list(`&owner=${admin.id}`)).toEqual([`won-${tag}@example.com`]);
    expect(await list("&owner=none")).toHaveLength(3);
    expect(await list("&due=overdue")).toEqual([`overdue-${tag}@example.com`]);
    // By name, company and app, in any case.
    for (const [q, who] of [
      ["grace hop", "overdue"],
      ["ANALYTICAL", "soon"],
      ["shipfast", "won"],
    ] as const) {
      const html = await (await get(`/admin/dashboard/leads?q=${encodeURIComponent(q)}`, admin.cookie)).text();
      expect(emailsIn(html, tag)).toEqual([`${who}-${tag}@example.com`]);
    }
  });

  it("shows 50 a page with the count, keeping the filters on the next page", async () => {
    const tag = uid();
    await seedPeople(
      Array.from({ length: 51 }, (_, i) => ({
        email: `page-${tag}-${String(i).padStart(2, "0")}@example.com`,
        seen: 1_600_000_000_000 + i,
      })),
    );
    const first = await (await get(`/admin/dashboard/leads?q=${tag}`, admin.cookie)).text();
    expect(first).toContain("51 people");
    expect(emailsIn(first, tag)).toHaveLength(50);
    expect(first).not.toContain(`page-${tag}-00@example.com`);
    expect(first).toContain(`href="/admin/dashboard/leads?q=${tag}&amp;page=2"`);
    const second = await (await get(`/admin/dashboard/leads?q=${tag}&page=2`, admin.cookie)).text();
    expect(emailsIn(second, tag)).toEqual([`page-${tag}-00@example.com`]);
  });

  it("exports the filtered list as CSV (status, owner, due, notes), formula-safe, in keyset pages", async () => {
    const tag = uid();
    const due = Date.UTC(2030, 0, 2, 3, 4);
    const [id] = await seedPeople([
      { email: `csv-${tag}@example.com`, name: '=HYPERLINK("http://evil")', status: "qualified", owner: admin.id, due },
      { email: `other-${tag}@example.com`, status: "new" },
    ]);
    const author = { personId: id!, authorId: admin.id, authorEmail: admin.email };
    await make.personNote.createMany(env.DB, [
      { ...author, body: "a" },
      { ...author, body: "b" },
    ]);
    const res = await get(`/admin/leads.csv?q=${tag}&status=qualified`, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const rows = Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      "Email",
      "Name",
      "Company",
      "App",
      "Status",
      "Lost reason",
      "Owner",
      "Due",
      "Last form",
      "Last seen",
      "Submissions",
      "Notes",
      "First source",
      "First referrer",
      "First UTM source",
      "First campaign",
      "First landing page",
    ]);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]).toEqual([
      `csv-${tag}@example.com`,
      `'=HYPERLINK("http://evil")`,
      "",
      "",
      "Qualified",
      "",
      admin.email,
      new Date(due).toISOString(),
      "Waitlist",
      expect.any(String),
      "1",
      "2",
      "",
      "",
      "",
      "",
      "",
    ]);

    // Page by page, every person once, in the list's order.
    const pageTag = uid();
    const now = Date.now();
    await seedPeople(
      Array.from({ length: 23 }, (_, i) => ({
        email: `keyset-${pageTag}-${i}@example.com`,
        due: i % 3 === 0 ? now + (i % 2) * HOUR : null,
        seen: 1_650_000_000_000 + (i % 4),
      })),
    );
    const filters = parsePeopleFilters(new URL(`http://x/?q=${pageTag}`));
    const seen: string[] = [];
    for await (const page of exportPeople(env.DB, filters, now, 5)) seen.push(...page.map((r) => r.email));
    const listed = emailsIn(await (await get(`/admin/dashboard/leads?q=${pageTag}`, admin.cookie)).text(), pageTag);
    expect(seen).toHaveLength(23);
    expect(seen).toEqual(listed);
  });

  it("searches through the trigram index, kept in step with every write of a person (the forms' upsert, a rename, a delete)", async () => {
    const tag = uid();
    const search = async (q: string) =>
      emailsIn(await (await get(`/admin/dashboard/leads?q=${encodeURIComponent(q)}`, admin.cookie)).text(), tag);
    // The forms' writer: storeAndNotify's person upsert, as a submission runs it.
    const submit = (person: { email: string; name?: string; company?: string; app?: string }) =>
      env.DB.batch(personStatements(env.DB, { ...person, form: "contact", recordId: crypto.randomUUID(), source: null }, Date.now(), null));
    await submit({ email: `Fts-${tag}@Example.com `, name: "Ada Lovelace", company: "Engine Works" });
    expect(await search(`fts-${tag}`)).toEqual([`fts-${tag}@example.com`]);
    expect(await search("ada lovelace")).toContain(`fts-${tag}@example.com`);
    // A substring inside a word, in any case.
    expect(await search(`NGINE WORKS`)).toContain(`fts-${tag}@example.com`);

    // The same person again, with a new name and app: the old name no longer finds them, the new one does.
    await submit({ email: `fts-${tag}@example.com`, name: `Countess ${tag}`, app: `Analytical ${tag}` });
    expect(await search(`countess ${tag}`)).toEqual([`fts-${tag}@example.com`]);
    expect(await search(`analytical ${tag}`)).toEqual([`fts-${tag}@example.com`]);
    expect(await search("ada lovelace")).not.toContain(`fts-${tag}@example.com`);
    // Kept: a later submission without a company does not clear it.
    expect(await search("engine works")).toContain(`fts-${tag}@example.com`);

    // Short searches (no trigram) still scan; quotes and FTS5 operators are plain text.
    expect(await search(tag.slice(0, 2))).toContain(`fts-${tag}@example.com`);
    for (const q of ['"', 'a"b', "NEAR(", "*", "fts-* OR x", "a AND b"]) {
      expect((await get(`/admin/dashboard/leads?q=${encodeURIComponent(q)}`, admin.cookie)).status).toBe(200);
    }

    await env.DB.prepare("DELETE FROM people WHERE email = ?1").bind(`fts-${tag}@example.com`).run();
    expect(await search(`countess ${tag}`)).toEqual([]);
    expect(await all("SELECT rowid FROM people_search WHERE people_search MATCH ?1", `"countess ${tag}"`)).toEqual([]);
  });

  it("reads a search from the index, not by scanning every person (EXPLAIN QUERY PLAN)", async () => {
    const where = whereOf(parsePeopleFilters(new URL("http://x/?q=company%20777")), Date.now());
    const plan = await all<{ detail: string }>(`EXPLAIN QUERY PLAN SELECT count(*) FROM people p ${where.sql}`, ...where.params);
    const details = plan.map((r) => r.detail).join("\n");
    expect(details).toContain("VIRTUAL TABLE INDEX");
    expect(details).not.toMatch(/SCAN p\b(?! USING)/);
  });
});

describe("the dashboard home", () => {
  it("shows the Overdue and Due today counts as D1 has them, each linking to its filtered list", async () => {
    await seedPeople([{ email: `home-${uid()}@example.com`, due: Date.now() - HOUR }]);
    const html = await (await get("/admin/dashboard", admin.cookie)).text();
    const [counts] = await all<{ overdue: number }>("SELECT count(*) AS overdue FROM people WHERE due_at < ?", Date.now());
    expect(counts!.overdue).toBeGreaterThan(0);
    expect(html).toMatch(new RegExp(`href="/admin/dashboard/leads\\?due=overdue"[^>]*>${counts!.overdue}</a>`));
    expect(html).toContain('href="/admin/dashboard/leads?due=today"');
  });
});

describe("the onboarding funnel and the outcomes per form on the home", () => {
  const DAY = 24 * HOUR;
  /** The numbers in a row of the table with this caption (the step or form heads the row; percentages are not counted). */
  const row = (html: string, caption: string, head: string) => {
    const table = html.slice(html.indexOf(caption));
    const m = new RegExp(`<th scope="row"[^>]*><div[^>]*>${head}</div></th>(.*?)</tr>`).exec(table.slice(0, table.indexOf("</table>")));
    return m ? [...m[1]!.matchAll(/>(\d+)</g)].map((x) => Number(x[1])) : null;
  };
  const home = async (days?: number) => (await get(`/admin/dashboard${days ? `?days=${days}` : ""}`, admin.cookie)).text();
  const funnel = (html: string) =>
    ["Started", "Step 2", "Step 3", "Step 4", "Finished"].map((s) => row(html, "Onboarding funnel, last", s)![0]!);
  const outcome = (html: string, form: string) => row(html, "People per form and how many reached", form)!;

  it("counts drafts started in the period by the step last saved, finished ones at every step; 30 days unless chosen", async () => {
    const [before7, before30] = [funnel(await home(7)), funnel(await home())];
    const now = Date.now();
    const draft = (step: number, done: boolean, at: number) =>
      make.onboardingSubmission.statement(env.DB, {
        stepCompleted: step,
        isCompleted: done,
        createdAt: new Date(at),
        updatedAt: new Date(at),
      });
    await env.DB.batch([
      draft(0, false, now), // started, never past step 1
      draft(1, false, now), // reached step 2
      draft(3, false, now - HOUR), // reached step 4
      draft(4, true, now), // finished
      draft(2, false, now - 10 * DAY), // reached step 3, outside the last 7 days
      draft(4, true, now - 120 * DAY), // outside every period
    ]);
    const html7 = await home(7);
    expect(html7).toContain("Onboarding funnel, last 7 days");
    expect(html7).toMatch(/<option value="7" selected="">/);
    expect(funnel(html7).map((n, i) => n - before7[i]!)).toEqual([4, 3, 2, 2, 1]);
    const html30 = await home();
    expect(html30).toContain("Onboarding funnel, last 30 days");
    expect(funnel(html30).map((n, i) => n - before30[i]!)).toEqual([5, 4, 3, 2, 1]);
    // Drawn on the server: an SVG with its name, the numbers in the table.
    expect(html30).toMatch(/<svg[^>]*aria-label="Bar chart of the onboarding funnel/);
    // An unknown period is the default.
    expect(funnel(await home(12345))).toEqual(funnel(html30));
  });

  it("per form, counts the people with a submission in the period and those who are or were Qualified or Customer", async () => {
    const before30 = { checklist: outcome(await home(), "Checklist"), premium: outcome(await home(), "Premium request") };
    const before90 = outcome(await home(90), "Premium request");
    const now = Date.now();
    const person = (status: PersonStatus) => {
      const row = make.person.build({
        status,
        firstForm: "checklist",
        lastForm: "checklist",
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        updatedAt: new Date(now),
      });
      return { id: row.id, insert: make.person.statement(env.DB, row) };
    };
    const link = (form: string, personId: string, at: number) =>
      make.personSubmission.statement(env.DB, { form, personId, createdAt: new Date(at) });
    const [a, b, c, d] = [person("qualified"), person("new"), person("lost"), person("customer")];
    await env.DB.batch([
      a.insert,
      b.insert,
      c.insert,
      d.insert,
      link("checklist", a.id, now),
      link("premium", a.id, now - DAY),
      link("checklist", b.id, now),
      link("checklist", c.id, now - 2 * DAY),
      // C was a customer, then lost: reached all the same.
      make.personEvent.statement(env.DB, {
        personId: c.id,
        kind: "status",
        fromValue: "new",
        toValue: "customer",
        actor: "a@example.com",
        createdAt: new Date(now),
      }),
      link("premium", d.id, now - 40 * DAY),
    ]);
    const html = await home();
    expect(outcome(html, "Checklist")).toEqual([before30.checklist[0]! + 3, before30.checklist[1]! + 2]);
    expect(outcome(html, "Premium request")).toEqual([before30.premium[0]! + 1, before30.premium[1]! + 1]);
    expect(outcome(await home(90), "Premium request")).toEqual([before90[0]! + 2, before90[1]! + 2]);
    expect(html).toMatch(/<svg[^>]*aria-label="Bar chart of the people each form brought in/);
  });
});

describe("the person page", () => {
  const post = (id: string, fields: Record<string, string>, cookie = admin.cookie) =>
    postForm(`/admin/dashboard/leads/${id}`, fields, { cookie, headers: SAME_ORIGIN });
  const personRow = async (id: string) =>
    (
      await all<{ status: string; lost_reason: string | null; due_at: number | null; owner_id: string | null }>(
        "SELECT * FROM people WHERE id = ?",
        id,
      )
    )[0]!;

  it("shows the details and a finished onboarding laid out for reading, not as JSON", async () => {
    const email = `reader-${uid()}@example.com`;
    const { answers } = await import("./onboarding-answers");
    expect((await postForm("/onboarding", { ...answers(email), step: "4", intent: "submit" })).status).toBe(302);
    const [person] = await all<{ id: string }>("SELECT id FROM people WHERE email = ?", email);
    const html = await (await get(`/admin/dashboard/leads/${person!.id}`, admin.cookie)).text();
    for (const text of [
      "Ideal customer profile",
      "Head of operations",
      "Plan 2: Pro ($49/month)",
      "Analytical Apps",
      "ShipFast",
      "Pricing",
    ])
      expect(html).toContain(text);
    expect(html).not.toContain("idealContactPersona");
    // The emails sent to them, from the outbox.
    expect(html).toContain("We&#x27;re finding your first leads");
  });

  it("a status change clears the due date from Contacted on and lands in the timeline with who; Lost needs a reason (400, input kept)", async () => {
    const [id] = await seedPeople([{ email: `status-${uid()}@example.com`, due: Date.now() + HOUR }]);
    const lost = await post(id!, { intent: "status", status: "lost", lostReason: "" });
    expect(lost.status).toBe(400);
    const lostHtml = await lost.text();
    expect(lostHtml).toContain("Say briefly why the lead was lost");
    expect(lostHtml).toMatch(/<option value="lost" selected="">/);

    const ok = await post(id!, { intent: "status", status: "contacted" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/admin/dashboard/leads/${id}`);
    expect(await personRow(id!)).toMatchObject({ status: "contacted", due_at: null });
    const html = await (await get(`/admin/dashboard/leads/${id}`, admin.cookie)).text();
    expect(html).toContain("Status: New → Contacted");
    expect(html).toContain(`by ${admin.email}`);
    expect(html).toMatch(/Due date: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC → none/);

    await post(id!, { intent: "status", status: "lost", lostReason: "Chose another provider" });
    expect(await personRow(id!)).toMatchObject({ status: "lost", lost_reason: "Chose another provider" });
  });

  it("assigns an owner (admins only), sets and clears the due date", async () => {
    const [id] = await seedPeople([{ email: `owner-${uid()}@example.com` }]);
    expect((await post(id!, { intent: "owner", ownerId: "not-an-admin" })).status).toBe(400);
    expect((await post(id!, { intent: "owner", ownerId: admin.id })).status).toBe(302);
    expect((await personRow(id!)).owner_id).toBe(admin.id);
    expect((await post(id!, { intent: "due", dueAt: "tomorrow" })).status).toBe(400);
    expect((await post(id!, { intent: "due", dueAt: "2031-05-06T07:08" })).status).toBe(302);
    expect((await personRow(id!)).due_at).toBe(Date.UTC(2031, 4, 6, 7, 8));
    expect((await post(id!, { intent: "due", dueAt: "" })).status).toBe(302);
    expect((await personRow(id!)).due_at).toBeNull();
    const html = await (await get(`/admin/dashboard/leads/${id}`, admin.cookie)).text();
    expect(html).toContain(`Owner: nobody → ${admin.email}`);
    expect(html).toContain("Due date: none → May 6, 2031, 07:08 UTC");
  });

  it("notes: markup rendered, HTML escaped; only their author edits or deletes them", async () => {
    const [id] = await seedPeople([{ email: `notes-${uid()}@example.com` }]);
    expect((await post(id!, { intent: "note-add", body: "  " })).status).toBe(400);
    expect((await post(id!, { intent: "note-add", body: "Called **twice** <script>alert(1)</script>" })).status).toBe(302);
    const html = await (await get(`/admin/dashboard/leads/${id}`, admin.cookie)).text();
    expect(html).toContain("<strong");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    const [note] = await all<{ id: string }>("SELECT id FROM person_notes WHERE person_id = ?", id);

    const other = await signedInAdmin();
    expect((await post(id!, { intent: "note-edit", noteId: note!.id, body: "Mine now" }, other.cookie)).status).toBe(403);
    expect((await post(id!, { intent: "note-delete", noteId: note!.id }, other.cookie)).status).toBe(403);
    expect((await post(id!, { intent: "note-edit", noteId: note!.id, body: "Called three times" })).status).toBe(302);
    expect((await all<{ body: string }>("SELECT body FROM person_notes WHERE id = ?", note!.id))[0]!.body).toBe("Called three times");
    expect((await post(id!, { intent: "note-delete", noteId: note!.id })).status).toBe(302);
    expect(await all("SELECT id FROM person_notes WHERE id = ?", note!.id)).toEqual([]);
  });

  it("records every change in the audit log, in the change's batch, never with a note's text", async () => {
    const [id] = await seedPeople([{ email: `audited-${uid()}@example.com` }]);
    const entries = () =>
      all<{ action: string; actor_email: string; resource: string; record_id: string; detail: string }>(
        "SELECT action, actor_email, resource, record_id, detail FROM audit_log WHERE record_id = ? ORDER BY at, rowid",
        id,
      );
    await post(id!, { intent: "status", status: "qualified" });
    await post(id!, { intent: "note-add", body: "Secret budget: 40k" });
    const [note] = await all<{ id: string }>("SELECT id FROM person_notes WHERE person_id = ?", id);
    // Refused (someone else's note): nothing written, nothing recorded.
    const other = await signedInAdmin();
    expect((await post(id!, { intent: "note-delete", noteId: note!.id }, other.cookie)).status).toBe(403);
    await post(id!, { intent: "note-delete", noteId: note!.id });
    expect(await entries()).toEqual([
      { action: "people.status", actor_email: admin.email, resource: "people", record_id: id, detail: '{"status":"qualified"}' },
      { action: "people.note-add", actor_email: admin.email, resource: "people", record_id: id, detail: "{}" },
      { action: "people.note-delete", actor_email: admin.email, resource: "people", record_id: id, detail: `{"noteId":"${note!.id}"}` },
    ]);
  });

  it("stores one note when the same Add note form is sent twice (a double click, a retry), and records it once", async () => {
    const [id] = await seedPeople([{ email: `twice-${uid()}@example.com` }]);
    const page = await (await get(`/admin/dashboard/leads/${id}`, admin.cookie)).text();
    const noteKey = /name="noteKey" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    expect(noteKey).toBeTruthy();
    const form = { intent: "note-add", body: "Called once", noteKey: noteKey! };
    const [a, b] = await Promise.all([post(id!, form), post(id!, form)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    expect((await post(id!, form)).status).toBe(302);
    expect(await all("SELECT id, body FROM person_notes WHERE person_id = ?", id)).toEqual([{ id: noteKey, body: "Called once" }]);
    expect(await all("SELECT 1 FROM audit_log WHERE action = 'people.note-add' AND record_id = ?", id)).toHaveLength(1);
    // The page after it offers a new key for the next note.
    const after = await (await get(`/admin/dashboard/leads/${id}`, admin.cookie)).text();
    expect(/name="noteKey" value="([0-9a-f-]{36})"/.exec(after)?.[1]).not.toBe(noteKey);
  });

  it("answers an unknown person with 404", async () => {
    expect((await get("/admin/dashboard/leads/no-such-person", admin.cookie)).status).toBe(404);
  });
});
