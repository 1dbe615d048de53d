/** Parses stored JSON; text that is not JSON (admins may store raw text) comes back as the string itself. */
export function parseJsonOrText(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
