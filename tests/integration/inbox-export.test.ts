/**
 * The inbox CSV export is complete: every lead of the inbox (or of one kind),
 * read from D1 in keyset pages along (created_at, id, kind) and streamed
 * through the one CSV writer, each row once, in the list's order, however
 * many pages (and more than the 10,000 rows the export used to stop at).
 */
import Papa from "papaparse";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { exportInbox, INBOX_EXPORT_PAGE_SIZE } from "~/features/admin/inbox.server";
import { get, signedInAdmin } from "./admin-helpers";
import { all } from "./helpers";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});

const uid = () => crypto.randomUUID().slice(0, 8);

/** The rows of a CSV download (after its UTF-8 BOM), header first. */
async function readCsv(res: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(new TextDecoder().decode(bytes.slice(3)), { skipEmptyLines: true }).data;
}

type Lead = { kind: string; id: string; email: string; created_at: number };

/**
 * `count` leads tagged `tag`, spread over the waitlist, the newsletter and the
 * contact messages, seven to a millisecond (so rows of one time, from several
 * tables, straddle page boundaries and their order rests on id and kind).
 * One INSERT … SELECT per table, from a recursive CTE: cheap at any size.
 */
async function seedLeads(tag: string, count: number, base = 1_750_000_000_000): Promise<Lead[]> {
  const rows = (table: number) =>
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
     SELECT i, lower(hex(randomblob(16))) AS id, 'inbox-' || ?1 || '-' || i || '@example.com' AS email, ?3 + i / 7 AS at
     FROM n WHERE i % 3 = ${table}`;
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO waitlist_entries (id, email, created_at) SELECT id, email, at FROM (${rows(0)})`).bind(tag, count, base),
    env.DB.prepare(`INSERT INTO newsletter_subscribers (id, email, created_at) SELECT id, email, at FROM (${rows(1)})`).bind(
      tag,
      count,
      base,
    ),
    env.DB.prepare(
      `INSERT INTO contact_messages (id, name, email, message, created_at) SELECT id, 'Name ' || i, email, 'Message ' || i, at FROM (${rows(2)})`,
    ).bind(tag, count, base),
  ]);
  const like = `inbox-${tag}-%`;
  return [
    ...(await all<Lead>("SELECT 'waitlist' AS kind, id, email, created_at FROM waitlist_entries WHERE email LIKE ?", like)),
    ...(await all<Lead>("SELECT 'newsletter' AS kind, id, email, created_at FROM newsletter_subscribers WHERE email LIKE ?", like)),
    ...(await all<Lead>("SELECT 'contact' AS kind, id, email, created_at FROM contact_messages WHERE email LIKE ?", like)),
  ];
}

/** The inbox's order, worked out here: newest first, then id, then kind. */
const inOrder = (leads: Lead[]) =>
  [...leads].sort(
    (a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0),
  );

describe("inbox CSV export", () => {
  it("reads D1 in keyset pages: each page starts where the last ended, also within one millisecond and with a kind filter", async () => {
    const tag = uid();
    const leads = await seedLeads(tag, 700, 1_760_000_000_000);

    const pages: number[] = [];
    const seen: string[] = [];
    for await (const page of exportInbox(env.DB, null, 64)) {
      pages.push(page.length);
      for (const r of page) if (r.email.startsWith(`inbox-${tag}-`)) seen.push(r.email);
    }
    // Full pages, then the rest: no page short before the end, no row twice or missing.
    expect(pages.slice(0, -1).every((n) => n === 64)).toBe(true);
    expect(pages.at(-1)).toBeGreaterThan(0);
    expect(pages.at(-1)).toBeLessThanOrEqual(64);
    expect(seen).toEqual(inOrder(leads).map((l) => l.email));

    const newsletter: string[] = [];
    for await (const page of exportInbox(env.DB, "newsletter", 10)) {
      expect(page.every((r) => r.kind === "newsletter")).toBe(true);
      for (const r of page) if (r.email.startsWith(`inbox-${tag}-`)) newsletter.push(r.email);
    }
    expect(newsletter).toEqual(inOrder(leads.filter((l) => l.kind === "newsletter")).map((l) => l.email));

    // The route with the same filter: the newsletter rows only, all of them.
    const res = await get("/admin/inbox.csv?kind=newsletter", admin.cookie);
    const rows = (await readCsv(res)).slice(1);
    expect(rows.every((r) => r[0] === "newsletter")).toBe(true);
    expect(rows).toHaveLength((await all<{ n: number }>("SELECT count(*) AS n FROM newsletter_subscribers"))[0]!.n);
  });

  it("downloads every lead, more than one page and more than 10,000, each once and in the list's order", async () => {
    const tag = uid();
    const count = 12_345;
    expect(count).toBeGreaterThan(2 * INBOX_EXPORT_PAGE_SIZE);
    const leads = await seedLeads(tag, count);
    expect(leads).toHaveLength(count);

    const res = await get("/admin/inbox.csv", admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = await readCsv(res);
    expect(header).toEqual(["Kind", "Date", "Email", "Name", "Details"]);

    // Every row of the inbox (these and whatever else the file's tests stored), none twice.
    const total = (
      await all<{ n: number }>(
        `SELECT (SELECT count(*) FROM onboarding_submissions) + (SELECT count(*) FROM lead_magnet_submissions)
            + (SELECT count(*) FROM premium_access_requests) + (SELECT count(*) FROM waitlist_entries)
            + (SELECT count(*) FROM contact_messages) + (SELECT count(*) FROM newsletter_subscribers) AS n`,
      )
    )[0]!.n;
    expect(rows).toHaveLength(total);
    const ours = rows.filter((r) => r[2]!.startsWith(`inbox-${tag}-`));
    expect(new Set(ours.map((r) => r[2])).size).toBe(count);
    // In order: exactly the sequence sorted here, with each row's kind and date.
    expect(ours.map((r) => [r[0], r[1], r[2]])).toEqual(inOrder(leads).map((l) => [l.kind, new Date(l.created_at).toISOString(), l.email]));
    // And the whole file is newest first.
    const times = rows.map((r) => Date.parse(r[1]!));
    expect(times.every((t, i) => i === 0 || t <= times[i - 1]!)).toBe(true);
  });

  it("gives the header alone when there is nothing to export", async () => {
    const res = await get("/admin/inbox.csv?kind=premium", admin.cookie);
    expect(res.status).toBe(200);
    const rows = await readCsv(res);
    expect(rows[0]).toEqual(["Kind", "Date", "Email", "Name", "Details"]);
    expect(rows.slice(1)).toHaveLength((await all<{ n: number }>("SELECT count(*) AS n FROM premium_access_requests"))[0]!.n);
  });
});
