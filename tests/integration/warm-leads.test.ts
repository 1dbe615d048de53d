/**
 * The warm-leads tool through the worker: the steps in the address, the
 * matching rules (case, substring, special characters, long input), stores
 * shown once, pagination, the streamed CSV export (headers, file name, N/A
 * emails, formula cells, every row across pages, the empty case) and no
 * access without an admin session or from another site.
 */
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { exportWarmLeads } from "~/features/warm-leads/warm-leads.server";
import * as make from "../factories";
import { get, signedInAdmin } from "./admin-helpers";
import { cookieFrom, envWithFailingBatch, postForm, request } from "./helpers";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});

const uid = () => crypto.randomUUID().slice(0, 8);
const search = (keyword: string, extra = "") => get(`/warm-leads?${new URLSearchParams({ keyword })}${extra}`, admin.cookie);
const exportCsv = (keyword: string, headers: Record<string, string> = {}) =>
  request(`/warm-leads.csv?${new URLSearchParams({ keyword })}`, { headers: { Cookie: admin.cookie, ...headers }, redirect: "manual" });
/** The rows of a CSV download, after checking it starts with the UTF-8 BOM (which text() would hide). */
async function readCsv(res: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
}
const toastAfter = async (res: Response) =>
  (await get(res.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(res, "__toast")}`)).text();

interface Lead {
  name: string;
  url: string;
  email?: string | null;
  app?: string;
  status?: string;
  /** Seconds after a fixed start: larger is newer. */
  at: number;
}

/** Keywords with their leads, written straight to D1; returns the keyword ids by name. */
async function seed(keywords: Record<string, Lead[]>): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const statements: D1PreparedStatement[] = [];
  for (const [keyword, leads] of Object.entries(keywords)) {
    const { id } = make.keyword.build({ keyword });
    ids[keyword] = id;
    statements.push(make.keyword.statement(env.DB, { id, keyword }));
    const rows = leads.map((l) => ({
      keywordId: id,
      storeName: l.name,
      storeUrl: l.url,
      email: l.email ?? null,
      appTesting: l.app ?? "Bundler",
      status: l.status ?? "On Trial",
      createdAt: new Date(1_700_000_000_000 + l.at * 1000),
    }));
    statements.push(...make.lead.statements(env.DB, rows));
  }
  await env.DB.batch(statements);
  return ids;
}

/** The store names of a results page, in order. */
const storeNames = (html: string) => [...html.matchAll(/<div class="[^"]*min-w-40[^"]*">([^<]*)<\/div>/g)].map((m) => m[1]);

describe("the steps", () => {
  it("opens on the intro, shows the search form on ?step=search, and refuses an empty keyword with 400", async () => {
    const intro = await (await get("/warm-leads", admin.cookie)).text();
    expect(intro).toContain("Find stores that are ready to buy");
    expect(intro).toContain("Back to Dashboard");
    expect(intro).toMatch(/<form method="post" action="\/admin\/logout"/);
    const form = await (await get("/warm-leads?step=search", admin.cookie)).text();
    expect(form).toContain("Search warm leads");
    for (const empty of ["", "   "]) {
      const res = await search(empty);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("Please enter a keyword");
      expect(html).toContain("Search warm leads");
    }
    const tooLong = await search("x".repeat(201));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Keyword must be less than 200 characters");
  });
});

describe("matching", () => {
  it("finds leads whose keyword contains the text, in any case, newest first, with the keyword", async () => {
    const u = uid();
    await seed({
      [`${u} Product Bundles`]: [
        { name: `Alpha ${u}`, url: `https://alpha-${u}.example`, at: 1 },
        { name: `Bravo ${u}`, url: `https://bravo-${u}.example`, at: 3 },
      ],
      [`${u} bundle upsell`]: [{ name: `Charlie ${u}`, url: `https://charlie-${u}.example`, at: 2 }],
      [`${u} reviews`]: [{ name: `Delta ${u}`, url: `https://delta-${u}.example`, at: 4 }],
    });
    const html = await (await search(`${u} PRODUCT bund`)).text();
    expect(storeNames(html)).toEqual([`Bravo ${u}`, `Alpha ${u}`]);
    expect(html).toContain("2 stores match");
    expect(html).toContain(`${u} Product Bundles`);

    const both = await (await search(`${u.toUpperCase()} `)).text();
    expect(storeNames(both)).toEqual([`Delta ${u}`, `Bravo ${u}`, `Charlie ${u}`, `Alpha ${u}`]);
    const upsell = await (await search("BUNDLE UPS")).text();
    expect(storeNames(upsell)).toContain(`Charlie ${u}`);
    expect(storeNames(upsell)).not.toContain(`Alpha ${u}`);
  });

  it("treats %, _ and quotes as text, and searches with a long text without error", async () => {
    const u = uid();
    const long = `${u} ${"long tail keyword ".repeat(6)}`.slice(0, 100).trim();
    await seed({
      [`${u} 100% off_sale "vip" 'x'`]: [{ name: `Percent ${u}`, url: `https://percent-${u}.example`, at: 1 }],
      [`${u} 1000 offXsale vip x`]: [{ name: `Wild ${u}`, url: `https://wild-${u}.example`, at: 2 }],
      [long]: [{ name: `Long ${u}`, url: `https://long-${u}.example`, at: 3 }],
    });
    expect(storeNames(await (await search(`${u} 100% off_`)).text())).toEqual([`Percent ${u}`]);
    expect(storeNames(await (await search(`"vip" 'x'`)).text())).toContain(`Percent ${u}`);
    expect(storeNames(await (await search(`"vip" 'x'`)).text())).not.toContain(`Wild ${u}`);
    const wildcard = storeNames(await (await search(`% OFF_SALE "VIP"`)).text());
    expect(wildcard).toContain(`Percent ${u}`);
    expect(wildcard).not.toContain(`Wild ${u}`);
    // Over D1's 50-byte LIKE limit: still a search.
    const found = await search(long.toUpperCase());
    expect(found.status).toBe(200);
    expect(storeNames(await found.text())).toEqual([`Long ${u}`]);
    const none = await search(`${long} and more words that no keyword has ${"z".repeat(60)}`);
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("No leads found for this keyword");
  });

  it("shows a store once (its newest lead), across matching keywords, the URL compared case-insensitively and trimmed", async () => {
    const u = uid();
    await seed({
      [`${u} bundles`]: [
        { name: `Old Shop ${u}`, url: `https://shop-${u}.example`, at: 1 },
        { name: `Other ${u}`, url: `https://other-${u}.example`, at: 2 },
      ],
      [`${u} upsell`]: [{ name: `New Shop ${u}`, url: `  HTTPS://SHOP-${u}.example `, at: 5 }],
    });
    const html = await (await search(u)).text();
    expect(storeNames(html)).toEqual([`New Shop ${u}`, `Other ${u}`]);
    expect(html).toContain("2 stores match");
    // Within one keyword, the older duplicate stays hidden too.
    expect(storeNames(await (await search(`${u} bundles`)).text())).toEqual([`Other ${u}`, `Old Shop ${u}`]);
  });

  it("pages by 50 with the count of all matching stores", async () => {
    const u = uid();
    await seed({
      [`${u} paging`]: Array.from({ length: 120 }, (_, i) => ({
        name: `Store ${String(i).padStart(3, "0")} ${u}`,
        url: `https://s${i}-${u}.example`,
        at: i,
      })),
    });
    const first = await (await search(u)).text();
    expect(first).toContain("120 stores match");
    expect(storeNames(first)).toHaveLength(50);
    expect(storeNames(first)[0]).toBe(`Store 119 ${u}`);
    expect(first).toContain("Page 1 of 3");
    const third = await (await search(u, "&page=3")).text();
    expect(storeNames(third)).toHaveLength(20);
    expect(storeNames(third).at(-1)).toBe(`Store 000 ${u}`);
  });

  it("renders stored text escaped, links only web addresses, and offers Mail only with an email", async () => {
    const u = uid();
    await seed({
      [`${u} safety`]: [
        { name: `<script>alert(1)</script> ${u}`, url: "javascript://%0aalert(1)", email: null, at: 1 },
        { name: `Shop ${u}`, url: `shop-${u}.example`, email: `owner@shop-${u}.example`, at: 2 },
      ],
    });
    const html = await (await search(u)).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain(`href="https://shop-${u}.example/" target="_blank" rel="noopener noreferrer"`);
    // Only for the store with an email (one markup for the table and the phone cards).
    expect(html.match(/href="mailto:[^"]*"/g)).toEqual([`href="mailto:owner@shop-${u}.example"`]);
  });

  it("says 'Failed to fetch leads' when the query fails", async () => {
    const res = await request(`/warm-leads?keyword=anything`, { headers: { Cookie: admin.cookie } }, envWithFailingBatch());
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Failed to fetch leads");
  });
});

describe("CSV export", () => {
  it("downloads every matching store with the spec's columns and file name, N/A emails and formula cells neutralised", async () => {
    const u = uid();
    await seed({
      [`${u} Bundles & Kits`]: [
        { name: `=HYPERLINK("http://evil.example") ${u}`, url: `https://formula-${u}.example`, email: null, app: "+Bundler", at: 1 },
        {
          name: `Plain, "Quoted" ${u}`,
          url: `https://plain-${u}.example`,
          email: `owner@plain-${u}.example`,
          app: "Kit",
          status: "Paid",
          at: 2,
        },
        { name: `Dupe ${u}`, url: `https://PLAIN-${u}.example`, at: 0 },
      ],
    });
    const res = await exportCsv(`${u} bundles & kits`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="warm-leads-${u}-bundles-kits-${today}.csv"`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await readCsv(res)).toEqual([
      ["Store Name", "Store URL", "Email", "Testing App", "Status", "Keyword"],
      [`Plain, "Quoted" ${u}`, `https://plain-${u}.example`, `owner@plain-${u}.example`, "Kit", "Paid", `${u} Bundles & Kits`],
      [`'=HYPERLINK("http://evil.example") ${u}`, `https://formula-${u}.example`, "N/A", "'+Bundler", "On Trial", `${u} Bundles & Kits`],
    ]);
  });

  it("streams a result larger than one export page, each store once, in order", async () => {
    const u = uid();
    const count = 12_345;
    const { id: keywordId } = make.keyword.build({ keyword: `${u} bulk` });
    await env.DB.batch([
      make.keyword.statement(env.DB, { id: keywordId, keyword: `${u} bulk` }),
      // 12,345 stores made by SQLite itself in one statement (through a factory they would be a thousand statements).
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?2 - 1)
         INSERT INTO leads (id, keyword_id, store_name, store_url, email, app_testing, status, created_at)
         SELECT lower(hex(randomblob(16))), ?1, 'Store ' || i, 'https://s' || (i % 12000) || '.example', NULL, 'App', 'On Trial', 1700000000000 + i FROM n`,
      ).bind(keywordId, count),
    ]);
    const res = await exportCsv(`${u} bulk`);
    expect(res.status).toBe(200);
    const rows = (await readCsv(res)).slice(1);
    // 12,345 leads of 12,000 stores: the newest lead of each store.
    expect(rows).toHaveLength(12_000);
    expect(rows[0]![0]).toBe("Store 12344");
    expect(rows.at(-1)![0]).toBe("Store 345");
    expect(new Set(rows.map((r) => r[1])).size).toBe(12_000);

    // Read in pages of 5,000, so 3 queries: each page ends where the next begins.
    const pages: number[] = [];
    for await (const page of exportWarmLeads(env.DB, `${u} bulk`)) pages.push(page.length);
    expect(pages).toEqual([5000, 5000, 2000]);
  });

  it("gives no file but 'No leads to export' when nothing matches, and asks for a keyword when there is none", async () => {
    const none = await exportCsv(`nothing matches ${uid()}`);
    expect(none.status).toBe(302);
    expect(none.headers.get("Content-Disposition")).toBeNull();
    expect(await toastAfter(none)).toContain("No leads to export");
    const empty = await exportCsv("  ");
    expect(empty.status).toBe(302);
    expect(empty.headers.get("Location")).toBe("/warm-leads?step=search");
    expect(await toastAfter(empty)).toContain("Please enter a keyword");
  });
});

describe("access", () => {
  it("refuses anonymous and cross-site requests, and a cross-origin logout", async () => {
    for (const path of ["/warm-leads", "/warm-leads?keyword=bundle", "/warm-leads.csv?keyword=bundle"]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/login");
    }
    const cross = await exportCsv("bundle", { "Sec-Fetch-Site": "cross-site" });
    expect(cross.status).toBe(403);
    const inbox = await request("/admin/leads.csv", { headers: { Cookie: admin.cookie, "Sec-Fetch-Site": "cross-site" } });
    expect(inbox.status).toBe(403);
    const ownSite = await request("/admin/leads.csv", { headers: { Cookie: admin.cookie, "Sec-Fetch-Site": "same-origin" } });
    expect(ownSite.status).toBe(200);

    const logout = await postForm("/admin/logout", {}, { cookie: admin.cookie, headers: { Origin: "https://evil.example" } });
    expect(logout.status).toBe(403);
    expect((await get("/warm-leads", admin.cookie)).status).toBe(200);
  });
});
