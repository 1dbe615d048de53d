/**
 * Turns what a visitor typed into a safe FTS5 query: words only (letters and
 * digits in any script), each as a quoted prefix term, all required. Quoted,
 * AND, OR, NOT and NEAR are plain words; `"`, `*`, `-`, `(` and other symbols
 * are dropped, so no input can reach FTS5 syntax or cause an error.
 */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

export function toFtsQuery(input: string | null | undefined): string | null {
  if (!input) return null;
  const terms = (input.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((t) => t.slice(0, MAX_TERM_LENGTH).toLowerCase())
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t}"*`).join(" ");
}
