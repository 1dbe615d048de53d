import { describe, expect, it } from "vitest";
import { failedRetryDelayMs, QUEUE_DELIVERIES, queueRetryDelaySeconds } from "~/email/policy";
import { renderEmail } from "~/email/render.server";
import { waitlistNoticeEmail } from "~/features/lead-capture/waitlist.emails";
import { emailFrom } from "~/lib/env.server";
import { formatDate, formatDateTime, formatNumber } from "~/lib/format";
import { HONEYPOT_FIELD, isHoneypotFilled } from "~/lib/honeypot";
import { rateLimitAddress } from "~/lib/rate-limit.server";
import { BodyTooLargeError, MAX_FORM_BYTES, readBodyCapped, safeRedirectPath } from "~/lib/request.server";
import { contentSecurityPolicy, createNonce } from "~/lib/security-headers";
import { canonicalUrl, seo } from "~/lib/seo";

describe("safeRedirectPath", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirectPath("/blog?x=1")).toBe("/blog?x=1");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(null)).toBe("/");
  });

  it("checks the path after normalisation: dot segments and encoded dots that leave `//host` are refused", () => {
    // URL parsing removes the dot segments of each and leaves "//evil.example/", another host.
    for (const bypass of ["/.//evil.example/", "/a/..//evil.example/", "/%2e//evil.example/"])
      expect(safeRedirectPath(bypass), bypass).toBe("/");
    expect(safeRedirectPath("/a/../contact?x=1")).toBe("/contact?x=1");
  });
});

describe("rateLimitAddress", () => {
  it("counts IPv4 addresses one by one and IPv6 addresses by their /64", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("2001:db8:0a:0001:1234:5678:9abc:def0")).toBe("2001:db8:a:1::/64");
    expect(rateLimitAddress("2001:DB8:A:1::99")).toBe("2001:db8:a:1::/64");
    expect(rateLimitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    // Not an address: kept as it is (never merged with another).
    expect(rateLimitAddress("unknown")).toBe("unknown");
    expect(rateLimitAddress("1::2::3")).toBe("1::2::3");
  });
});

describe("honeypot", () => {
  it("is filled only by a non-blank value", () => {
    const fd = new FormData();
    expect(isHoneypotFilled(fd)).toBe(false);
    fd.set(HONEYPOT_FIELD, "  ");
    expect(isHoneypotFilled(fd)).toBe(false);
    fd.set(HONEYPOT_FIELD, "http://spam");
    expect(isHoneypotFilled(fd)).toBe(true);
  });
});

describe("security headers", () => {
  it("puts a fresh nonce in the script policy and forbids framing", () => {
    const a = createNonce();
    const b = createNonce();
    expect(a).not.toBe(b);
    expect(atob(a)).toHaveLength(16);
    const csp = contentSecurityPolicy(a);
    expect(csp).toContain(`script-src 'self' 'nonce-${a}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
  });
});

describe("seo", () => {
  it("builds the title, description, canonical link and JSON-LD", () => {
    const tags = seo({
      title: "Blog",
      description: "Posts",
      path: "/blog",
      siteUrl: "https://example.com",
      jsonLd: { "@type": "Blog" },
    });
    expect(tags).toContainEqual({ title: "Blog | Founder Leads" });
    expect(tags).toContainEqual({ name: "description", content: "Posts" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/blog" });
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "Blog" } });
    expect(canonicalUrl("https://example.com/", "/")).toBe("https://example.com/");
  });
});

describe("email", () => {
  it("reads EMAIL_FROM with or without a display name", () => {
    expect(emailFrom({ EMAIL_FROM: "Founder Leads <hi@x.com>" })).toEqual({ name: "Founder Leads", email: "hi@x.com" });
    expect(emailFrom({ EMAIL_FROM: "hi@x.com" })).toEqual({ email: "hi@x.com" });
  });

  it("renders HTML with every value escaped, and a plain-text part", () => {
    const out = renderEmail(waitlistNoticeEmail, { email: "<b>x</b>@y.com" }, { siteUrl: "https://s", contactEmail: "c@s" });
    expect(out.subject).toBe("New waitlist signup: <b>x</b>@y.com");
    expect(out.html).toMatch(/^<!doctype html>/);
    expect(out.html).toContain("&lt;b&gt;x&lt;/b&gt;@y.com");
    expect(out.html).not.toContain("<b>x</b>");
    expect(out.text).toContain("<b>x</b>@y.com joined");
  });

  it("refuses to render a payload of the wrong shape", () => {
    expect(() => renderEmail(waitlistNoticeEmail, { nope: 1 }, { siteUrl: "https://s", contactEmail: "c@s" })).toThrow();
  });

  it("waits longer after each failure, within bounds", () => {
    expect([1, 2, 3].map(queueRetryDelaySeconds)).toEqual([30, 60, 120]);
    expect(queueRetryDelaySeconds(20)).toBe(900);
    expect(failedRetryDelayMs(QUEUE_DELIVERIES)).toBe(30 * 60_000);
    expect(failedRetryDelayMs(QUEUE_DELIVERIES * 2)).toBe(60 * 60_000);
    expect(failedRetryDelayMs(1000)).toBe(24 * 60 * 60_000);
  });
});

describe("hostile form bodies", () => {
  it("drops huge list indexes, garbage conform JSON and overlong names, and caps the field count", async () => {
    const { sanitizeFormData } = await import("~/lib/request.server");
    const fd = new FormData();
    fd.append("pricingPlans[3].name", "ok");
    fd.append("pricingPlans[99999999].name", "boom");
    fd.append("__intent__", "garbage");
    fd.append("__state__", '{"validated":{}}');
    fd.append("x".repeat(201), "long");
    for (let i = 0; i < 400; i++) fd.append("many", String(i));
    const clean = sanitizeFormData(fd);
    expect(clean.get("pricingPlans[3].name")).toBe("ok");
    expect(clean.has("pricingPlans[99999999].name")).toBe(false);
    expect(clean.has("__intent__")).toBe(false);
    expect(clean.get("__state__")).toBe('{"validated":{}}');
    expect([...clean.keys()].length).toBe(300);
  });

  it("refuses redirect targets with control characters, backslashes or another host", () => {
    expect(safeRedirectPath("/\t/evil.example")).toBe("/");
    expect(safeRedirectPath("/ok\nSet-Cookie: x=1")).toBe("/");
    expect(safeRedirectPath("/a\\b")).toBe("/");
    expect(safeRedirectPath("/contact?x=1#top")).toBe("/contact?x=1");
  });
});

describe("readBodyCapped", () => {
  const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
  const streamed = (chunks: number) => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > chunks) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return { response: new Response(body), pulls: () => pulled };
  };

  it("stops reading a body without Content-Length as soon as it passes the cap", async () => {
    const { response, pulls } = streamed(64); // 1 MB on offer
    await expect(readBodyCapped(response, MAX_FORM_BYTES)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulls()).toBeLessThan(10);
  });

  it("refuses by Content-Length without reading, and returns a body under the cap whole", async () => {
    const declared = new Response("tiny", { headers: { "Content-Length": String(MAX_FORM_BYTES + 1) } });
    await expect(readBodyCapped(declared, MAX_FORM_BYTES)).rejects.toBeInstanceOf(BodyTooLargeError);
    const { response } = streamed(2);
    expect((await readBodyCapped(response, MAX_FORM_BYTES)).byteLength).toBe(2 * chunk.byteLength);
  });
});

describe("formatDate", () => {
  it("writes what Intl's en-US short date in UTC writes, for every day from 2000 to 2060 and for each kind of input", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    const DAY = 86_400_000;
    // The first and the last millisecond of each UTC day: the visitor's zone must not move either.
    const instants: number[] = [];
    for (let t = Date.UTC(2000, 0, 1); t < Date.UTC(2061, 0, 1); t += DAY) instants.push(t, t + DAY - 1);
    // Compared one by one, the differences kept (a deep equal of two 44,000-string arrays took seconds under load).
    const differences = instants
      .filter((t) => formatDate(t) !== intl.format(t))
      .map((t) => `${new Date(t).toISOString()}: ${formatDate(t)}`);
    expect(instants).toHaveLength(2 * 22_281);
    expect(differences).toEqual([]);
    expect(formatDate("2026-11-23T23:59:00.000Z")).toBe("Nov 23, 2026");
    expect(formatDate(new Date(Date.UTC(2026, 8, 5)))).toBe("Sep 5, 2026");
    expect(formatDate(null)).toBe("—");
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(formatDateTime(Date.UTC(2026, 10, 23, 14, 5))).toBe("Nov 23, 2026, 14:05 UTC");
    expect(formatNumber(12345)).toBe("12,345");
  });
});
