/**
 * CSV out, safe from formula injection (OWASP): a cell that begins with
 * `=`, `+`, `-`, `@`, tab, CR or LF is prefixed with `'` so a spreadsheet
 * shows it as text. (papaparse's own `escapeFormulae` misses LF.)
 */
import Papa from "papaparse";

const FORMULA_START = /^[=+\-@\t\r\n]/;

export function neutralizeCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function toCsv(fields: string[], rows: unknown[][]): string {
  return Papa.unparse({ fields, data: rows.map((row) => row.map(neutralizeCell)) }, { newline: "\r\n" });
}

export function csvResponse(filename: string, csv: string): Response {
  // The BOM makes Excel read UTF-8 correctly.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
