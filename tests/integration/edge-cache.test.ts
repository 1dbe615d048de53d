/**
 * Public pages from the edge cache (ADR 0020), through the Worker entry: a miss renders once and a hit makes no D1
 * call; each visitor gets their own nonce and form stamp; cookies and admin paths bypass the cache; the key drops
 * campaign tags; real admin writes purge exactly the pages that showed them (the purge queue's consumer, with the
 * local stand-in or the zone API); stale copies, failures and concurrent misses.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { siteCookie, type SiteCookieKey } from "~/lib/cookies.server";
import { buildVersion, edgePlaceholders, FRESH_MS } from "~/lib/edge-gateway.server";
import { purgeTags, zonePurgeUrl, type EdgeQueueMessage } from "~/lib/edge-purge.server";
import { checkFormStamp } from "~/lib/form-guard.server";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- as in server.ts: the build exists once the tests run
// @ts-ignore
import * as build from "../../build/server";
import worker from "../../server";
import * as make from "../factories";
import { SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cacheMode, dbTiming, envWithFailingBatch, postForm, purgeRecorder, request } from "./helpers";

const assetsVersion = (build as unknown as { assets: { version: string } }).assets.version;
const STAMP = /\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g;
const uid = () => crypto.randomUUID().slice(0, 8);

/** A page with each visitor's nonce and stamp masked: what must be the same for everyone. */
const masked = (body: string) => body.replace(/nonce="[^"]*"/g, 'nonce="N"').replace(STAMP, "S");
const cspNonce = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
const scriptNonces = (html: string) => [...html.matchAll(/<script[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]);

/** Runs the purge queue's consumer (server.ts) on these messages; what it acked and retried, and the retries' delays. */
async function consume(messages: unknown[], testEnv: Env = env, attempts = 1) {
  const batch = createMessageBatch<EdgeQueueMessage>(
    "founder-leads-purge",
    messages.map((body, i) => ({ id: `m${i}-${uid()}`, timestamp: new Date(), attempts, body: body as EdgeQueueMessage })),
  );
  // The test batch records that a message was retried, not the delay asked for.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options?: QueueRetryOptions) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv, ctx);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

const now = new Date();
const ids = { q1: uid(), q2: uid(), p1: uid(), p2: uid(), page: uid(), guide: uid() };
const slugs = {
  q1: `edge-question-${ids.q1}`,
  q2: `edge-other-question-${ids.q2}`,
  p1: `edge-post-${ids.p1}`,
  p2: `edge-other-post-${ids.p2}`,
  page: `edge-page-${ids.page}`,
  guide: `edge-guide-${ids.guide}`,
};

beforeAll(async () => {
  await env.DB.batch([
    make.qaSubmission.statement(env.DB, {
      id: ids.q1,
      slug: slugs.q1,
      title: "How do cached answers stay fresh?",
      answer: "The first answer.",
      category: "technical",
      status: "published",
      createdAt: now,
    }),
    make.qaSubmission.statement(env.DB, {
      id: ids.q2,
      slug: slugs.q2,
      title: "Another cached question",
      answer: "Another answer.",
      category: "growth-marketing",
      status: "published",
      createdAt: now,
    }),
    make.blog.statement(env.DB, {
      id: ids.p1,
      slug: slugs.p1,
      title: "The first cached post",
      content: [{ type: "paragraph", text: "Body one" }],
      category: "marketing",
      isPublished: true,
      publishedAt: now,
    }),
    make.blog.statement(env.DB, {
      id: ids.p2,
      slug: slugs.p2,
      title: "The second cached post",
      content: [{ type: "paragraph", text: "Body two" }],
      category: "product",
      isPublished: true,
      publishedAt: now,
    }),
    make.page.statement(env.DB, { id: ids.page, slug: slugs.page, title: "Cached page", content: "[]", isPublished: true }),
    make.guide.statement(env.DB, {
      id: ids.guide,
      slug: slugs.guide,
      title: "Cached guide",
      content: "[]",
      isPublished: true,
      orderIndex: 98,
    }),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("a miss renders, the next request is a hit with no D1 call and the same page", () => {
  const reads = [
    "/",
    "/_root.data",
    "/blog",
    "/blog.data",
    `/blog/${slugs.p1}`,
    `/blog/${slugs.p1}.data`,
    "/questions-and-answers",
    "/questions-and-answers.data",
    `/questions-and-answers/${slugs.q1}`,
    `/guides/${slugs.guide}`,
    "/playbooks",
    `/${slugs.page}`,
    "/blog/no-such-post",
    "/sitemap.xml",
    "/blog/rss.xml",
  ];
  const static_ = [
    "/playbook/Shopify-App-Launch-and-Scaling-Playbook/final-guide",
    "/playbooks/premium",
    "/call-booking",
    "/shopify-app-marketing-checklist",
    "/onboarding",
    "/Shopify-App-Launch-and-Scaling-Playbook",
    "/book-a-call",
    "/contact",
    "/contact.data",
    "/lead-magnet",
    "/newsletter",
    "/waitlist",
    "/paypal-subscription",
    "/saas-academy",
    "/questions-and-answers/submit",
    "/no-such-page",
    "/robots.txt",
  ];
  for (const path of [...reads, ...static_]) {
    it(path, async () => {
      const first = await request(path);
      expect(cacheMode(first), path).toBe("miss");
      if (reads.includes(path)) expect(dbTiming(first).steps, path).toBeGreaterThanOrEqual(1);
      const second = await request(path);
      expect(cacheMode(second), path).toBe("hit");
      expect(dbTiming(second), path).toEqual({ steps: 0, statements: 0 });
      expect(second.status).toBe(first.status);
      expect(masked(await second.text())).toBe(masked(await first.text()));
    });
  }

  it("keeps a 404 (tagged notfound) as a 404", async () => {
    await request("/no-such-page-either");
    const hit = await request("/no-such-page-either");
    expect(cacheMode(hit)).toBe("hit");
    expect(hit.status).toBe(404);
  });
});

describe("each visitor's nonce and form stamp", () => {
  it("puts a fresh nonce in the CSP and every site script, and a fresh valid stamp in every form", async () => {
    await request("/contact");
    const pages = [await request("/contact"), await request("/contact")];
    const nonces: string[] = [];
    const stamps: string[] = [];
    for (const res of pages) {
      expect(cacheMode(res)).toBe("hit");
      const nonce = cspNonce(res)!;
      const html = await res.text();
      const scripts = scriptNonces(html);
      expect(scripts.length).toBeGreaterThan(1);
      expect(new Set(scripts)).toEqual(new Set([nonce]));
      const inputs = [...html.matchAll(/name="_stamp" value="([^"]+)"/g)].map((m) => m[1]!);
      expect(inputs.length).toBeGreaterThan(0);
      // The form's stamp and the one in the page's data (the popup's) are the same visitor's.
      expect(new Set([...html.matchAll(STAMP)].map((m) => m[0]))).toEqual(new Set([inputs[0]]));
      expect(await checkFormStamp(env, inputs[0], Date.now() + 3_000)).toMatchObject({ ok: true });
      nonces.push(nonce);
      stamps.push(inputs[0]!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(stamps[0]).not.toBe(stamps[1]);
  });

  it("never lets a placeholder reach a visitor, data requests included", async () => {
    const placeholders = await edgePlaceholders(env, buildVersion(assetsVersion, env));
    for (const path of ["/", "/_root.data", "/contact", "/blog.data", `/questions-and-answers/${slugs.q1}`]) {
      for (const res of [await request(path), await request(path)]) {
        const body = await res.text();
        expect(body, path).not.toContain(placeholders.nonce);
        expect(body, path).not.toContain(placeholders.stamp);
        if (path.endsWith(".data") && body.includes("formGuard")) expect(body).toMatch(STAMP);
      }
    }
  });
});

describe('each visitor\'s "came from" (the source of a form post without JavaScript, ADR 0022)', () => {
  const cameFrom = (html: string) => [...html.matchAll(/name="_came_from" value="([^"]*)"/g)].map((m) => m[1]!);
  const withoutCameFrom = (html: string) => masked(html).replace(/name="_came_from" value="[^"]*"/g, 'name="_came_from" value="C"');

  it("shares one stored page while each visitor's field holds their own Referer: a same-site page, or only another site's host", async () => {
    await request("/contact");
    const campaign = await request("/contact", {
      headers: { Referer: "http://localhost:8787/blog?utm_source=newsletter&utm_campaign=launch" },
    });
    const search = await request("/contact", { headers: { Referer: "https://www.google.com/search?q=private+words" } });
    const none = await request("/contact");
    const pages = await Promise.all([campaign, search, none].map((res) => res.text()));
    expect([campaign, search, none].map(cacheMode)).toEqual(["hit", "hit", "hit"]);
    expect(new Set(cameFrom(pages[0]!))).toEqual(new Set(["/blog?utm_source=newsletter&amp;utm_campaign=launch"]));
    expect(new Set(cameFrom(pages[1]!))).toEqual(new Set(["www.google.com"]));
    expect(new Set(cameFrom(pages[2]!))).toEqual(new Set([""]));
    expect(pages[1]).not.toContain("private+words");
    // Apart from their own values, the three pages are the one stored copy.
    expect(withoutCameFrom(pages[0]!)).toBe(withoutCameFrom(pages[2]!));
    expect(withoutCameFrom(pages[1]!)).toBe(withoutCameFrom(pages[2]!));
  });
});

describe("what the cache never answers", () => {
  const cookie = async (key: SiteCookieKey, value: unknown) => (await (await siteCookie(env, key)).serialize(value)).split(";")[0]!;

  it("a request with a session, toast, bookmark, two-factor or onboarding cookie: answered and not stored", async () => {
    const cookies: [SiteCookieKey, unknown][] = [
      ["toast", { id: "t1", type: "success", title: "Saved" }],
      ["adminSession", "no-such-session"],
      ["adminPending", { userId: "x" }],
      ["d1Bookmark", "00000001-00000002-00004e0f-abcdef"],
      ["onboarding", "draft-id"],
    ];
    for (const [key, value] of cookies) {
      const path = `/blog?page=${uid()}`;
      const withCookie = await request(path, { headers: { Cookie: await cookie(key, value) } });
      expect(cacheMode(withCookie), key).toBe("bypass");
      expect(cacheMode(await request(path)), `${key}: nothing was stored`).toBe("miss");
    }
  });

  it("the remembered email and the checklist cookie count only on the pages that read them", async () => {
    const visitor = await cookie("visitor", { email: "edge-visitor@example.com" });
    const checklist = await cookie("checklist", "1");
    await request("/blog");
    expect(cacheMode(await request("/blog", { headers: { Cookie: `${visitor}; ${checklist}` } }))).toBe("hit");
    await request("/call-booking");
    const booking = await request("/call-booking", { headers: { Cookie: visitor } });
    expect(cacheMode(booking)).toBe("bypass");
    expect(await booking.text()).toContain("edge-visitor@example.com");
    expect(cacheMode(await request("/shopify-app-marketing-checklist", { headers: { Cookie: checklist } }))).toBe("bypass");
  });

  it("a forged cookie: answered (and cleared), not stored", async () => {
    const path = `/blog?page=${uid()}`;
    const forged = await request(path, { headers: { Cookie: "__visitor=forged.value" } });
    expect(cacheMode(forged)).toBe("bypass");
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("__visitor="))).toBe(true);
    expect(cacheMode(await request(path))).toBe("miss");
  });

  it("POSTs, admin and token pages, media, warm leads and the manifest", async () => {
    const contact = await postForm("/contact", { name: "x" }, { headers: SAME_ORIGIN });
    expect(cacheMode(contact)).toBe("bypass");
    for (const path of [
      "/admin/login",
      "/admin/invitation/x",
      "/admin/reset-password/x",
      "/unsubscribe/x",
      "/newsletter/confirm/x",
      "/warm-leads",
      "/media/x.png",
      "/__manifest?p=/blog",
    ]) {
      await request(path);
      expect(cacheMode(await request(path)), path).toBe("bypass");
    }
  });
});

describe("the key", () => {
  it("drops campaign tags and unknown parameters, sorts the ones the page reads, and names the build", async () => {
    await request("/blog");
    expect(cacheMode(await request("/blog?utm_source=a&utm_medium=b&fbclid=c&gclid=d&ref=e"))).toBe("hit");
    await request("/blog?category=marketing&page=1");
    expect(cacheMode(await request("/blog?page=1&category=marketing"))).toBe("hit");
    expect(cacheMode(await request("/questions-and-answers?q=fresh"))).toBe("miss");
    await request("/contact");
    expect(cacheMode(await request("/contact?foo=1"))).toBe("hit");
    const otherBuild = { ...env, CF_VERSION_METADATA: { id: `another-version-${uid()}`, tag: "", timestamp: "" } };
    expect(cacheMode(await request("/contact", {}, otherBuild))).toBe("miss");
  });
});

describe("admin writes purge exactly the pages that showed them", () => {
  let admin: { cookie: string };
  beforeAll(async () => {
    admin = await signedInAdmin();
  });
  const updatedAt = async (table: string, id: string) =>
    String((await all<{ updated_at: number }>(`SELECT updated_at FROM ${table} WHERE id = ?`, id))[0]!.updated_at);
  const warm = async (paths: string[]) => {
    for (const path of paths) await request(path);
    for (const path of paths) expect(cacheMode(await request(path)), path).toBe("hit");
  };
  /** Posts as the admin with the purge queue recorded, runs its consumer, and returns the tags it was asked for. */
  async function adminWrite(path: string, fields: Record<string, string>): Promise<string[]> {
    const recorder = purgeRecorder();
    const res = await postForm(path, fields, { cookie: admin.cookie, headers: SAME_ORIGIN, testEnv: recorder.env });
    expect(res.status, await res.clone().text()).toBe(302);
    expect(recorder.messages.length).toBeGreaterThan(0);
    const result = await consume(recorder.messages);
    expect(result.retryMessages).toEqual([]);
    return recorder.messages.flatMap((m) => (m as { tags: string[] }).tags).sort();
  }

  it("publishing an answer refreshes the question and the Q&A list; a post and /contact stay cached", async () => {
    const question = `/questions-and-answers/${slugs.q1}`;
    await warm([question, "/questions-and-answers", `/blog/${slugs.p2}`, "/contact"]);
    const tags = await adminWrite(`/admin/dashboard/qa/${ids.q1}`, {
      title: "How do cached answers stay fresh?",
      question: "How should a cached answer reach every visitor quickly?",
      category: "technical",
      answer: "A purge by tag, within seconds.",
      status: "published",
      _updatedAt: await updatedAt("qa_submissions", ids.q1),
      intent: "save",
    });
    expect(tags).toEqual([`question:${ids.q1}`, "list:qa"].sort());
    const fresh = await request(question);
    expect(cacheMode(fresh)).toBe("miss");
    expect(await fresh.text()).toContain("A purge by tag, within seconds.");
    expect(cacheMode(await request("/questions-and-answers"))).toBe("miss");
    expect(cacheMode(await request(`/blog/${slugs.p2}`))).toBe("hit");
    expect(cacheMode(await request("/contact"))).toBe("hit");
  });

  it("editing a post refreshes it, the blog and the feed; a post of another category stays cached", async () => {
    // A content page no other test here writes (another unpublishes the cached page, making it a 404 that a post
    // write purges with the other 404s), so the order of the tests does not matter.
    await warm([`/blog/${slugs.p1}`, "/blog", "/blog/rss.xml", `/blog/${slugs.p2}`, "/about"]);
    const tags = await adminWrite(`/admin/dashboard/blogs/${ids.p1}`, {
      title: "The first cached post, edited",
      slug: slugs.p1,
      content: '[{"type":"paragraph","text":"Body one"}]',
      category: "marketing",
      isPublished: "on",
      _updatedAt: await updatedAt("blogs", ids.p1),
      intent: "save",
    });
    expect(tags).toEqual([`post:${ids.p1}`, "list:blog", "notfound"].sort());
    const fresh = await request(`/blog/${slugs.p1}`);
    expect(cacheMode(fresh)).toBe("miss");
    expect(await fresh.text()).toContain("The first cached post, edited");
    expect(cacheMode(await request("/blog"))).toBe("miss");
    expect(cacheMode(await request("/blog/rss.xml"))).toBe("miss");
    expect(cacheMode(await request(`/blog/${slugs.p2}`))).toBe("hit");
    expect(cacheMode(await request("/about"))).toBe("hit");
  });

  // Each case checks that a page no case writes stays cached: a page another case turned into a 404 would go with
  // the other 404s, whatever the order of the cases.
  it("unpublishing a page makes it a 404 at once; a post stays cached", async () => {
    await warm([`/${slugs.page}`, `/blog/${slugs.p2}`]);
    const tags = await adminWrite(`/admin/dashboard/pages/${ids.page}`, {
      title: "Cached page",
      slug: slugs.page,
      content: "[]",
      _updatedAt: await updatedAt("pages", ids.page),
      intent: "save",
    });
    expect(tags).toEqual([`page:${ids.page}`, "list:pages", "notfound"].sort());
    const gone = await request(`/${slugs.page}`);
    expect(cacheMode(gone)).toBe("miss");
    expect(gone.status).toBe(404);
    expect(cacheMode(await request(`/blog/${slugs.p2}`))).toBe("hit");
  });

  it("deleting a guide makes it a 404 and refreshes the playbooks hub; the blog stays cached", async () => {
    await warm([`/guides/${slugs.guide}`, "/playbooks", "/blog"]);
    const tags = await adminWrite(`/admin/dashboard/guides/${ids.guide}/delete`, { intent: "delete", confirm: "yes" });
    expect(tags).toEqual([`guide:${ids.guide}`, "list:guides", "notfound"].sort());
    const gone = await request(`/guides/${slugs.guide}`);
    expect(cacheMode(gone)).toBe("miss");
    expect(gone.status).toBe(404);
    const hub = await request("/playbooks");
    expect(cacheMode(hub)).toBe("miss");
    expect(await hub.text()).not.toContain("Cached guide");
    expect(cacheMode(await request("/blog"))).toBe("hit");
  });

  it("the queue's consumer purges the tags of its messages (the local stand-in)", async () => {
    await warm(["/contact", "/blog"]);
    const result = await consume([{ kind: "purge", tags: ["list:blog"], at: Date.now() }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(cacheMode(await request("/blog"))).toBe("miss");
    expect(cacheMode(await request("/contact"))).toBe("hit");
  });
});

describe("question views of cache hits", () => {
  it("are queued, not written during the hit, and added in the consumer", async () => {
    const path = `/questions-and-answers/${slugs.q2}`;
    const before = (await all<{ view_count: number }>("SELECT view_count FROM qa_submissions WHERE id = ?", ids.q2))[0]!.view_count;
    const recorder = purgeRecorder();
    await request(path, {}, recorder.env);
    const hits = [await request(path, {}, recorder.env), await request(path, {}, recorder.env)];
    for (const hit of hits) expect(dbTiming(hit)).toEqual({ steps: 0, statements: 0 });
    // A crawler's view is not counted.
    await request(path, { headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }, recorder.env);
    expect(recorder.messages).toEqual([
      { kind: "view", question: ids.q2 },
      { kind: "view", question: ids.q2 },
      { kind: "view", question: ids.q2 },
    ]);
    const result = await consume(recorder.messages);
    expect(result.explicitAcks.length).toBe(3);
    const after = (await all<{ view_count: number }>("SELECT view_count FROM qa_submissions WHERE id = ?", ids.q2))[0]!.view_count;
    expect(after).toBe(before + 3);
  });

  it("of concurrent hits go to the queue in one batch, each counted once", async () => {
    const path = `/questions-and-answers/${slugs.q2}`;
    const before = (await all<{ view_count: number }>("SELECT view_count FROM qa_submissions WHERE id = ?", ids.q2))[0]!.view_count;
    const recorder = purgeRecorder();
    // Cached first (its own view is left out of the count below).
    await request(path, {}, recorder.env);
    recorder.messages.length = 0;
    recorder.batches.length = 0;
    // Side by side, as an isolate's concurrent requests arrive: the first opens the buffer, the rest join it.
    const hits = await Promise.all(Array.from({ length: 5 }, () => request(path, {}, recorder.env)));
    for (const hit of hits) expect(cacheMode(hit)).toBe("hit");
    expect(recorder.batches).toEqual([5]);
    await consume(recorder.messages);
    const after = (await all<{ view_count: number }>("SELECT view_count FROM qa_submissions WHERE id = ?", ids.q2))[0]!.view_count;
    expect(after).toBe(before + 5);
  });
});

describe("the zone purge API (CF_ZONE_ID set)", () => {
  const zoneEnv = { ...env, CF_ZONE_ID: "zone-123", CF_PURGE_API_TOKEN: "purge-token" } as Env;
  const spyZone = (answer: () => Response) => {
    const calls: { url: string; auth: string | null; tags: string[] }[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url !== zonePurgeUrl("zone-123")) return real(input, init);
      calls.push({
        url,
        auth: new Headers(init?.headers).get("Authorization"),
        tags: (JSON.parse(String(init?.body)) as { tags: string[] }).tags,
      });
      return answer();
    });
    return calls;
  };
  const purge = (tags: string[]): EdgeQueueMessage => ({ kind: "purge", tags, at: Date.now() });

  it("merges a batch's tags and purges them in calls of at most 30, with the token", async () => {
    const calls = spyZone(() => Response.json({ success: true }));
    const many = Array.from({ length: 40 }, (_, i) => `post:${i}`);
    const result = await consume([purge(many.slice(0, 25)), purge([...many.slice(20), "list:blog"])], zoneEnv);
    expect(calls.map((c) => c.tags.length)).toEqual([30, 11]);
    expect(new Set(calls.flatMap((c) => c.tags))).toEqual(new Set([...many, "list:blog"]));
    expect(calls.every((c) => c.auth === "Bearer purge-token")).toBe(true);
    expect(result.explicitAcks.length).toBe(2);
    expect(result.retryMessages).toEqual([]);
  });

  it("a purge the queue cannot take goes to the API at once", async () => {
    const calls = spyZone(() => Response.json({ success: true }));
    const { env: failing } = purgeRecorder({ CF_ZONE_ID: "zone-123", CF_PURGE_API_TOKEN: "purge-token" }, { failSend: true });
    await purgeTags(failing, ["post:1", "list:blog"]);
    expect(calls.map((c) => c.tags)).toEqual([["post:1", "list:blog"]]);
  });

  it("retries after the API's Retry-After on a rate limit, and backs off on a server error", async () => {
    spyZone(() => new Response("slow down", { status: 429, headers: { "Retry-After": "20" } }));
    const limited = await consume([purge(["site"])], zoneEnv);
    expect(limited.retryMessages).toHaveLength(1);
    expect(limited.delays).toEqual([20]);
    vi.restoreAllMocks();
    spyZone(() => Response.json({ success: false }, { status: 500 }));
    const first = await consume([purge(["site"])], zoneEnv, 1);
    const third = await consume([purge(["site"])], zoneEnv, 3);
    expect([first.delays, third.delays]).toEqual([[5], [20]]);
  });
});

describe("soft freshness", () => {
  it("serves a copy older than five minutes as stale while one render replaces it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const path = `/blog?page=${uid()}`;
    await request(path);
    vi.setSystemTime(Date.now() + FRESH_MS + 60_000);
    const stale = await request(path);
    expect(cacheMode(stale)).toBe("stale");
    expect(dbTiming(stale).statements).toBe(0);
    expect(cacheMode(await request(path))).toBe("hit");
  });

  it("keeps serving the stale copy while D1 fails, and stores no degraded page", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const path = `/blog?page=${uid()}`;
    const good = await (await request(path)).text();
    vi.setSystemTime(Date.now() + FRESH_MS + 60_000);
    const down = envWithFailingBatch();
    const stale = await request(path, {}, down);
    expect(cacheMode(stale)).toBe("stale");
    expect(masked(await stale.text())).toBe(masked(good));
    expect(cacheMode(await request(path, {}, down))).toBe("stale");

    const fresh = `/blog?page=${uid()}`;
    const degraded = await request(fresh, {}, down);
    expect(cacheMode(degraded)).toBe("miss");
    expect(cacheMode(await request(fresh))).toBe("miss");
  });

  it("renders one page once for concurrent misses", async () => {
    const path = `/blog?page=${uid()}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => request(path)));
    const statements = responses.map((res) => dbTiming(res).statements);
    expect(statements.filter((n) => n > 0)).toHaveLength(1);
    const bodies = await Promise.all(responses.map(async (res) => masked(await res.text())));
    expect(new Set(bodies).size).toBe(1);
  });
});
