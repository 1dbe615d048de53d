/**
 * One site per end-to-end worker (workers.ts), so files run at once without
 * sharing anything: each gets the built site (site-server.ts: the bundled
 * Worker in workerd through Miniflare, as `wrangler dev` runs it) on
 * its own free port and state directory (migrations applied and demo content
 * seeded once, then copied), its own siteverify stand-in, its own Chromium
 * (tests connect to it and open contexts) and its own SQL endpoint for the
 * tests (on the same server). A worker finds its site by VITEST_POOL_ID (support.ts).
 * Everything is stopped after the run; a reaper process stops it too if this
 * process dies without tearing down (killed, crashed).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { BUNDLE, SECRETS, SEEDED, e2eEnv, prepare, preparedByThisRun } from "./prepare";
import { READY as SITE_READY, type SiteServerOptions } from "./site-server";
import { choosePort, readyOn } from "./ports";
import { e2eWorkers } from "./workers";

const ROOT = resolve(".tmp/e2e");
const PIDS = join(ROOT, "pids.json");
const env = e2eEnv;

/** What a test worker needs to reach its own site. */
export interface E2ESite {
  baseUrl: string;
  stateDir: string;
  /** Where the worker's tests connect to their Chromium. */
  browserEndpoint: string;
  /** POST SQL here to run it on the site's D1 (site-server.ts). */
  d1Url: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    sites: E2ESite[];
  }
}

/** Waits until the server we started says it is ready on our port and the site answers; returns its SQL endpoint. */
async function waitForServer(server: ChildProcess, port: number, log: () => string): Promise<string> {
  const BASE_URL = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new ServerExitedError(`The site exited early (is port ${port} taken?):\n${log()}`);
    const ready = log()
      .split("\n")
      .find((line) => line.startsWith(SITE_READY));
    if (!readyOn(log(), port) || !ready) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const res = await fetch(BASE_URL);
      if (res.ok) return ready.slice(SITE_READY.length).trim();
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The site did not answer on ${BASE_URL} within 180 s:\n${log()}`);
}
class ServerExitedError extends Error {}

const TURNSTILE_TEST_SECRET = "1x0000000000000000000000000000000AA";
const TURNSTILE_TEST_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

/** A local siteverify: POST form (secret, response, remoteip) → `{ success, "error-codes" }`. */
async function startSiteverifyStandIn(): Promise<{ server: Server; url: string }> {
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const type = req.headers["content-type"] ?? "";
      void new Request("http://siteverify.invalid/", { method: "POST", headers: { "Content-Type": type }, body: Buffer.concat(chunks) })
        .formData()
        .catch(() => new FormData())
        .then((form) => {
          const success = form.get("secret") === TURNSTILE_TEST_SECRET && form.get("response") === TURNSTILE_TEST_TOKEN;
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ success, "error-codes": success ? [] : ["invalid-input-response"] }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/turnstile/v0/siteverify` };
}

/**
 * The process groups (wrangler and its workerd) and browsers this run started, written down for the reaper:
 * a process that checks every second that this one is alive, and when it is not, kills them all.
 */
const started = new Set<number>();
function remember(pid: number | undefined) {
  if (!pid) return;
  started.add(pid);
  writeFileSync(PIDS, JSON.stringify([...started]));
}
const REAPER = `
const [parent, file] = process.argv.slice(1).map((a, i) => (i === 0 ? Number(a) : a));
const fs = require("node:fs");
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
setInterval(() => {
  if (alive(parent)) return;
  let pids = [];
  try { pids = JSON.parse(fs.readFileSync(file, "utf8")); } catch {}
  for (const pid of pids) for (const target of [-pid, pid]) { try { process.kill(target, "SIGKILL"); } catch {} }
  try { fs.rmSync(file); } catch {}
  process.exit(0);
}, 1000);`;
function startReaper(): ChildProcess {
  const reaper = spawn(process.execPath, ["-e", REAPER, String(process.pid), PIDS], { detached: true, stdio: "ignore" });
  reaper.unref();
  return reaper;
}
/** Kills every process this run started, at once (SIGKILL): for the exit handler, which cannot wait. */
function killAllNow() {
  for (const pid of started) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}

/** Stops a process group: SIGTERM, then SIGKILL if it is still there after 5 s. */
async function stopGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 5_000).unref());
  if ((await Promise.race([exited, timeout])) === "timeout") {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * The site (site-server.ts) on the bundled Worker, on a free port (or E2E_PORT for the first site), over
 * `stateDir`, with the tests' SQL endpoint. A process group of its own, stopped with its workerd.
 */
async function startSite(stateDir: string, script: string, siteverifyUrl: string, requestedPort: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    const port = await choosePort(requestedPort);
    const baseUrl = `http://localhost:${port}`;
    const options: SiteServerOptions = {
      script,
      port,
      stateDir,
      vars: {
        SITE_URL: baseUrl,
        TURNSTILE_SECRET_KEY: TURNSTILE_TEST_SECRET,
        TURNSTILE_SITEVERIFY_URL: siteverifyUrl,
        // Lets a test's header date a page's form stamp in the past (app/lib/form-stamp-test-age.server.ts).
        TEST_FORM_STAMP_AGE: "allowed",
        ...SECRETS,
      },
    };
    let output = "";
    const server = spawn(process.execPath, ["--import", "tsx", resolve("tests/e2e/site-server.ts"), JSON.stringify(options)], {
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    remember(server.pid);
    // The state directory keeps the server's whole output: the emails the site prints (EMAIL_TRANSPORT=log) are
    // read from it (support.ts, emailLink), and it is there to read after a failed run.
    const serverLog = createWriteStream(join(stateDir, "server.log"), { flags: "a" });
    const collect = (d: Buffer) => {
      output = (output + d).slice(-20_000);
      serverLog.write(d);
    };
    server.stdout.on("data", collect);
    server.stderr.on("data", collect);
    try {
      const d1Url = await waitForServer(server, port, () => output.slice(-4000));
      return { server, baseUrl, d1Url };
    } catch (error) {
      await stopGroup(server);
      // Another process may have taken the free port between choosing it and binding it: try another one.
      if (!(error instanceof ServerExitedError) || requestedPort || attempt >= 3) throw error;
    }
  }
}

function cpuReport() {
  const tick = 100;
  const byGroup = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const pgid = Number(fields[2]);
      if (!started.has(pgid)) continue;
      const own = Number(fields[11]) + Number(fields[12]);
      const kids = Number(entry) === pgid ? Number(fields[13]) + Number(fields[14]) : 0;
      byGroup.set(pgid, (byGroup.get(pgid) ?? 0) + own + kids);
      if (Number(entry) === pgid)
        names.set(pgid, readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").slice(0, 3).join(" ").slice(0, 80));
    } catch {
      // gone
    }
  }
  for (const [pgid, ticks] of byGroup) console.log(`cpu ${(ticks / tick).toFixed(1)} s  ${names.get(pgid)}`);
  const self = readFileSync("/proc/self/stat", "utf8");
  const f = self.slice(self.lastIndexOf(")") + 2).split(" ");
  console.log(
    `cpu ${((Number(f[11]) + Number(f[12])) / tick).toFixed(1)} s self, ${((Number(f[13]) + Number(f[14])) / tick).toFixed(1)} s reaped children (test workers)`,
  );
}

export default async function setup(project: TestProject) {
  if (!existsSync("build/server/index.js")) throw new Error("Build the app first: npm run build");
  const count = e2eWorkers();
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  const reaper = startReaper();
  const stops: (() => Promise<void>)[] = [];
  const onExit = () => killAllNow();
  process.once("exit", onExit);
  const teardown = async () => {
    if (process.env.E2E_CPU_REPORT) cpuReport();
    await Promise.allSettled(stops.map((stop) => stop()));
    process.off("exit", onExit);
    rmSync(PIDS, { force: true });
    try {
      if (reaper.pid) process.kill(reaper.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };

  const since = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;
  const start = Date.now();
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium headless shell at ${CHROMIUM_PATH}: run the tests with \`npm test\`, which installs it, or ` +
        "`sudo apt-get install -y chromium-headless-shell` (or set CHROMIUM_HEADLESS_SHELL_PATH).",
    );
  }
  try {
    // Migrations, demo content and the bundle once (prepare.ts); each site starts from a copy.
    if (preparedByThisRun()) console.log("e2e: migrations, demo content and the bundle made earlier in this run");
    else {
      await prepare();
      console.log(`e2e: migrations, demo content and the bundle in ${since(start)}`);
    }
    const script = join(BUNDLE, "server.js");

    const sites = await Promise.all(
      Array.from({ length: count }, async (_, i): Promise<E2ESite> => {
        const stateDir = join(ROOT, `site-${i + 1}`);
        cpSync(SEEDED, stateDir, { recursive: true });
        // Turnstile's siteverify, the edge of the world: a local stand-in for Cloudflare's test keys. The test
        // secret passes the dummy token the test site keys issue; any other token (what a blocked widget or a
        // forger sends) fails. The site asks it instead of Cloudflare.
        const siteverify = await startSiteverifyStandIn();
        stops.push(() => new Promise((resolve) => siteverify.server.close(() => resolve())));
        const { server, baseUrl, d1Url } = await startSite(stateDir, script, siteverify.url, i === 0 ? process.env.E2E_PORT : undefined);
        stops.push(() => stopGroup(server));
        const browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
        remember(browser.process().pid);
        stops.push(() => browser.close());
        return { baseUrl, stateDir, browserEndpoint: browser.wsEndpoint(), d1Url };
      }),
    );
    console.log(`e2e: ${count} site${count === 1 ? "" : "s"} ready in ${since(start)}: ${sites.map((s) => s.baseUrl).join(", ")}`);
    project.provide("sites", sites);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
