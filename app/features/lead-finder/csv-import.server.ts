/**
 * Reading a CSV of store leads (papaparse): header row lowercased and
 * trimmed, quoted fields with commas, quotes and line breaks, a byte-order
 * mark, CRLF or LF, blank lines skipped, extra columns ignored, the delimiter
 * detected (comma, semicolon, tab). Header synonyms per the spec. Every row is
 * checked; text stays text (a cell starting with `=` is data here: exports
 * neutralise it).
 */
import Papa from "papaparse";
import { z } from "zod";
import { webAddress, withHttps } from "~/lib/urls";
import { DEFAULT_STATUS, MAX_UPLOAD_ROWS, SKIPPED_REPORTED } from "./lead-finder.options";
import { LEAD_MESSAGES } from "./lead-finder.messages";

type LeadField = "storeName" | "storeUrl" | "email" | "appTesting" | "status";

/** Header names (after lowercasing and turning _ and - into spaces) for each field. */
const SYNONYMS: Record<LeadField, string[]> = {
  storeName: ["store name", "storename", "name", "store", "shop name", "shop"],
  storeUrl: ["store url", "url", "website", "link", "store link", "store website", "shop url", "domain"],
  email: ["email", "e mail", "contact email", "contact", "email address", "contact e mail"],
  appTesting: [
    "app testing",
    "app",
    "testing",
    "competitor app",
    "testing app",
    "app being tested",
    "app tested",
    "competitor",
    "competitor apps",
    "apps testing",
  ],
  status: ["status", "trial status", "state"],
};

const normalizeHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ");

export function fieldOfHeader(header: string): LeadField | null {
  const h = normalizeHeader(header);
  return (Object.keys(SYNONYMS) as LeadField[]).find((f) => SYNONYMS[f].includes(h)) ?? null;
}

export interface LeadRow {
  storeName: string;
  storeUrl: string;
  email: string | null;
  appTesting: string;
  status: string;
}
export interface Skipped {
  row: number;
  reason: string;
}
type ParseResult =
  { ok: true; rows: LeadRow[]; skipped: Skipped[]; skippedCount: number; duplicatesInFile: number } | { ok: false; error: string };

const isEmail = (v: string) => z.email().safeParse(v).success;
const cell = (v: unknown, max: number) =>
  typeof v === "string"
    ? v
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "")
        .trim()
        .slice(0, max)
    : "";
const normalizeUrl = (url: string) => url.trim().toLowerCase();

/** Bytes to text: refuses what is not UTF-8 text (an xlsx, an image). */
export function decodeCsv(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return /\u0000/.test(text) ? null : text.replace(/^\uFEFF/, "");
  } catch {
    return null;
  }
}

export function parseLeadsCsv(text: string): ParseResult {
  // Refused before parsing: a file with more lines than rows allowed (a quoted line break may over-count a little).
  let lines = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1))
    if (++lines > MAX_UPLOAD_ROWS + 1) return { ok: false, error: LEAD_MESSAGES.tooManyRows };
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
    delimitersToGuess: [",", ";", "\t", "|"],
  });
  const headers = parsed.meta.fields ?? [];
  const columns = new Map<LeadField, string>();
  for (const h of headers) {
    const field = fieldOfHeader(h);
    if (field && !columns.has(field)) columns.set(field, h);
  }
  if (!columns.has("storeName") || !columns.has("storeUrl")) return { ok: false, error: LEAD_MESSAGES.noHeader };
  if (parsed.data.length > MAX_UPLOAD_ROWS) return { ok: false, error: LEAD_MESSAGES.tooManyRows };

  const rows: LeadRow[] = [];
  const skipped: Skipped[] = [];
  let skippedCount = 0;
  let duplicatesInFile = 0;
  const seen = new Set<string>();
  const get = (record: Record<string, string>, field: LeadField, max: number) => {
    const column = columns.get(field);
    return column ? cell(record[column], max) : "";
  };
  parsed.data.forEach((record, i) => {
    const rowNumber = i + 2; // the header is row 1
    const storeName = get(record, "storeName", 200);
    const url = get(record, "storeUrl", 500);
    const reason =
      !storeName && !url
        ? "no store name and no store URL"
        : !storeName
          ? "no store name"
          : !url
            ? "no store URL"
            : !webAddress(url)
              ? "the store URL is not a web address"
              : null;
    if (reason) {
      skippedCount += 1;
      if (skipped.length < SKIPPED_REPORTED) skipped.push({ row: rowNumber, reason });
      return;
    }
    // As written (with https added to a bare host), so the list shows what the file said.
    const storeUrl = withHttps(url);
    const key = normalizeUrl(storeUrl);
    if (seen.has(key)) duplicatesInFile += 1;
    seen.add(key);
    const email = get(record, "email", 254);
    rows.push({
      storeName,
      storeUrl,
      email: email && isEmail(email) ? email.toLowerCase() : null,
      appTesting: get(record, "appTesting", 200),
      status: get(record, "status", 50) || DEFAULT_STATUS,
    });
  });
  return { ok: true, rows, skipped, skippedCount, duplicatesInFile };
}
