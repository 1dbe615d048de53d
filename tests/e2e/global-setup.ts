/**
 * Starts the built site with `wrangler dev` on a fresh local state (migrations
 * applied, demo content seeded) and stops it after the run.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { choosePort, readyOn } from "./ports";

const STATE_DIR = resolve(".tmp/e2e-state");
/**
 * The keys of encryption at rest and the password pepper (ADR 0017), given to the site (`--var`, over any
 * .dev.vars) and to the seed, whose admin's password is peppered with the same one.
 */
const SECRETS = {
  DATA_ENCRYPTION_KEYS: "e2e1:ZTJlLWRhdGEtZW5jcnlwdGlvbi1rZXktMDEyMzQ1Njc=",
  PASSWORD_PEPPER: "e2e-password-pepper-0123456789",
};
const env = { ...process.env, ...SECRETS, WRANGLER_SEND_METRICS: "false" };

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}

function runOrThrow(cmd: string, args: string[]) {
  const res = spawnSync(cmd, args, { env, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${res.stdout}\n${res.stderr}`);
}

/** Waits until the server we started says it is ready on our port, then until it answers. */
async function waitForServer(server: ChildProcess, port: number, log: () => string) {
  const BASE_URL = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited early (is port ${port} taken?):\n${log()}`);
    if (!readyOn(log(), port)) {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const res = await fetch(BASE_URL);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`wrangler dev did not answer on ${BASE_URL} within 90 s:\n${log()}`);
}

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

export default async function setup(project: TestProject) {
  // A free port (or E2E_PORT, refused when taken): never another checkout's server.
  const PORT = await choosePort(process.env.E2E_PORT);
  const BASE_URL = `http://localhost:${PORT}`;
  if (!existsSync("build/server/index.js")) throw new Error("Build the app first: npm run build");
  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
  runOrThrow("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE_DIR]);
  runOrThrow("node", ["scripts/seed.mjs", "--persist-to", STATE_DIR]);

  // Turnstile's siteverify, the edge of the world: a local stand-in for Cloudflare's test keys. The test secret
  // passes the dummy token the test site keys issue; any other token (what a blocked widget or a forger sends)
  // fails. The site asks it instead of Cloudflare.
  const siteverify = await startSiteverifyStandIn();

  let output = "";
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(PORT),
      "--persist-to",
      STATE_DIR,
      "--test-scheduled",
      "--var",
      `SITE_URL:${BASE_URL}`,
      "--var",
      `TURNSTILE_SECRET_KEY:${TURNSTILE_TEST_SECRET}`,
      "--var",
      `TURNSTILE_SITEVERIFY_URL:${siteverify.url}`,
      ...Object.entries(SECRETS).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  // E2E_SERVER_LOG=path keeps the whole server output for debugging a failed run. The state directory always
  // keeps it too: the emails the site prints (EMAIL_TRANSPORT=log) are read from it (support.ts, emailLink).
  const keep = process.env.E2E_SERVER_LOG ? createWriteStream(process.env.E2E_SERVER_LOG) : undefined;
  const serverLog = createWriteStream(join(STATE_DIR, "server.log"));
  const collect = (d: Buffer) => {
    output = (output + d).slice(-20_000);
    keep?.write(d);
    serverLog.write(d);
  };
  server.stdout.on("data", collect);
  server.stderr.on("data", collect);
  await waitForServer(server, PORT, () => output.slice(-4000));

  project.provide("baseUrl", BASE_URL);
  project.provide("stateDir", STATE_DIR);

  return async () => {
    siteverify.server.close();
    if (server.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
  };
}
