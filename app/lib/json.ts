/** Parses stored JSON; text that is not JSON (admins may store raw text) comes back as the string itself. */
export function parseJsonOrText(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether text is valid JSON; if not, where it breaks (line and column, 1-based) for the admin to fix. */
export function jsonProblem(text: string): { line: number; column: number; message: string } | null {
  if (!text.trim()) return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lineCol = /line (\d+) column (\d+)/.exec(message);
    if (lineCol) return { line: Number(lineCol[1]), column: Number(lineCol[2]), message };
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? text.length);
    const before = text.slice(0, position).split("\n");
    return { line: before.length, column: before.at(-1)!.length + 1, message };
  }
}
