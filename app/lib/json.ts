/** Parses stored JSON; text that is not JSON (admins may store raw text) comes back as the string itself. */
export function parseJsonOrText(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Where JSON text breaks: the offset of the first character a JSON parser
 * cannot accept (V8's messages do not always say), or null when it parses.
 */
function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => (text.startsWith(word, i) ? (i += word.length) : fail());
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === "\\") {
        i++;
        if (text[i] === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "")) fail();
      }
      i++;
    }
    if (text[i] !== '"') fail();
    i++;
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ":") fail();
        i++;
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") return void i++;
        else fail();
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "]") return void i++;
        else fail();
      }
    }
    if (c === '"') return string();
    if (c === "t") return void literal("true");
    if (c === "f") return void literal("false");
    if (c === "n") return void literal("null");
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number();
    fail();
  };
  try {
    value();
    ws();
    return i < text.length ? i : null;
  } catch (at) {
    return typeof at === "number" ? at : 0;
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
    const position = Math.min(jsonErrorOffset(text) ?? text.length, text.length);
    const before = text.slice(0, position).split("\n");
    return { line: before.length, column: before.at(-1)!.length + 1, message };
  }
}
