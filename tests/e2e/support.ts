/** Browser and database helpers for the end-to-end tests. */
import AxeBuilder from "@axe-core/playwright";
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { waitFor } from "../wait-for";
import { chromium, type Browser, type BrowserContext, type Cookie, type Download, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { TEST_FORM_STAMP_AGE_HEADER } from "~/lib/form-stamp-test-age.server";
import { postSync } from "./sync-post";

/**
 * This worker's own site (global-setup.ts): VITEST_POOL_ID numbers the files
 * running at once from 1, so no two of them share a site, a database or a browser.
 */
const site = (() => {
  const sites = inject("sites");
  const slot = Number(process.env.VITEST_POOL_ID ?? "1");
  return sites[(slot - 1) % sites.length]!;
})();
export const baseUrl = site.baseUrl;
const stateDir = site.stateDir;

/**
 * This worker's Chromium, started once for the run (global-setup.ts): a file
 * connects to it and opens its own contexts. `close()` closes them and
 * disconnects; the browser stays for the next file.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.connect(site.browserEndpoint);
}

export const modes = [
  { name: "with JavaScript", js: true },
  { name: "without JavaScript", js: false },
] as const;

/**
 * A fresh browser context. Unless `popup` is true, the lead-magnet popup is
 * marked dismissed beforehand, so it does not cover the page mid-journey.
 */
/**
 * The visitor every journey is: in a zone far west of UTC (not the machine's),
 * so a date rendered in the browser's zone instead of the server's shows up
 * as a hydration error in any journey, at any hour of the day.
 */
/** A desktop Chrome's user agent, for a visitor the counts must see (the headless shell's is a bot's). */
export const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export const JOURNEY_VISITOR = { timezoneId: "Pacific/Honolulu", locale: "en-US" } as const;

export async function newContext(
  browser: Browser,
  js: boolean,
  width = 1280,
  {
    popup = false,
    timezoneId = JOURNEY_VISITOR.timezoneId,
    locale = JOURNEY_VISITOR.locale,
    ip = freshIp(),
    realStamp = false,
    userAgent,
  }: { popup?: boolean; timezoneId?: string; locale?: string; ip?: string; realStamp?: boolean; userAgent?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    // The headless shell says "HeadlessChrome", which the visitor counts leave out as a bot: a journey about the
    // counts passes a desktop browser's (BROWSER_USER_AGENT).
    ...(userAgent ? { userAgent } : {}),
    javaScriptEnabled: js,
    viewport: { width, height: width < 500 ? 844 : 900 },
    timezoneId,
    locale,
    extraHTTPHeaders: {
      // A client address of its own (wrangler dev takes CF-Connecting-IP as given), so per-address limits stay per
      // context: every context gets a new one unless the test names one.
      "CF-Connecting-IP": ip,
      // Pages whose forms' stamps are already old enough to post without a token (see postLikeAPerson), unless the
      // test is about the stamp itself.
      ...(realStamp ? {} : { [TEST_FORM_STAMP_AGE_HEADER]: String(STAMP_DATED_BACK_MS) }),
    },
  });
  // Waits of 60 s, not Playwright's 30: a page on the loaded 2-core machine can take more than 30 s to load. A hang
  // still fails, within the 120 s of a test.
  context.setDefaultTimeout(60_000);
  context.on("page", retryStalledNavigations);
  await serveAssets(context);
  await routeTurnstile(context);
  // Only pages of the real time need a post held back; every other context's stamps are dated back already.
  if (realStamp) await postLikeAPerson(context);
  if (!popup) {
    await context.addInitScript(() => {
      // Init scripts run in every frame; a sandboxed one (the booking embed) has no storage to write.
      if (window !== window.top) return;
      window.localStorage.setItem("leadMagnetStatus", JSON.stringify({ status: "dismissed", ts: Date.now() }));
    });
  }
  return context;
}

/**
 * A client address no other context of this site has had in this run: the
 * next one of the benchmarking range (198.18.0.0/15), counted in the site's
 * state directory, so files that follow each other on a site never share an
 * address (and its per-address limits), whatever their order.
 */
export function freshIp(): string {
  const counter = join(stateDir, "client-addresses");
  const n = (existsSync(counter) ? Number(readFileSync(counter, "utf8")) : 0) + 1;
  writeFileSync(counter, String(n));
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * `wrangler dev` has been seen, about once in a full run, to hold a response until the browser gave up on it (the
 * log then says "200 OK (60476ms)": a document or a script, on a connection the browser had used before), while
 * every other request went through. A page's navigation (a GET, safe to send again) that has not loaded in 20 s is
 * sent once more, on another connection; the second try has the context's whole wait (ADR 0018).
 */
const NAVIGATION_RETRY_AFTER_MS = 20_000;
function retryStalledNavigations(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    try {
      return await goto(url, { ...options, timeout: options?.timeout ?? NAVIGATION_RETRY_AFTER_MS });
    } catch (error) {
      if (options?.timeout !== undefined || !(error instanceof Error) || error.name !== "TimeoutError") throw error;
      console.warn(`e2e: ${url} did not load in ${NAVIGATION_RETRY_AFTER_MS / 1000} s; sent again`);
      return goto(url, options);
    }
  };
}

/**
 * The build's static files (`/assets/…`, hashed and immutable) are handed to the browser from `build/client`, the
 * directory `wrangler dev` serves them from, byte for byte. `wrangler dev`'s local asset server has held a request
 * for 30 to 60 s now and then in full runs (two scripts of one page at once, answered only when the page closed),
 * which failed the page's load wait; the site's own code never sees these requests, so nothing under test changes
 * (ADR 0018). A file that is not in the build goes to the site, which answers 404. A test's own route for an
 * asset (a held or failed script) is registered later, so it runs first.
 */
const ASSETS = join(process.cwd(), "build", "client");
async function serveAssets(context: BrowserContext) {
  await context.route(`${baseUrl}/assets/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    const file = join(ASSETS, decodeURIComponent(pathname));
    return route.request().method() === "GET" && file.startsWith(`${ASSETS}/assets/`) && existsSync(file)
      ? route.fulfill({ path: file, headers: { "Cache-Control": "public, max-age=31536000, immutable" } })
      : route.fallback();
  });
}

/** The token Cloudflare's test site keys issue; the harness's siteverify stand-in passes it (global-setup.ts). */
export const TURNSTILE_TEST_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

/**
 * Turnstile is the edge of the world: its script is served by a stand-in that
 * renders each widget as the hidden token field the real one writes into the
 * form (and a fresh token on reset). Nothing else of Cloudflare's is reached.
 */
const TURNSTILE_STAND_IN = `(() => {
  let count = 0;
  const widgets = new Map();
  const fill = (widget) => {
    let input = widget.el.querySelector('input[name="' + widget.name + '"]');
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = widget.name;
      widget.el.appendChild(input);
    }
    input.value = ${JSON.stringify(TURNSTILE_TEST_TOKEN)};
    widget.el.dataset.standIn = "token";
    if (typeof widget.callback === "function") widget.callback(input.value);
  };
  window.turnstile = {
    render(el, options) {
      const id = "stand-in-" + ++count;
      const widget = { el, name: options["response-field-name"] || "cf-turnstile-response", callback: options.callback };
      widgets.set(id, widget);
      fill(widget);
      return id;
    },
    reset(id) { const widget = widgets.get(id); if (widget) fill(widget); },
    remove(id) { const widget = widgets.get(id); if (widget) widget.el.replaceChildren(); widgets.delete(id); },
  };
})();`;

async function routeTurnstile(context: BrowserContext) {
  await context.route("https://challenges.cloudflare.com/**", (route) =>
    new URL(route.request().url()).pathname === "/turnstile/v0/api.js"
      ? route.fulfill({ status: 200, contentType: "text/javascript", body: TURNSTILE_STAND_IN })
      : route.abort(),
  );
}

/**
 * A public form posted without a Turnstile token (JavaScript off, or sent
 * before the widget ran) is refused within 2 s of its page (ADR 0015), as a
 * bot would be. A person takes longer than that; a test does not. So the
 * harness's site dates the stamps of a context's pages 3 s back (a test
 * header it honours: app/lib/form-stamp-test-age.server.ts), and a context
 * with `realStamp` (the tests of the stamp itself) gets the real time: then
 * such a post waits, on its way out, until its page's signed stamp is 2 s
 * old (a wait for that moment, not a sleep). A post with a token goes at once.
 */
export const STAMP_MIN_AGE_MS = 2_000;
const STAMP_DATED_BACK_MS = STAMP_MIN_AGE_MS + 1_000;
async function postLikeAPerson(context: BrowserContext) {
  await context.route(`${baseUrl}/**`, async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    const body = request.postData() ?? "";
    const stamp = /(?:_stamp=|name="_stamp"\r\n\r\n)(\d{13})\./.exec(body);
    const token = /(?:cf-turnstile-response=|name="cf-turnstile-response"\r\n\r\n)[^&\r\s]/.test(body);
    if (stamp && !token) {
      const wait = Number(stamp[1]) + STAMP_MIN_AGE_MS + 50 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return route.fallback();
  });
}

/** Console errors and uncaught exceptions of a page, as they happen. */
export function recordErrors(page: Page, ignore: (text: string) => boolean = () => false): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !ignore(m.text())) errors.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  return errors;
}

/** Waits until React has hydrated the page (root sets html[data-hydrated]). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

async function axeViolations(page: Page): Promise<string[]> {
  // WCAG 2.1 A/AA, plus 2.5.3 "label in name", which axe ships as an experimental rule (off unless asked for),
  // in one pass over the page. The options first: `withTags` adds to them (`options` would replace the tags).
  const results = await new AxeBuilder({ page })
    // Only violations are read: axe then details one node of the other result types instead of all (its
    // documented way to run faster on big pages), which changes no verdict.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } }, resultTypes: ["violations"] })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // A frame sandboxed without scripts (an email's preview) can run no axe: Playwright's evaluation in it never
    // settles. Its document is an email, not one of the site's pages.
    .exclude('iframe[sandbox]:not([sandbox*="allow-scripts"])')
    // One `axe.run` in the page, reaching same-origin frames through axe's own messenger, instead of `runPartial` in
    // each frame and `finishRun` in a new blank page that loads axe a second time: about half of a check's time (1.2
    // against 2.6 s on the contact page, ADR 0018). The one cross-origin frame a page can hold is the scheduler's booking
    // page, which is not the site's to check.
    .setLegacyMode()
    .analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
}

/**
 * What axe's verdict depends on: the document and the viewport, which picks the CSS that applies. Left out is what
 * no rule and no style reads, and what differs between the same page with and without JavaScript: scripts, nonces,
 * module preloads, React's Suspense comments, hidden inputs (per-request tokens, the script's own markers), the
 * hydration mark and the Turnstile stand-in's mark.
 */
function axeKey(html: string, viewport: { width: number; height: number } | null): string {
  const document = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "")
    .replace(/<input\b[^>]*\btype="hidden"[^>]*>/g, "")
    .replace(/\snonce="[^"]*"/g, "")
    .replace(/(<html\b[^>]*?)\sdata-hydrated(="[^"]*")?/, "$1")
    .replace(/\sdata-stand-in="[^"]*"/g, "");
  return createHash("sha256").update(`${viewport?.width}x${viewport?.height}\n${document}`).digest("hex");
}

/**
 * The documents this run has already found clean (one key per line, axeKey): the same page in the same state comes
 * back in many journeys, with and without JavaScript, on both workers' sites (seeded alike), and axe is the slowest
 * step of a page's check. One file for the run's sites (global-setup.ts empties their folder before each run);
 * a line half-written by the other worker only misses, and that document is checked again.
 */
const cleanDocuments = join(stateDir, "..", "axe-clean");
const knownClean = (key: string) => existsSync(cleanDocuments) && readFileSync(cleanDocuments, "utf8").split("\n").includes(key);

/**
 * Where axe checks a page opened without JavaScript: a page of its own, one per browser connection, kept for the
 * file, that is served the document under test at that page's address. A new context per check cost a renderer
 * and a cold cache each time, more than axe itself. The checks take turns on it.
 */
const copyPages = new WeakMap<Browser, { page: Promise<Page>; html: string; turn: Promise<unknown> }>();
function copyPageOf(browser: Browser) {
  let copy = copyPages.get(browser);
  if (!copy) {
    const state = { html: "", turn: Promise.resolve() as Promise<unknown> };
    const page = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      await serveAssets(context);
      const page = await context.newPage();
      await page.route("**/*", (route) =>
        route.request().resourceType() === "document"
          ? route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: copy!.html })
          : route.fallback(),
      );
      return page;
    })();
    copy = Object.assign(state, { page });
    copyPages.set(browser, copy);
  }
  return copy;
}

/** Runs axe on an exact copy of `html` (scripts removed) at `url` and `viewport`, in a scripting context. */
async function axeViolationsOfCopy(browser: Browser, url: string, html: string, viewport: { width: number; height: number } | null) {
  const copy = copyPageOf(browser);
  const run = copy.turn.then(async () => {
    const page = await copy.page;
    copy.html = html.replace(/<script\b[\s\S]*?<\/script>/gi, "");
    if (viewport) await page.setViewportSize(viewport);
    await page.goto(url);
    return axeViolations(page);
  });
  copy.turn = run.catch(() => undefined);
  return run;
}

/**
 * WCAG 2.1 A and AA: no violation passes. axe runs inside the page, so for a
 * page opened without JavaScript it checks an exact copy of what that page
 * shows (its current DOM, scripts removed) in a scripting context. A document
 * already found clean in this run, at the same viewport, is not checked again.
 */
export async function expectAccessible(page: Page, js: boolean) {
  const html = await page.content();
  const key = axeKey(html, page.viewportSize());
  if (knownClean(key)) return;
  const violations = js
    ? await axeViolations(page)
    : await axeViolationsOfCopy(page.context().browser()!, page.url(), html, page.viewportSize());
  expect(violations, `axe violations on ${page.url()}${js ? "" : " (without JavaScript)"}`).toEqual([]);
  appendFileSync(cleanDocuments, `${key}\n`);
}

/**
 * Runs SQL on the e2e site's local D1, as `wrangler d1 execute --local` would
 * (one batch; the first statement's rows), through the run's SQL endpoint for
 * this site (site-server.ts) instead of a wrangler process per query.
 */
export function query<T = Record<string, unknown>>(sql: string): T[] {
  const { status, text } = postSync(site.d1Url, sql);
  if (status !== 200) throw new Error(`D1 query failed (${status}): ${text}\n${sql}`);
  // A write the site did not make itself: its cached pages go (the edge cache's local purge, development only).
  if (!/^\s*(select|with|pragma)\b/i.test(sql)) {
    const purged = postSync(`${site.baseUrl}/__edge/purge`, "site");
    if (purged.status !== 200) throw new Error(`Purging the edge cache failed (${purged.status}): ${purged.text}`);
  }
  return (JSON.parse(text) as { results: T[] }).results;
}

export { waitFor } from "../wait-for";

/** Runs the site's cron once, now, as Cloudflare would (site-server.ts's POST /scheduled); resolves when its jobs are done. */
export async function runCron(): Promise<void> {
  const res = await fetch(`${site.d1Url}scheduled`, { method: "POST" });
  if (!res.ok) throw new Error(`The cron run failed (${res.status}): ${await res.text()}`);
}

/**
 * The path of the newest link under `pathPrefix` in an email the site printed
 * to `recipient` (EMAIL_TRANSPORT=log): what the recipient would click. Read
 * from the server's output, since a single-use link leaves the outbox row once
 * it is sent.
 */
export async function emailLink(recipient: string, pathPrefix: string): Promise<string> {
  const file = join(stateDir, "server.log");
  // A link ends at a space or at the `>` of a header such as `List-Unsubscribe: <https://…>`.
  const pattern = new RegExp(`https?://[^\\s>]+(${pathPrefix.replace(/[/.]/g, "\\$&")}/[^\\s>]+)`);
  return waitFor(() => {
    if (!existsSync(file)) return null;
    const emails = readFileSync(file, "utf8").split("[email:log] ");
    const last = emails.filter((e) => e.startsWith(`to=${recipient} `)).pop();
    return last ? (pattern.exec(last)?.[1] ?? null) : null;
  });
}

/** The text of the newest email the site printed to `recipient` with this subject (EMAIL_TRANSPORT=log), once it is sent. */
export async function emailWithSubject(recipient: string, subject: string): Promise<string> {
  const file = join(stateDir, "server.log");
  return waitFor(
    () => {
      if (!existsSync(file)) return null;
      const emails = readFileSync(file, "utf8").split("[email:log] ");
      return emails.filter((e) => e.startsWith(`to=${recipient} subject=${JSON.stringify(subject)}`)).pop() ?? null;
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}

/** Every email the site has printed so far to `recipient` with this subject (EMAIL_TRANSPORT=log), oldest first. */
export function emailsWithSubject(recipient: string, subject: string): string[] {
  const file = join(stateDir, "server.log");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("[email:log] ")
    .filter((e) => e.startsWith(`to=${recipient} subject=${JSON.stringify(subject)}`));
}

/** A download's content as text: read through Playwright, since the worker's browser is a server it connects to. */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Holds requests matching `pattern` until the returned `release` is called,
 * so a test can see a form's in-flight state (waiting for it, not sleeping).
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Signs the demo admin in and leaves the page on the dashboard. The first
 * time in a worker (and whenever that session has ended, say by a test that
 * logs out) through the login form (with and without JavaScript); after
 * that, the context is given the session cookie that sign-in got. The tests
 * of signing in itself use the form every time.
 */
export async function signInAsAdmin(page: Page) {
  const saved = join(stateDir, "admin-session.json");
  if (existsSync(saved)) {
    await page.context().addCookies(JSON.parse(readFileSync(saved, "utf8")) as Cookie[]);
    await page.goto("/admin/dashboard");
    if (page.url() === `${baseUrl}/admin/dashboard`) return;
  }
  const { DEMO_ADMIN } = await import("../../scripts/seed-data.mjs");
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
  // The session alone (SITE_COOKIES.adminSession in app/lib/cookies.server.ts), not the page's other cookies.
  const session = (await page.context().cookies(baseUrl)).filter((c) => c.name === "__admin_session");
  writeFileSync(saved, JSON.stringify(session));
}

/** The content editor's JSON text box, after "Edit as JSON" (a round trip to the server without JavaScript). */
export async function contentJson(page: Page) {
  const box = page.getByLabel("Content as JSON", { exact: true });
  if (!(await box.isVisible())) {
    await page.getByRole("button", { name: "Edit as JSON" }).click();
    await box.waitFor();
  }
  return box;
}

/** Sends the contact form on the page (already open at /contact) as Ada Lovelace with `email`, and waits for the toast. */
export async function sendContactMessage(page: Page, email: string) {
  const form = page.locator("main form");
  await form.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("How can we help?").fill("We want 50 leads a month for our shipping app.");
  await form.getByRole("button", { name: "Send message" }).click();
  await page.getByTestId("toast").getByText("Message sent!").waitFor();
}
