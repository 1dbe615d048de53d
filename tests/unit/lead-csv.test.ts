/** The lead CSV parser: header synonyms, quoting, BOM, line endings, delimiters, blank and short rows, formulas, non-text files, web addresses; the export's file name. */
import { describe, expect, it } from "vitest";
import { decodeCsv, fieldOfHeader, parseLeadsCsv } from "~/features/lead-finder/csv-import.server";
import { exportFilename } from "~/features/warm-leads/warm-leads.options";
import { webAddress } from "~/lib/urls";

const ok = (text: string) => {
  const result = parseLeadsCsv(text);
  if (!result.ok) throw new Error(result.error);
  return result;
};

describe("lead CSV parser", () => {
  it("knows every header synonym of the spec, in any case and spacing", () => {
    const cases: Record<string, string[]> = {
      storeName: ["store_name", "Store Name", "STORENAME", "name", "store"],
      storeUrl: ["store_url", "URL", "website", "link"],
      email: ["email", "E-mail", "contact email", "contact"],
      appTesting: ["app_testing", "app", "testing", "competitor app", "testing app", "App being tested"],
      status: ["status", "trial status", "state"],
    };
    for (const [field, headers] of Object.entries(cases)) for (const h of headers) expect(fieldOfHeader(` ${h} `), h).toBe(field);
    expect(fieldOfHeader("notes")).toBeNull();
  });

  it("reads quoted fields with commas, quotes and line breaks, a BOM and CRLF; defaults the status", () => {
    const text =
      '\uFEFFStore Name,Website,E-mail,App being tested\r\n"Acme, Inc.","acme.com","ceo@acme.com","Bundle ""Pro"""\r\n"Two\nLines",https://two.example,,Upsell\r\n';
    const { rows } = ok(decodeCsv(new TextEncoder().encode(text))!);
    expect(rows).toEqual([
      { storeName: "Acme, Inc.", storeUrl: "https://acme.com", email: "ceo@acme.com", appTesting: 'Bundle "Pro"', status: "On Trial" },
      { storeName: "Two\nLines", storeUrl: "https://two.example", email: null, appTesting: "Upsell", status: "On Trial" },
    ]);
  });

  it("detects semicolon and tab delimiters, ignores extra columns and blank lines", () => {
    for (const d of [";", "\t"]) {
      const text = ["store;url;notes;status", "", "A;a.com;x;Paid", "   ", "B;b.com;y;"].join("\n").replaceAll(";", d);
      const { rows } = ok(text);
      expect(rows.map((r) => [r.storeName, r.storeUrl, r.status])).toEqual([
        ["A", "https://a.com", "Paid"],
        ["B", "https://b.com", "On Trial"],
      ]);
    }
  });

  it("skips rows without a store name or URL, with their row numbers, and counts duplicates in the file", () => {
    const lines = ["name,url,email", "A,a.com,not-an-email", ",b.com,", "C,,", "D,A.COM ,", "E,https://a.com,"];
    const result = ok(lines.join("\n"));
    expect(result.rows.map((r) => r.storeName)).toEqual(["A", "D", "E"]);
    expect(result.rows[0]!.email).toBeNull();
    expect(result.skipped).toEqual([
      { row: 3, reason: "no store name" },
      { row: 4, reason: "no store URL" },
    ]);
    expect(result.duplicatesInFile).toBe(2);
  });

  it("reports only the first 20 skipped rows but counts them all", () => {
    const text = ["name,url", ...Array.from({ length: 30 }, () => "x,"), "ok,ok.com"].join("\n");
    const result = ok(text);
    expect(result.skipped).toHaveLength(20);
    expect(result.skippedCount).toBe(30);
    expect(result.rows).toHaveLength(1);
  });

  it("keeps formula-looking cells as text", () => {
    const { rows } = ok('name,url,app\n=HYPERLINK("x"),+evil.com,@SUM(1)');
    expect(rows[0]).toMatchObject({ storeName: '=HYPERLINK("x")', storeUrl: "https://+evil.com", appTesting: "@SUM(1)" });
  });

  it("refuses a file without a usable header, and more than 50,000 rows", () => {
    expect(parseLeadsCsv("foo,bar\n1,2")).toEqual({ ok: false, error: expect.stringContaining("no usable header") });
    expect(parseLeadsCsv("name,email\nA,a@x.com")).toEqual({ ok: false, error: expect.stringContaining("no usable header") });
    const big = "name,url\n" + "a,b.com\n".repeat(50_001);
    expect(parseLeadsCsv(big)).toEqual({ ok: false, error: expect.stringContaining("more than 50,000 rows") });
  });

  it("refuses bytes that are not UTF-8 text (an xlsx, an image)", () => {
    expect(decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xff, 0xfe]))).toBeNull();
    expect(decodeCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBeNull();
    expect(decodeCsv(new TextEncoder().encode("name,url\nA,a.com"))).toBe("name,url\nA,a.com");
  });
});

describe("store addresses", () => {
  it("skips a row whose URL is not a web address, and links only http(s)", () => {
    const result = ok(
      "name,url\nEvil,javascript://%0aalert(1)\nData,data:text/html;base64,PHNjcmlwdD4=\nGood,good.example\nPlain,http://plain.example",
    );
    expect(result.rows.map((r) => r.storeUrl)).toEqual(["https://good.example", "http://plain.example"]);
    expect(result.skipped).toEqual([
      { row: 2, reason: "the store URL is not a web address" },
      { row: 3, reason: "the store URL is not a web address" },
    ]);
    expect(webAddress("javascript:alert(1)")).toBeNull();
    expect(webAddress("  shop.example ")).toBe("https://shop.example/");
    expect(webAddress("HTTPS://Shop.example/path")).toBe("https://shop.example/path");
  });
});

describe("warm-leads export file name", () => {
  it("is warm-leads-{keyword}-{date}.csv with the keyword made safe", () => {
    const day = new Date("2026-11-22T10:00:00Z");
    expect(exportFilename("Product Bundles", day)).toBe("warm-leads-product-bundles-2026-11-22.csv");
    expect(exportFilename('../"Café" & <Co>', day)).toBe("warm-leads-cafe-co-2026-11-22.csv");
    expect(exportFilename("%%%", day)).toBe("warm-leads-search-2026-11-22.csv");
    expect(exportFilename("x".repeat(150), day)).toBe(`warm-leads-${"x".repeat(60)}-2026-11-22.csv`);
  });
});
