/** The harness never tests another server: a taken E2E_PORT is refused, a free port is found otherwise. */
import { createServer } from "node:net";
import { describe, expect, inject, it } from "vitest";
import { TEST_FORM_STAMP_AGE_HEADER } from "~/lib/form-stamp-test-age.server";
import { baseUrl, expectAccessible, newContext, launchChromium, query, STAMP_MIN_AGE_MS } from "./support";
import { choosePort, PortTakenError, readyOn } from "./ports";

describe("end-to-end harness", () => {
  it("refuses a taken E2E_PORT with a clear message", async () => {
    const other = createServer();
    await new Promise<void>((r) => other.listen({ port: 0, host: "127.0.0.1" }, r));
    const port = (other.address() as { port: number }).port;
    try {
      const attempt = choosePort(String(port));
      await expect(attempt).rejects.toBeInstanceOf(PortTakenError);
      await expect(choosePort(String(port))).rejects.toThrow(`Port ${port} (E2E_PORT) is already in use`);
    } finally {
      other.close();
    }
  });

  it("picks a free port when none is asked for, and reads readiness from its own server", async () => {
    const port = await choosePort(undefined);
    expect(port).toBeGreaterThan(0);
    expect(await choosePort(String(port))).toBe(port);
    expect(readyOn("[wrangler:info] Ready on http://localhost:8811", 8811)).toBe(true);
    expect(readyOn("[wrangler:info] Ready on http://localhost:88110", 8811)).toBe(false);
  });

  it("runs this suite against the server it started", async () => {
    const res = await fetch(baseUrl);
    expect(res.status).toBe(200);
    expect(new URL(baseUrl).port).not.toBe("");
  });

  it("dates a context's form stamps back past the 2 s a post without a token must wait, unless the context asks for the real time", async () => {
    // When the page's stamp says it was issued, and the clock just before and just after the page was loaded.
    const stampOf = async (realStamp: boolean) => {
      const context = await newContext(browser, false, 1280, { realStamp });
      const page = await context.newPage();
      const before = Date.now();
      await page.goto("/contact");
      const after = Date.now();
      const issuedAt = Number((await page.locator('main form input[name="_stamp"]').inputValue()).split(".")[0]);
      await context.close();
      return { before, issuedAt, after };
    };
    const browser = await launchChromium();
    try {
      const dated = await stampOf(false);
      expect(dated.after - dated.issuedAt).toBeGreaterThan(STAMP_MIN_AGE_MS);
      const real = await stampOf(true);
      expect(real.issuedAt).toBeGreaterThanOrEqual(real.before);
      expect(real.issuedAt).toBeLessThanOrEqual(real.after);
    } finally {
      await browser.close();
    }
    // The header alone does it: the site was started with the harness's var (global-setup.ts).
    const page = await (await fetch(`${baseUrl}/contact`, { headers: { [TEST_FORM_STAMP_AGE_HEADER]: "10000" } })).text();
    expect(Date.now() - Number(/name="_stamp" value="(\d{13})\./.exec(page)?.[1])).toBeGreaterThanOrEqual(10_000);
  });

  it("runs SQL on this worker's own site", () => {
    expect(query<{ n: number }>("SELECT count(*) AS n FROM users WHERE email = 'admin@localhost.test'")).toEqual([{ n: 1 }]);
    // One batch, the first statement's rows (as `wrangler d1 execute --json` gives them); a quoted ; is no end.
    expect(query("SELECT 1 AS a; SELECT 2 AS b")).toEqual([{ a: 1 }]);
    expect(query("SELECT 'it''s; -- not a comment' AS c; -- a comment; SELECT 3")).toEqual([{ c: "it's; -- not a comment" }]);
  });

  it("gives each worker a site of its own", () => {
    const sites = inject("sites");
    expect(sites.map((s) => s.baseUrl)).toContain(baseUrl);
    expect(new Set(sites.map((s) => s.baseUrl)).size).toBe(sites.length);
    expect(new Set(sites.map((s) => s.stateDir)).size).toBe(sites.length);
  });

  it("finds WCAG 2.1 A and AA violations, label-in-name among them, with JavaScript and without", async () => {
    const browser = await launchChromium();
    try {
      for (const js of [true, false]) {
        const context = await newContext(browser, js);
        const page = await context.newPage();
        await page.route(`${baseUrl}/axe-fixture`, (route) =>
          route.fulfill({
            contentType: "text/html",
            body: `<!doctype html><html lang="en"><head><title>Fixture</title></head><body><main><h1>Fixture</h1>
              <button aria-label="Submit the form">Send now</button>
              <p style="color:#bbb;background:#fff">Faint text</p></main></body></html>`,
          }),
        );
        await page.goto("/axe-fixture");
        // The assertion's actual value: the violations found, one line each beginning with the rule.
        const found = await expectAccessible(page, js).then(
          () => [],
          (error: { actual?: string[] }) => error.actual ?? [],
        );
        expect(found.map((v) => v.split(" ")[0])).toEqual(["color-contrast", "label-content-name-mismatch"]);
        await context.close();
      }
    } finally {
      await browser.close();
    }
  });
});
