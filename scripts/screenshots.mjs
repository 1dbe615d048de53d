#!/usr/bin/env node
// Screenshots of pages at phone (390 px) and desktop (1280 px) width, with and
// without JavaScript, for a human look. Needs a running site (npm start).
// Usage: node scripts/screenshots.mjs [--admin] [baseUrl] [path ...]
//   --admin signs the demo admin in first (for dashboard pages).
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { ensureChromium } from "./lib.mjs";

import { DEMO_ADMIN } from "./seed-data.mjs";

const args = process.argv.slice(2);
const admin = args[0] === "--admin";
const [baseUrl = "http://localhost:8787", ...paths] = admin ? args.slice(1) : args;
const targets = paths.length ? paths : ["/", "/waitlist", "/no-such-page"];
mkdirSync("screenshots", { recursive: true });

const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: baseUrl });
  const page = await context.newPage();
  if (admin) {
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password").fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/admin\/dashboard/);
  }
  for (const path of targets) {
    await page.goto(path);
    const name = path === "/" ? "home" : path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    console.log(`screenshots/${name}-${width}.png`);
  }
  await context.close();
}
await browser.close();
