/**
 * Seals every encrypted value anew under the current data key (ADR 0017): after a new key is put first in
 * DATA_ENCRYPTION_KEYS, and to seal at once the rows from before encryption at rest.
 *   npm run keys:rotate                      the local D1, with DATA_ENCRYPTION_KEYS from .dev.vars
 *   npm run keys:rotate -- --remote          the production D1 (wrangler), with DATA_ENCRYPTION_KEYS from the
 *                                            environment: the Worker's secret cannot be read back
 *   [--persist-to DIR] [--page 50]
 * The same code as the Worker's cron step (app/lib/reseal.server.ts), a page of at most 50 values per column
 * at a time; each value is written back only if it is still the one read, so a write made meanwhile is kept.
 * It ends by counting what is left under other keys: 0 everywhere, and the older keys can leave the secret.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { dataKeyring } from "../app/lib/encryption.server";
import { resealPage, unsealedCounts, type SqlRunner, type Statement } from "../app/lib/reseal.server";
import { scriptSecret } from "./secrets";

const { values } = parseArgs({
  options: {
    remote: { type: "boolean", default: false },
    "persist-to": { type: "string" },
    page: { type: "string", default: "50" },
  },
});

const keys = scriptSecret("DATA_ENCRYPTION_KEYS", values.remote);
if (!keys) {
  console.error(
    values.remote
      ? "Give the production keys in the environment: DATA_ENCRYPTION_KEYS='new:…,old:…' npm run keys:rotate -- --remote"
      : "DATA_ENCRYPTION_KEYS is in neither the environment nor .dev.vars (npm run setup writes one)",
  );
  process.exit(1);
}
const page = Number(values.page);
if (!Number.isInteger(page) || page < 1 || page > 100) {
  console.error("--page is a whole number from 1 to 100");
  process.exit(1);
}

const target = values.remote ? ["--remote", "--env", "production"] : ["--local"];
const persist = values["persist-to"] ? ["--persist-to", values["persist-to"]] : [];

/** A statement with its parameters written in as SQL literals (`wrangler d1 execute --command` binds none). */
function inline({ sql, params }: Statement): string {
  return sql.replace(/\?(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === undefined) throw new Error(`No parameter ?${n} for: ${sql}`);
    if (value === null) return "NULL";
    return typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;
  });
}

interface D1Output {
  results: unknown[];
}

function execute(sql: string): D1Output[] {
  for (let attempt = 1; ; attempt++) {
    const res = spawnSync("npx", ["wrangler", "d1", "execute", "DB", ...target, ...persist, "--json", "--command", sql], {
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (res.status === 0) return JSON.parse(res.stdout) as D1Output[];
    // A running local site may hold the SQLite lock for a moment: worth a few more tries, nothing else is.
    if (attempt < 5 && /SQLITE_BUSY|database is locked/i.test(`${res.stdout}\n${res.stderr}`)) continue;
    throw new Error(`wrangler d1 execute failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
}

/** Statements per call: well under the command line's and D1's 100 KB per statement. */
const BATCH_CHARS = 90_000;

const runner: SqlRunner = {
  async all<T>(statement: Statement) {
    return (execute(inline(statement))[0]?.results ?? []) as T[];
  },
  async batch(statements) {
    const changes: number[] = [];
    let chunk: string[] = [];
    const flush = () => {
      // Local wrangler reports no `changes`: each update tells what it changed with RETURNING.
      if (chunk.length) for (const out of execute(chunk.join(";\n"))) changes.push(out.results.length);
      chunk = [];
    };
    for (const statement of statements) {
      const sql = inline(statement);
      if (chunk.join(";\n").length + sql.length > BATCH_CHARS) flush();
      chunk.push(sql);
    }
    flush();
    return changes;
  },
};

const ring = await dataKeyring({ DATA_ENCRYPTION_KEYS: keys, ENVIRONMENT: "production", SITE_URL: "https://keys-rotate.invalid" });
console.log(`Sealing every value under the key "${ring.currentId}" (${values.remote ? "production" : "local"} D1)…`);
let total = 0;
for (;;) {
  const { resealed, more } = await resealPage(runner, ring, page);
  total += resealed;
  if (!more) break;
}
const left = await unsealedCounts(runner, ring);
console.log(`Sealed anew: ${total} value(s).`);
for (const [column, n] of Object.entries(left)) console.log(`  ${column}: ${n} left under another key or in clear`);
if (Object.values(left).some((n) => n > 0)) {
  console.error("Some values were written meanwhile under another key: run the command again.");
  process.exit(1);
}
console.log(`Done: every value is under "${ring.currentId}". The other keys can leave DATA_ENCRYPTION_KEYS.`);
