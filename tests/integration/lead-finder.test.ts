/**
 * The Lead Finder: keywords, CSV import (rows in D1, the report, limits, all
 * or nothing, few statements), duplicates hidden, every delete path, and no
 * access without an admin session or from another origin.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, envWithFailingBatch, postForm, request } from "./helpers";

let admin: { cookie: string };
beforeAll(async () => {
  admin = await signedInAdmin();
});
const PATH = "/admin/dashboard/lead-finder";
const uid = () => crypto.randomUUID().slice(0, 8);
const post = (fields: Record<string, string | string[]>, path = PATH) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return request(path, {
    method: "POST",
    body,
    headers: { Cookie: admin.cookie, ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
};
function upload(keywordId: string, csv: string, { path = PATH, cookie = admin.cookie, origin = SAME_ORIGIN.Origin } = {}) {
  const form = new FormData();
  form.set("keywordId", keywordId);
  form.set("file", new File([csv], "leads.csv", { type: "text/csv" }));
  return request(path, { method: "POST", body: form, headers: { Cookie: cookie, Origin: origin }, redirect: "manual" });
}
const toastAfter = async (res: Response) =>
  (await get(res.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(res, "__toast")}`)).text();
async function newKeyword(name = `kw ${uid()}`) {
  await post({ intent: "add-keyword", keyword: name });
  return (await all<{ id: string }>("SELECT id FROM keywords WHERE keyword = ?", name))[0]!.id;
}
const leadsOf = (keywordId: string) =>
  all<Record<string, unknown>>(
    "SELECT store_name, store_url, email, app_testing, status FROM leads WHERE keyword_id = ? ORDER BY store_name",
    keywordId,
  );

describe("keywords", () => {
  it("adds a keyword (trimmed), refuses an empty one and the same one in any case", async () => {
    const name = `Bundles ${uid()}`;
    const added = await post({ intent: "add-keyword", keyword: `  ${name}  ` });
    expect(await toastAfter(added)).toContain("Keyword added successfully");
    expect(await all("SELECT keyword FROM keywords WHERE keyword = ?", name)).toHaveLength(1);
    const empty = await post({ intent: "add-keyword", keyword: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter a keyword");
    const again = await post({ intent: "add-keyword", keyword: name.toUpperCase() });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This keyword already exists");
  });

  it("deletes a keyword with its leads, after a confirmation that says how many", async () => {
    const id = await newKeyword();
    const up = await upload(id, "name,url\nA,a.com\nB,b.com");
    expect(
      up.status,
      await up
        .clone()
        .text()
        .then((t) => /role="alert"[^>]*>([^<]*)/.exec(t)?.[1] ?? ""),
    ).toBe(200);
    const confirm = await (await get(`${PATH}?confirm=keyword:${id}`, admin.cookie)).text();
    expect(confirm).toContain("and its 2 leads will be deleted");
    const res = await post({ intent: `delete-keyword:${id}` });
    expect(await toastAfter(res)).toContain("Keyword deleted successfully");
    expect(await all("SELECT id FROM keywords WHERE id = ?", id)).toEqual([]);
    expect(await leadsOf(id)).toEqual([]);
  });
});

describe("CSV import", () => {
  it("imports a messy file and reports what it took, skipped and found twice", async () => {
    const id = await newKeyword();
    await upload(id, "name,url\nExisting,https://dup.example");
    const csv =
      '\uFEFFStore Name;Website;E-mail;App being tested;Trial Status\r\n"Acme; Inc.";acme.com;ceo@acme.com;"Bundle ""Pro""";\r\n;nameless.com;;;\r\nNo URL;;;;\r\nDup;DUP.example ;bad-email;App;Paid\r\nFormula;=cmd.example;;=SUM(1);\r\nAcme again;ACME.COM;;;\r\n';
    const res = await upload(id, csv);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Uploaded 4 stores successfully");
    expect(html).toContain("2 rows skipped");
    expect(html).toContain("Row 3: no store name");
    expect(html).toContain("Row 4: no store URL");
    expect(html).toMatch(/1 duplicate store URLs in the file, 1 already under/);
    expect(await leadsOf(id)).toEqual([
      { store_name: "Acme again", store_url: "https://ACME.COM", email: null, app_testing: "", status: "On Trial" },
      { store_name: "Acme; Inc.", store_url: "https://acme.com", email: "ceo@acme.com", app_testing: 'Bundle "Pro"', status: "On Trial" },
      { store_name: "Dup", store_url: "https://DUP.example", email: null, app_testing: "App", status: "Paid" },
      { store_name: "Existing", store_url: "https://dup.example", email: null, app_testing: "", status: "On Trial" },
      { store_name: "Formula", store_url: "https://=cmd.example", email: null, app_testing: "=SUM(1)", status: "On Trial" },
    ]);
  });

  it("imports 10,000 rows in one batch of a few statements, answered as JSON for the progress bar", async () => {
    const id = await newKeyword();
    const csv = [
      "store_name,store_url,email,app_testing",
      ...Array.from({ length: 10_000 }, (_, i) => `Store ${i},store-${i}.example,owner@store-${i}.example,App ${i % 7}`),
    ].join("\n");
    const res = await upload(id, csv, { path: "/admin/lead-finder/import" });
    expect(res.status).toBe(200);
    const report = await res.json<{ ok: boolean; uploaded: number; statements: number }>();
    expect(report).toMatchObject({ ok: true, uploaded: 10_000 });
    expect(report.statements).toBeLessThanOrEqual(10);
    expect((await all<{ n: number }>("SELECT count(*) AS n FROM leads WHERE keyword_id = ?", id))[0]!.n).toBe(10_000);
  });

  it("answers every refusal cleanly and writes nothing", async () => {
    const id = await newKeyword();
    const cases: [string | Uint8Array<ArrayBuffer> | null, string | null, number, string][] = [
      ["name,url\nA,a.com", null, 400, "Please select a keyword and CSV file"],
      [null, id, 400, "Please select a keyword and CSV file"],
      ["foo,bar\n1,2", id, 400, "no usable header row"],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x01]), id, 400, "Failed to read file"],
      ["name,url\n" + "a,a.com\n".repeat(50_001), id, 400, "more than 50,000 rows"],
      ["name,url\n" + "x".repeat(5 * 1024 * 1024 + 10), id, 413, "larger than 5 MB"],
    ];
    for (const [csv, keywordId, status, message] of cases) {
      const form = new FormData();
      if (keywordId) form.set("keywordId", keywordId);
      if (csv !== null) form.set("file", new File([csv], "x.csv"));
      const res = await request(PATH, { method: "POST", body: form, headers: { Cookie: admin.cookie, ...SAME_ORIGIN } });
      expect(res.status, message).toBe(status);
      expect(await res.text()).toContain(message);
    }
    expect(await leadsOf(id)).toEqual([]);
  });

  it("leaves nothing half-imported when the database fails: 'Failed to upload stores'", async () => {
    const id = await newKeyword();
    const form = new FormData();
    form.set("keywordId", id);
    form.set("file", new File(["name,url\nA,a.com\nB,b.com"], "x.csv"));
    const res = await request(
      PATH,
      { method: "POST", body: form, headers: { Cookie: admin.cookie, ...SAME_ORIGIN } },
      envWithFailingBatch(),
    );
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Failed to upload stores");
    expect(await leadsOf(id)).toEqual([]);
  });
});

describe("stores of a keyword", () => {
  it("hides duplicate store URLs (the newest shown), counts them, and pages 50 at a time", async () => {
    const id = await newKeyword("dedupe " + uid());
    const rows = Array.from({ length: 60 }, (_, i) => `S${i},s${i}.example`);
    await upload(id, ["name,url", ...rows, "S0 again, S0.EXAMPLE ", "S1 again,https://s1.example"].join("\n"));
    const html = await (await get(`${PATH}?keyword=${id}`, admin.cookie)).text();
    expect(html).toMatch(/Found 60 unique stores for dedupe/);
    expect(html).toContain("2 duplicate rows hidden");
    expect(html.match(/name="id"/g)).toHaveLength(50);
    expect(html).toContain("S0 again");
    expect(html).not.toContain(">S0<");
    const second = await (await get(`${PATH}?keyword=${id}&page=2`, admin.cookie)).text();
    expect(second.match(/name="id"/g)).toHaveLength(10);
  });

  it("deletes one store (with its duplicates), the selected ones, and all after the confirmation", async () => {
    const id = await newKeyword();
    await upload(id, ["name,url", "A,a.example", "A2,A.EXAMPLE", "B,b.example", "C,c.example", "D,d.example", "E,e.example"].join("\n"));
    const idOf = async (name: string) =>
      (await all<{ id: string }>("SELECT id FROM leads WHERE keyword_id = ? AND store_name = ?", id, name))[0]!.id;

    const one = await post({ intent: `delete-store:${await idOf("A")}`, keywordId: id }, `${PATH}?keyword=${id}`);
    expect(await toastAfter(one)).toContain("Store deleted successfully");
    expect((await leadsOf(id)).map((r) => r.store_name)).toEqual(["B", "C", "D", "E"]);

    const selected = await post(
      { intent: "delete-selected", keywordId: id, id: [await idOf("B"), await idOf("C")] },
      `${PATH}?keyword=${id}`,
    );
    expect(await toastAfter(selected)).toContain("Deleted 2 stores successfully");
    expect((await leadsOf(id)).map((r) => r.store_name)).toEqual(["D", "E"]);

    const confirm = await (await get(`${PATH}?keyword=${id}&confirm=all`, admin.cookie)).text();
    expect(confirm).toMatch(/All 2 stores of “kw [0-9a-f]+” \(2 rows with duplicates\) will be deleted/);
    const everything = await post({ intent: "delete-all", keywordId: id }, `${PATH}?keyword=${id}`);
    expect(await toastAfter(everything)).toContain("All stores deleted successfully");
    expect(await leadsOf(id)).toEqual([]);
  });

  it("says 'Failed to fetch stores' inside the tab when the list cannot load", async () => {
    const id = await newKeyword();
    const res = await request(`${PATH}?keyword=${id}`, { headers: { Cookie: admin.cookie } }, envWithFailingBatch());
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Failed to fetch stores");
  });

  it("refuses anonymous and cross-origin requests", async () => {
    const id = await newKeyword();
    expect((await get(PATH)).headers.get("Location")).toBe("/admin/login");
    const anon = await upload(id, "name,url\nA,a.com", { cookie: "" });
    expect(anon.headers.get("Location")).toBe("/admin/login");
    const anonJson = await upload(id, "name,url\nA,a.com", { cookie: "", path: "/admin/lead-finder/import" });
    expect(anonJson.headers.get("Location")).toBe("/admin/login");
    const cross = await upload(id, "name,url\nA,a.com", { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    const crossDelete = await postForm(
      PATH,
      { intent: "delete-all", keywordId: id },
      { cookie: admin.cookie, headers: { Origin: "https://evil.example" } },
    );
    expect(crossDelete.status).toBe(403);
    expect(await leadsOf(id)).toEqual([]);
  });
});
