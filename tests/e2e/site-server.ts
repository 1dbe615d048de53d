/**
 * One end-to-end site: the built Worker in workerd through Miniflare, and the
 * tests' SQL endpoint on the same D1. global-setup.ts starts it as a process
 * group of its own (`node --import tsx tests/e2e/site-server.ts <options as
 * JSON>`), so the run's reaper can stop it with its workerd.
 *
 * Not `wrangler dev`: that puts a proxy Worker (a second workerd) and
 * wrangler's own process in front of the site, which took a third of the
 * site's CPU and, about once a run, held a response for 60 s (ADR 0018).
 * Miniflare is what `wrangler dev` runs underneath, with the bindings read from
 * wrangler.toml the same way; only the proxy is gone. The script is the one
 * `wrangler deploy` would upload (global-setup.ts bundles it once per run).
 *
 * The SQL endpoint is what `wrangler d1 execute --local` does (the statements
 * as one D1 batch), on the site's own binding, so a test's query and the site
 * never fight over SQLite's lock from two processes: POST the SQL, get the
 * first statement's rows.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

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

/** What the server prints before the SQL endpoint's address, once the site answers. */
export const READY = "site-server ready, SQL on ";

/** What global-setup.ts hands the server. */
export interface SiteServerOptions {
  /** The bundled Worker (`wrangler deploy --dry-run --outdir`). */
  script: string;
  port: number;
  /** As `wrangler dev --persist-to`: D1, KV, R2 and the cache under its v3 folder. */
  stateDir: string;
  /** Over wrangler.toml's [vars] and .dev.vars, as `wrangler dev --var`. */
  vars: Record<string, string>;
}

const busy = (message: string) => /SQLITE_BUSY|database is locked/i.test(message);
// Miniflare's D1 answers some lock conflicts as a bare "internal error": safe to try again only when nothing was written.
const transientRead = (message: string, statements: string[]) =>
  /internal error/i.test(message) && statements.every((statement) => /^(select|with|pragma)\b/i.test(statement));

async function startSite(options: SiteServerOptions): Promise<string> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(resolve("wrangler.toml"));
  const mf = new Miniflare({
    ...workerOptions,
    bindings: { ...workerOptions.bindings, ...options.vars },
    modules: [{ type: "ESModule", path: options.script }],
    modulesRoot: resolve(options.script, ".."),
    host: "localhost",
    port: options.port,
    defaultPersistRoot: join(options.stateDir, "v3"),
    // As `wrangler dev --test-scheduled` (without the static assets' router, the cron goes through POST /scheduled below).
    unsafeTriggerHandlers: true,
    // Each request's line (method, path, status, time), as wrangler dev prints it: the server log shows a slow one.
    log: new Log(LogLevel.INFO),
    // Each console call of the Worker whole, in one write, as wrangler dev prints them: a test reading an email from
    // the log (support.ts, emailWithSubject) never sees its first lines without the rest.
    structuredWorkerdLogs: true,
    handleStructuredLogs: ({ level, message }: { level: string; message: string }) => {
      (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${message}\n`);
    },
  });
  await mf.ready;
  const db = await mf.getD1Database("DB");
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
    // The cron's run (POST /scheduled): Miniflare's /cdn-cgi/handler/scheduled reaches the static assets' router in
    // front of the Worker (wrangler.toml's [assets]), which has no scheduled handler; this goes to the Worker itself.
    if (req.url === "/scheduled") {
      req.resume();
      void mf
        .getWorker()
        .then((worker) => worker.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() }))
        .then(
          (result) => res.writeHead(result.outcome === "ok" ? 200 : 500).end(result.outcome),
          (error: Error) => res.writeHead(500).end(error.message),
        );
      return;
    }
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

// Run as a script (not imported): serve the site described by the JSON argument.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = await startSite(JSON.parse(process.argv[2] ?? "{}") as SiteServerOptions);
  console.log(`${READY}${url}`);
}
