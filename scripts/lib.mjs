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

/**
 * Debian's two builds of Chromium: the browser (Lighthouse, screenshots) and its headless shell, which the
 * end-to-end tests drive: the same engine without the browser's UI layers, at about a third of the CPU per page
 * (ADR 0018). Either path can be given in an environment variable instead.
 */
const BROWSERS = {
  chromium: { variable: "CHROMIUM_PATH", paths: ["/usr/bin/chromium", "/usr/bin/chromium-browser"] },
  "chromium-headless-shell": { variable: "CHROMIUM_HEADLESS_SHELL_PATH", paths: ["/usr/bin/chromium-headless-shell"] },
};

const find = (name) => [process.env[BROWSERS[name].variable], ...BROWSERS[name].paths].find((p) => p && existsSync(p));

/** The path of Debian's `name` package's binary; the package is installed with apt-get when missing and we are root. */
function ensureBrowser(name) {
  let path = find(name);
  if (path) return path;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `✖ The browser tests need ${name} and it is not installed.\n` +
        `  Install it with:  sudo apt-get update && sudo apt-get install -y ${name}\n` +
        `  (or set ${BROWSERS[name].variable} to its binary), then run the tests again.`,
    );
    process.exit(1);
  }
  console.log(`${name} is missing: installing Debian's ${name} package with apt-get…`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get", ["update", "-qq"], { env: aptEnv });
  run("apt-get", ["install", "-y", "-qq", name, "fonts-liberation"], { env: aptEnv });
  path = find(name);
  if (!path) {
    console.error(`✖ apt-get finished but no ${name} binary was found at ${BROWSERS[name].paths[0]}.`);
    process.exit(1);
  }
  return path;
}

/** Chromium, the browser: Lighthouse and the screenshots. */
export const ensureChromium = () => ensureBrowser("chromium");

/** Chromium's headless shell: the end-to-end tests. */
export const ensureHeadlessShell = () => ensureBrowser("chromium-headless-shell");
