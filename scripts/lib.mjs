// Helpers shared by the scripts: run a command, find Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

export function run(command, args, opts = {}) {
  const res = spawnSync(command, args, { stdio: "inherit", env, ...opts });
  if (res.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} failed (exit ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
  return res;
}

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);

function findChromium() {
  return CANDIDATES.find((p) => existsSync(p));
}

/** Chromium from Debian's packages; installed with apt-get when we are root. */
export function ensureChromium() {
  let path = findChromium();
  if (path) return path;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      "✖ The browser tests need Chromium and it is not installed.\n" +
        "  Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "  (or set CHROMIUM_PATH to a Chromium binary), then run the tests again.",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package with apt-get…");
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env: aptEnv });
  run("apt-get", ["install", "-y", "-qq", "chromium", "fonts-liberation"], { env: aptEnv });
  path = findChromium();
  if (!path) {
    console.error("✖ apt-get finished but no Chromium binary was found at /usr/bin/chromium.");
    process.exit(1);
  }
  return path;
}
