/**
 * The round-trip budget: on Cloudflare every sequential D1 step is a trip
 * to the database's region (150-250 ms from the far side of the world), so
 * every public GET may make at most ONE step and a public form POST at most
 * TWO. Each response says what it made in its Server-Timing header
 * (`db;dur=…;desc="N steps, M statements"`); this walks every public route,
 * without cookies and with the cookies a returning visitor carries, and
 * fails when one goes over.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { siteCookie } from "~/lib/cookies.server";
import * as make from "../factories";
import { dbTiming, freshIp, postForm, request, waitFor } from "./helpers";

const PUBLIC_GETS = [
  "/",
  "/questions-and-answers",
  "/questions-and-answers?category=technical",
  "/questions-and-answers?q=pricing",
  "/questions-and-answers/round-trip-question",
  "/blog",
  "/blog?category=marketing",
  "/blog/round-trip-post",
  "/blog/rss.xml",
  "/about",
  "/privacy-policy",
  "/guides/round-trip-guide",
  "/playbooks",
  "/playbooks/premium",
  "/playbook",
  "/Shopify-App-Launch-and-Scaling-Playbook",
  "/playbook/Shopify-App-Launch-and-Scaling-Playbook/final-guide",
  "/shopify-app-marketing-checklist",
  "/saas-academy",
  "/onboarding",
  "/call-booking",
  "/book-a-call",
  "/contact",
  "/waitlist",
  "/newsletter",
  "/paypal-subscription",
  "/sitemap.xml",
  "/robots.txt",
  "/no-such-page",
];

let returningVisitor = "";
beforeAll(async () => {
  const now = new Date();
  await env.DB.batch([
    make.qaSubmission.statement(env.DB, {
      id: "rt-q",
      title: "How do round trips add up?",
      question: "A question for the budget test.",
      answer: "One step per page.",
      category: "technical",
      slug: "round-trip-question",
      status: "published",
      createdAt: now,
    }),
    make.blog.statement(env.DB, {
      id: "rt-b",
      slug: "round-trip-post",
      title: "Round trips",
      excerpt: "Excerpt",
      content: [{ type: "paragraph", text: "Body" }],
      category: "marketing",
      tags: ["speed"],
      isPublished: true,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    make.guide.statement(env.DB, {
      id: "rt-g",
      slug: "round-trip-guide",
      title: "Round-trip guide",
      description: "A guide",
      content: JSON.stringify({ sections: [{ heading: "One", paragraphs: ["Step"] }] }),
      category: "speed",
      isPublished: true,
      orderIndex: 99,
    }),
  ]);
  const cookie = async (key: Parameters<typeof siteCookie>[1], value: unknown) =>
    (await (await siteCookie(env, key)).serialize(value)).split(";")[0];
  const session = env.DB.withSession("first-primary");
  await session.prepare("SELECT 1").first();
  returningVisitor = [
    await cookie("d1Bookmark", session.getBookmark()),
    await cookie("toast", { id: "t1", type: "success", title: "Welcome back" }),
    await cookie("visitor", { email: "returning@example.com" }),
    await cookie("checklist", "1"),
    await cookie("onboarding", "draft-that-does-not-exist"),
  ].join("; ");
});

describe("every public GET makes at most one D1 step", () => {
  for (const path of PUBLIC_GETS) {
    it(`${path}, without and with a returning visitor's cookies`, async () => {
      for (const cookie of ["", returningVisitor]) {
        const res = await request(path, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
        expect(res.status, `${path} answered`).toBeLessThan(500);
        const { steps } = dbTiming(res);
        expect(steps, `${path} ${cookie ? "with" : "without"} cookies: ${res.headers.get("Server-Timing")}`).toBeLessThanOrEqual(1);
      }
    });
  }

  it("counts the data requests of client navigation too", async () => {
    const res = await request("/questions-and-answers.data");
    expect(res.status).toBe(200);
    expect(dbTiming(res).steps).toBeLessThanOrEqual(1);
  });
});

describe("every public form POST makes at most two D1 steps", () => {
  const uid = () => crypto.randomUUID().slice(0, 8);
  const forms: [string, () => Record<string, string>][] = [
    ["/waitlist", () => ({ email: `rt-${uid()}@example.com`, redirectTo: "/" })],
    ["/newsletter", () => ({ email: `rt-${uid()}@example.com`, redirectTo: "/" })],
    [
      "/contact",
      () => ({ name: "Round Trip", email: `rt-${uid()}@example.com`, subject: "Round trips", message: "How many steps does this take?" }),
    ],
    [
      "/questions-and-answers/submit",
      () => ({
        title: `How many round trips ${uid()}?`,
        question: "A question long enough to be valid for the form.",
        category: "technical",
      }),
    ],
    [
      "/lead-magnet",
      () => ({ firstName: "Round", email: `rt-${uid()}@example.com`, appUrl: "https://apps.shopify.com/round-trip", redirectTo: "/" }),
    ],
    [
      "/Shopify-App-Launch-and-Scaling-Playbook",
      () => ({ firstName: "Round", email: `rt-${uid()}@example.com`, appUrl: "https://apps.shopify.com/round-trip" }),
    ],
    [
      "/playbooks/premium",
      () => ({ firstName: "Round", email: `rt-${uid()}@example.com`, company: "Round Trip Apps", accessTiming: "this-week" }),
    ],
    [
      "/onboarding",
      () => ({
        step: "1",
        intent: "next",
        appName: "Round Trip",
        appCategory: "shipping",
        appDescription: "Fast label printing for busy stores, in one click.",
        appUrl: "https://apps.shopify.com/round-trip",
      }),
    ],
  ];
  for (const [path, fields] of forms) {
    it(`${path}`, async () => {
      const res = await postForm(path, fields(), { ip: freshIp() });
      expect(res.status, `${path}: ${res.status}`).toBeLessThan(400);
      expect(dbTiming(res).steps, res.headers.get("Server-Timing") ?? "").toBeLessThanOrEqual(2);
    });
  }
});

describe("caching", () => {
  it("keeps the sitemap, the feed and robots.txt briefly at the edge: a repeat request makes no D1 call", async () => {
    for (const path of ["/sitemap.xml", "/blog/rss.xml"]) {
      const first = await request(path);
      expect(first.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=60");
      await first.text();
      const again = await waitFor(async () => {
        const res = await request(path);
        return dbTiming(res).statements === 0 ? res : null;
      });
      expect(await again.text()).toContain(path === "/sitemap.xml" ? "<urlset" : "<rss");
    }
  });

  it("never lets a shared cache keep HTML (it carries a CSP nonce and personal state) or data requests", async () => {
    for (const path of ["/", "/blog", "/questions-and-answers", "/questions-and-answers.data"]) {
      const res = await request(path, { headers: { Cookie: returningVisitor } });
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-cache");
      // Served from the edge cache too: the copy is the visitor's own (their nonce and form stamp).
      await request(path);
      const hit = await request(path);
      expect(hit.headers.get("Server-Timing"), path).toContain("cache;desc=hit");
      expect(hit.headers.get("Cache-Control"), path).toBe("private, no-cache");
    }
  });
});
