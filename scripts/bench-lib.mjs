// What every page benchmark shares: a fresh local D1 of its own seeded with SQL, the built worker
// served by `wrangler dev`, and the median / p95 time to response headers of a page.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { env, run } from "./lib.mjs";

export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
export const sqlText = (s) => (s === null || s === undefined ? "NULL" : `'${String(s).replaceAll("'", "''")}'`);

export function requireBuild() {
  if (!existsSync("build/server/index.js")) {
    console.error("✖ Build the app first: npm run build");
    process.exit(1);
  }
}

/** A fresh state directory with every migration and `sql` applied (the dev database is not touched). */
export function freshDatabase(state, sql) {
  rmSync(state, { recursive: true, force: true });
  mkdirSync(state, { recursive: true });
  const quiet = { stdio: ["ignore", "ignore", "inherit"] };
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], quiet);
  const file = join(state, "bench.sql");
  writeFileSync(file, sql);
  run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--file", file], quiet);
}

/**
 * Serves the built worker on `port` with `state` (and `vars`, name → value); resolves once it answers. Returns `stop`
 * and the process group of the server. `onOutput` receives the server's output as it comes (its logs); `extraArgs`
 * go to wrangler dev, such as `--test-scheduled`.
 */
export async function serve(port, state, vars = {}, onOutput = () => {}, extraArgs = []) {
  const base = `http://localhost:${port}`;
  const varArgs = Object.entries({ SITE_URL: base, ...vars }).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
  const server = spawn("npx", ["wrangler", "dev", "--port", String(port), "--persist-to", state, ...varArgs, ...extraArgs], {
    // Bundled as `wrangler deploy` bundles it: wrangler dev defines NODE_ENV "development" unless told,
    // which serves React's development build (prop checks, dev JSX), several times slower to draw a page.
    env: { ...env, NODE_ENV: "production" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  for (const stream of [server.stdout, server.stderr])
    stream.on("data", (d) => {
      log = (log + d).slice(-4000);
      onOutput(String(d));
    });
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited:\n${log}`);
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return { base, stop, group: server.pid };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error(`wrangler dev did not answer within 90 s:\n${log}`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `requests` requests of `path` (with `cookie`, if any) after a warm-up; checks each answers 200 with `expectText`. */
export async function measure(base, path, expectText, requests, cookie) {
  const headers = { "user-agent": "Mozilla/5.0 (bench)", ...(cookie ? { Cookie: cookie } : {}) };
  for (let i = 0; i < 10; i++) await (await fetch(base + path, { headers })).text();
  const times = [];
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await fetch(base + path, { headers });
    times.push(performance.now() - start);
    const body = await res.text();
    if (res.status !== 200 || !body.includes(expectText)) throw new Error(`${path} answered ${res.status} without “${expectText}”`);
  }
  times.sort((a, b) => a - b);
  return { path, median: percentile(times, 50), p95: percentile(times, 95) };
}

export function printTable(title, results) {
  console.log(`\n${title}\n`);
  console.log("| Request | Median | p95 |\n|---|---:|---:|");
  for (const r of results) console.log(`| \`${r.path}\` | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} |`);
}

/** Creates `admin` in the state's D1 (before `serve`). */
export function createAdmin(state, admin) {
  run("npx", ["tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password, "--quiet", "--persist-to", state]);
}

/** Signs `admin` in through the real login form; returns the Cookie header to send back. */
export async function signIn(base, admin) {
  const login = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(admin),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("__admin_session")) throw new Error(`Sign-in failed (${login.status})`);
  return cookie;
}

// ---------------------------------------------------------------- CPU time of a process, from /proc (bench-cpu, bench-edge)

/** The app's and the proxy's workerd processes, among those `wrangler dev` started in process group `group`. */
export function workerdPids(group, port) {
  const found = { app: [], proxy: [] };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (comm !== "workerd" || Number(fields[2]) !== group) continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      (args.includes(`--socket-addr=entry=localhost:${port}`) ? found.proxy : found.app).push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  if (found.app.length !== 1 || found.proxy.length !== 1)
    throw new Error(`Expected two workerd processes in group ${group}: ${JSON.stringify(found)}`);
  return { app: found.app[0], proxy: found.proxy[0] };
}

/** CPU time (ms) used so far by every thread of `pid`: from schedstat (ns), and from stat's utime + stime (10 ms ticks). */
export function cpuOf(pid) {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { ms: ns / 1e6, tickMs: (Number(fields[11]) + Number(fields[12])) * 10 };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const pause = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the worker in Miniflare (bench-broadcast, bench-sequences)

/**
 * The worker as `wrangler deploy` bundles it, in workerd through Miniflare (what `wrangler dev` runs underneath), on the
 * D1 of `state` (made by `freshDatabase`). Unlike `serve`, the bench reads the same D1 through Miniflare while the
 * worker runs (`db`), with no second process on the database, and fires the cron itself (`cron`).
 * - `bindings`: added to wrangler.toml's (the secrets the worker needs are given here);
 * - `outbound`: answers every fetch the worker makes (a stand-in provider);
 * - `onLog(level, message)`: each line the worker logs.
 * Returns `mf`, its `url`, `db`, the workerd process's `pid` (for `cpuOf`), `cron(time)` and `dispose`.
 */
export async function miniflareSite({ state, port, bindings = {}, outbound, onLog = () => {} }) {
  const bundle = join(state, "bundle");
  execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "deploy", "--dry-run", "--outdir", bundle], {
    env: { ...env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(resolve("wrangler.toml"));
  const mf = new Miniflare({
    ...workerOptions,
    bindings: {
      ...workerOptions.bindings,
      SITE_URL: `http://localhost:${port}`,
      SESSION_SECRET: "bench-session-secret-0123456789-abcdef",
      DATA_ENCRYPTION_KEYS: "bench1:YmVuY2gtZGF0YS1lbmNyeXB0aW9uLWtleS0wMTIzNDU=",
      PASSWORD_PEPPER: "bench-pepper-0123456789",
      ...bindings,
    },
    modules: [{ type: "ESModule", path: join(bundle, "server.js") }],
    modulesRoot: resolve(bundle),
    host: "localhost",
    port,
    defaultPersistRoot: join(state, "v3"),
    unsafeTriggerHandlers: true,
    ...(outbound ? { outboundService: outbound } : {}),
    log: new Log(process.argv.includes("--verbose") ? LogLevel.DEBUG : LogLevel.WARN),
    structuredWorkerdLogs: true,
    handleStructuredLogs: ({ level, message }) => {
      onLog(level, message);
      if (process.argv.includes("--verbose")) process.stderr.write(`${message}\n`);
    },
  });
  const url = await mf.ready;
  const db = await mf.getD1Database("DB");
  // The workerd that Miniflare started: a child of this process.
  const pid = readdirSync("/proc")
    .filter((e) => /^\d+$/.test(e))
    .find((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, "utf8");
        return stat.includes("(workerd)") && Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid;
      } catch {
        return false;
      }
    });
  if (!pid) throw new Error("workerd's process was not found");
  const worker = await mf.getWorker();
  /** Fires the worker's cron (every job of the five-minute trigger) as of `time`; resolves when it has run. */
  async function cron(time = Date.now()) {
    const { outcome } = await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date(time) });
    if (outcome !== "ok") console.error(`\nThe cron's outcome: ${outcome}`);
  }
  return { mf, url, db, pid: Number(pid), cron, dispose: () => mf.dispose() };
}
