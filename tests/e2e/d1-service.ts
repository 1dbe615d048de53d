/**
 * SQL on an end-to-end site's local D1, for the tests (support.ts, `query`):
 * what `wrangler d1 execute --local` does (the statements as one D1 batch,
 * through a Miniflare on the site's state directory), kept running for the
 * whole run instead of started for every query. global-setup.ts starts it as
 * a process of its own (`node --import tsx tests/e2e/d1-service.ts <state
 * directory>`, so the run's reaper can stop it with its workerd); it prints
 * its address, then answers on it: POST the SQL, get the first statement's rows.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { getPlatformProxy } from "wrangler";

/** Splits SQL into statements at the semicolons outside quotes and comments. */
export function splitSql(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    const quote = c === "'" || c === '"' || c === "`" ? c : undefined;
    if (quote) {
      const end = sql.indexOf(quote, i + 1) < 0 ? sql.length : sql.indexOf(quote, i + 1);
      current += sql.slice(i, end + 1);
      i = end;
      // A doubled quote inside a string ('it''s') is the string going on: the loop meets it as a new one.
    } else if (c === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end;
    } else if (c === "/" && sql[i + 1] === "*") {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === ";") {
      if (current.trim()) statements.push(current.trim());
      current = "";
    } else current += c;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** What the service prints before its address, once it answers. */
export const READY = "d1-service ready on ";

const busy = (message: string) => /SQLITE_BUSY|database is locked/i.test(message);
// Miniflare's D1 answers some lock conflicts as a bare "internal error": safe to try again only when nothing was written.
const transientRead = (message: string, statements: string[]) =>
  /internal error/i.test(message) && statements.every((statement) => /^(select|with|pragma)\b/i.test(statement));

async function startD1Service(stateDir: string): Promise<string> {
  // The same persistence root as `wrangler dev --persist-to stateDir` (its v3 folder), no remote bindings.
  const proxy = await getPlatformProxy<Env>({
    configPath: "wrangler.toml",
    persist: { path: join(stateDir, "v3") },
    remoteBindings: false,
  });
  const db = proxy.env.DB;
  async function run(sql: string): Promise<Record<string, unknown>[]> {
    // The site (its queue consumer, its cron) may hold the SQLite write lock at that moment: busy is worth a few more tries.
    const statements = splitSql(sql);
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await db.batch(statements.map((statement) => db.prepare(statement)));
        // As wrangler prints them: a BLOB as its bytes in brackets.
        return (results[0]?.results ?? []).map((row) =>
          Object.fromEntries(
            Object.entries(row as Record<string, unknown>).map(([key, value]) => [
              key,
              value instanceof ArrayBuffer || Array.isArray(value) ? `[${[...new Uint8Array(value as ArrayBuffer)].join(", ")}]` : value,
            ]),
          ),
        );
      } catch (error) {
        const message = String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
        if (!(busy(message) || transientRead(message, statements)) || attempt >= 6) throw new Error(message);
        await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
      }
    }
  }
  const server = createServer((req, res) => {
    let sql = "";
    req.on("data", (chunk: Buffer) => (sql += chunk.toString("utf8")));
    req.on("end", () => {
      run(sql).then(
        (results) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ results })),
        (error: Error) => res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: error.message })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

// Run as a script (not imported): serve the state directory given.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = await startD1Service(process.argv[2] ?? "");
  console.log(`${READY}${url}`);
}
