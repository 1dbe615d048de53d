import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { request } from "./helpers";

describe("page shell", () => {
  it("serves the home page with its content in the HTML and the security headers", async () => {
    const res = await request("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Merchants ready to install your Shopify app");
    expect(html).toContain('id="how-it-works"');
    expect(html).toContain('<link rel="canonical" href="http://localhost:8787/"/>');
    expect(html).toContain('type="application/ld+json"');
    expect(html).toContain("Join the waitlist");

    const csp = res.headers.get("Content-Security-Policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    // Every inline script Remix renders carries this request's nonce.
    const scripts = html.match(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });

  it("uses a new nonce for every request", async () => {
    const a = (await request("/")).headers.get("Content-Security-Policy");
    const b = (await request("/")).headers.get("Content-Security-Policy");
    expect(a).not.toBe(b);
  });

  it("answers an unknown path with 404 and the not-found page", async () => {
    const res = await request("/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  it("answers a POST to an unknown path with 404, not a 500", async () => {
    const res = await request("/no/such/page", { method: "POST", body: "x=1" });
    expect(res.status).toBe(404);
  });

  it("renders the mobile menu as a details element, which opens without JavaScript", async () => {
    const html = await (await request("/")).text();
    expect(html).toMatch(/<details[^>]*>\s*<summary[^>]*aria-label="Menu"/);
    for (const href of [
      "/Shopify-App-Launch-and-Scaling-Playbook",
      "/#how-it-works",
      "/#pricing",
      "/questions-and-answers",
      "/saas-academy",
      "/#contact",
      "/contact",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
  });

  it("shows a friendly 500 page without the error's details when a loader fails in production", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      // A production Worker without SESSION_SECRET cannot read the toast cookie.
      const res = await request("/", {}, { ...env, ENVIRONMENT: "production", SESSION_SECRET: "" });
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain("Something went wrong");
      expect(html).toContain("Return to Home");
      expect(html).not.toContain("SESSION_SECRET");
      expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/); // no stack frames
      expect(errors.length).toBeGreaterThan(0); // but the server logged it
    } finally {
      console.error = original;
    }
  });
});
