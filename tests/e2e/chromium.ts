/**
 * Debian's Chromium headless shell as the end-to-end tests run it (quiet on a closed network): the browser's engine
 * without its UI layers, at about a third of the full browser's CPU per page (ADR 0018). `npm test` installs it
 * (scripts/lib.mjs) and passes its path.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
