/**
 * Writes refused by a unique index. The database enforces every uniqueness
 * rule the code checks (a keyword in any case, a slug, an email): when two
 * requests race past the code's own check, the second write fails with
 * SQLite's "UNIQUE constraint failed", and the caller answers as its check
 * would have (the field's normal message), not with a server error.
 */

/** The message of an error and of its causes (drizzle wraps D1's error in its own). */
function messages(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    parts.push(current instanceof Error ? current.message : String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join("\n");
}

export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(messages(error));
}
