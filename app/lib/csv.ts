/**
 * The one CSV writer. Safe from formula injection (OWASP): a cell that
 * begins with `=`, `+`, `-`, `@`, tab, CR or LF is prefixed with `'` so a
 * spreadsheet shows it as text. (papaparse's own `escapeFormulae` misses LF.)
 *
 * A download is always streamed: the rows come as pages (an array of rows, or
 * an async generator reading D1 page by page) and each page is written as it
 * arrives, so a large export never sits in memory whole.
 */
import Papa from "papaparse";

const FORMULA_START = /^[=+\-@\t\r\n]/;
const NEWLINE = "\r\n";

export function neutralizeCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function lines(rows: unknown[][]): string {
  return Papa.unparse(
    rows.map((row) => row.map(neutralizeCell)),
    { newline: NEWLINE, header: false },
  );
}

/** Pages of rows: a plain list of pages, or pages read one at a time. */
type CsvPages = Iterable<unknown[][]> | AsyncIterable<unknown[][]>;

/** A byte stream of the CSV: a BOM (so Excel reads UTF-8), the header, then each page as it comes. */
export function csvStream(fields: string[], pages: CsvPages): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = Symbol.asyncIterator in pages ? pages[Symbol.asyncIterator]() : pages[Symbol.iterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${lines([fields])}`));
        return;
      }
      // Empty pages are skipped; the stream ends with the source.
      for (;;) {
        const next = await source.next();
        if (next.done) {
          controller.close();
          return;
        }
        if (next.value.length) {
          controller.enqueue(encoder.encode(NEWLINE + lines(next.value)));
          return;
        }
      }
    },
    async cancel() {
      await source.return?.();
    },
  });
}

/** A filename that is safe in a Content-Disposition header and on every file system. */
function safeFilename(name: string): string {
  return name.replace(/[^\w.-]/g, "_");
}

/** The download response of a CSV; not cached anywhere. */
export function csvResponse(filename: string, fields: string[], pages: CsvPages): Response {
  return new Response(csvStream(fields, pages), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeFilename(filename)}"`,
      "Cache-Control": "no-store",
    },
  });
}
