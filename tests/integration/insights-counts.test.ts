/**
 * Cookieless visitor counts (ADR 0023): which requests the Worker counts (cache hits too), what a view records,
 * unique visitors from the day's salted hash, the day's close (salt and hashes gone), and the rollup consumer's
 * idempotence. Views are recorded off VIEWS_QUEUE, then delivered to the Worker's queue handler as the queue would.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { closeInsightDays } from "~/features/insights/salt.server";
import { sendView, VIEW_BATCH_CAP, type ViewDraft } from "~/features/insights/count.server";
import type { PageViewMessage } from "~/features/insights/views";
import { signedInAdmin } from "./admin-helpers";
import { all, cacheMode, ORIGIN, request } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** An env whose VIEWS_QUEUE records the views (and the size of each `sendBatch`) instead of queueing them. */
function viewsRecorder(): { env: Env; views: PageViewMessage[]; batches: number[] } {
  const views: PageViewMessage[] = [];
  const batches: number[] = [];
  const queue = {
    async sendBatch(messages: MessageSendRequest<PageViewMessage>[]) {
      batches.push(messages.length);
      views.push(...messages.map((m) => m.body));
    },
  } as unknown as Queue;
  return { env: { ...env, VIEWS_QUEUE: queue }, views, batches };
}

/** A page requested as a browser at an address; the views it made. */
async function visit(path: string, { ua = CHROME, ip = "198.51.100.7", headers = {} } = {}) {
  const recorder = viewsRecorder();
  const res = await request(path, { headers: { "User-Agent": ua, "CF-Connecting-IP": ip, ...headers } }, recorder.env);
  await res.text();
  return { res, views: recorder.views };
}

/** Views delivered to the Worker's queue handler as one batch; the queue's verdict. */
async function deliver(views: PageViewMessage[], attempt = 1) {
  const batch = createMessageBatch(
    "founder-leads-views",
    views.map((body, i) => ({ id: `m-${body.id}-${attempt}-${i}`, timestamp: new Date(), attempts: attempt, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

type Rollup = {
  day: string;
  path: string;
  channel: string;
  source: string;
  campaign: string;
  device: string;
  views: number;
  visitors: number;
};
const rollups = (campaign: string) =>
  all<Rollup>(
    `SELECT day, path, channel, source, campaign, device, views, visitors FROM insight_rollups
     WHERE campaign = ?1 AND scope IN ('site', 'page') ORDER BY day, path, device`,
    campaign,
  );
const site = async (campaign: string, day?: string) =>
  (await rollups(campaign))
    .filter((r) => r.path === "" && (!day || r.day === day))
    .reduce((t, r) => ({ views: t.views + r.views, visitors: t.visitors + r.visitors }), { views: 0, visitors: 0 });

describe("counting page views", () => {
  it("views from two user agents and two addresses on one day are 2 visitors; a visitor's later page keeps the campaign", async () => {
    const campaign = `launch-${uid()}`;
    const first = await visit(`/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`, { ip: "198.51.100.1" });
    // The same visitor reads another page (its Referer is the site): the view takes the visit's campaign.
    const second = await visit("/contact", { ip: "198.51.100.1", headers: { Referer: `${ORIGIN}/?utm_campaign=${campaign}` } });
    const other = await visit(`/contact?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`, {
      ua: IPHONE,
      ip: "198.51.100.2",
    });
    const views = [...first.views, ...second.views, ...other.views];
    expect(views).toHaveLength(3);
    expect(new Set(views.map((v) => v.visitor)).size).toBe(2);
    expect(views.map((v) => v.device)).toEqual(["desktop", "desktop", "mobile"]);
    expect(JSON.stringify(views)).not.toContain("198.51.100");

    expect((await deliver(views)).ackAll).toBe(true);
    expect(await site(campaign)).toEqual({ views: 3, visitors: 2 });
    const contact = (await rollups(campaign)).filter((r) => r.path === "/contact");
    expect(contact.map((r) => [r.channel, r.source, r.device, r.views, r.visitors])).toEqual([
      ["email", "newsletter", "desktop", 1, 1],
      ["email", "newsletter", "mobile", 1, 1],
    ]);
  });

  it("counts a page served from the edge cache as it counts a rendered one", async () => {
    const campaign = `hit-${uid()}`;
    const path = `/blog?utm_campaign=${campaign}`;
    const miss = await visit(path, { ip: "198.51.100.10" });
    const hit = await visit(path, { ip: "198.51.100.11" });
    expect([cacheMode(miss.res), cacheMode(hit.res)]).toEqual(["miss", "hit"]);
    expect([...miss.views, ...hit.views].map((v) => [v.path, v.campaign, v.channel])).toEqual([
      ["/blog", campaign, "campaign"],
      ["/blog", campaign, "campaign"],
    ]);
  });

  it("does not count a bot, a signed-in admin, a prefetch, a data request, a feed or a missing page", async () => {
    const admin = await signedInAdmin();
    const cases: [string, Parameters<typeof visit>[1]][] = [
      ["/", { ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
      ["/", { ua: "" }],
      ["/", { headers: { Cookie: admin.cookie } }],
      ["/contact", { headers: { "Sec-Purpose": "prefetch" } }],
      ["/contact", { headers: { "Sec-Purpose": "prefetch;prerender" } }],
      ["/contact.data", {}],
      ["/blog/rss.xml", {}],
      ["/sitemap.xml", {}],
      [`/no-such-page-${uid()}`, {}],
      ["/admin/login", {}],
    ];
    for (const [path, options] of cases) {
      const { views } = await visit(path, options);
      expect([path, views]).toEqual([path, []]);
    }
    // The same page, as a person: one view.
    expect((await visit("/contact")).views).toHaveLength(1);
  });

  it("keeps only the referrer's host, never its URL", async () => {
    const campaign = `ref-${uid()}`;
    const { views } = await visit(`/?utm_campaign=${campaign}`, {
      headers: { Referer: "https://news.example.org/threads/secret-thread?token=abc123#top" },
    });
    expect(views.map((v) => [v.source, v.channel])).toEqual([["news.example.org", "campaign"]]);
    const referral = await visit("/", { headers: { Referer: "https://news.example.org/threads/secret-thread?token=abc123" } });
    expect(referral.views.map((v) => [v.channel, v.source])).toEqual([["referral", "news.example.org"]]);
    await deliver([...views, ...referral.views]);
    const stored = await all<{ found: number }>(
      `SELECT count(*) AS found FROM (SELECT path || source || campaign AS t FROM insight_rollups UNION ALL
         SELECT path || source || campaign || visitor FROM insight_views) WHERE instr(t, 'secret-thread') OR instr(t, 'abc123')`,
    );
    expect(stored).toEqual([{ found: 0 }]);
  });

  it("counts the browser's beacons: a page after the first, and the lead-magnet popup shown; never an admin page", async () => {
    const beacon = async (fields: Record<string, string>) => {
      const recorder = viewsRecorder();
      const res = await request(
        "/__view",
        {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "User-Agent": CHROME, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        },
        recorder.env,
      );
      expect(res.status).toBe(204);
      return recorder.views.map((v) => v.path);
    };
    expect(await beacon({ p: "/blog?page=2" })).toEqual(["/blog"]);
    expect(await beacon({ p: "/blog", k: "popup" })).toEqual(["popup:lead-magnet"]);
    expect(await beacon({ p: "/admin/dashboard" })).toEqual([]);
    expect(await beacon({ p: "https://elsewhere.example/blog" })).toEqual([]);
  });

  it("a page view served as its isolate serves others is sent with them, once", async () => {
    const campaign = `pages-${uid()}`;
    const recorder = viewsRecorder();
    const pages = ["/", "/contact", "/blog", "/", "/contact"];
    const responses = await Promise.all(
      pages.map((path, i) =>
        request(
          `${path}?utm_campaign=${campaign}`,
          { headers: { "User-Agent": CHROME, "CF-Connecting-IP": `198.51.100.${40 + i}` } },
          recorder.env,
        ),
      ),
    );
    await Promise.all(responses.map((res) => res.text()));
    await vi.waitFor(() => expect(recorder.views).toHaveLength(pages.length));
    expect(recorder.views.map((v) => v.path).sort()).toEqual([...pages].sort());
    expect(new Set(recorder.views.map((v) => v.id)).size).toBe(pages.length);
    expect((await deliver(recorder.views)).ackAll).toBe(true);
    expect(await site(campaign)).toEqual({ views: 5, visitors: 5 });
  });
});

describe("the day's visitors", () => {
  const DAY1 = Date.UTC(2031, 0, 14, 23, 50);
  const DAY2 = Date.UTC(2031, 0, 15, 0, 10);
  const request = (ip: string) => new Request(`${ORIGIN}/`, { headers: { "User-Agent": CHROME, "CF-Connecting-IP": ip } });
  const draft = (campaign: string): ViewDraft => ({
    path: "/",
    channel: "campaign",
    source: "x",
    campaign,
    country: "DE",
    device: "desktop",
  });

  it("the same visitor counts again the next day, and the day's salt and hashes are gone once it is over", async () => {
    const campaign = `days-${uid()}`;
    const recorder = viewsRecorder();
    await sendView(recorder.env, request("192.0.2.1"), draft(campaign), DAY1);
    await sendView(recorder.env, request("192.0.2.1"), draft(campaign), DAY1);
    await deliver(recorder.views.splice(0));
    expect(await site(campaign, "2031-01-14")).toEqual({ views: 2, visitors: 1 });
    expect(await all("SELECT day FROM insight_salts WHERE day = '2031-01-14'")).toHaveLength(1);

    await closeInsightDays(env, DAY2);
    expect(await all("SELECT day FROM insight_salts WHERE day = '2031-01-14'")).toEqual([]);
    expect(await all("SELECT id FROM insight_views WHERE day = '2031-01-14'")).toEqual([]);

    await sendView(recorder.env, request("192.0.2.1"), draft(campaign), DAY2);
    const [next] = recorder.views;
    await deliver(recorder.views);
    expect(await site(campaign, "2031-01-15")).toEqual({ views: 1, visitors: 1 });
    // The rollups of the day before are kept; the visitor's hash is not the same from one day to the next.
    expect(await site(campaign, "2031-01-14")).toEqual({ views: 2, visitors: 1 });
    expect((await all<{ visitor: string }>("SELECT visitor FROM insight_views WHERE day = '2031-01-15'")).map((r) => r.visitor)).toEqual([
      next!.visitor,
    ]);
  });

  it("a batch delivered twice counts once, and a malformed message is dropped", async () => {
    const campaign = `twice-${uid()}`;
    const recorder = viewsRecorder();
    for (const ip of ["192.0.2.10", "192.0.2.11", "192.0.2.11"]) await sendView(recorder.env, request(ip), draft(campaign), DAY1);
    const first = await deliver(recorder.views);
    expect(first.retryBatch.retry).toBe(false);
    expect(first.ackAll).toBe(true);
    const counted = await site(campaign, "2031-01-14");
    expect(counted).toEqual({ views: 3, visitors: 2 });
    // Delivered again (the answer was lost), together with a new view and a message that is no view.
    await sendView(recorder.env, request("192.0.2.12"), draft(campaign), DAY1);
    await deliver([...recorder.views, { kind: "page-view", id: "x" } as unknown as PageViewMessage], 2);
    expect(await site(campaign, "2031-01-14")).toEqual({ views: 4, visitors: 3 });
    expect((await rollups(campaign)).find((r) => r.path === "/")).toMatchObject({ views: 4, visitors: 3 });
  });

  it("views in quick succession go to the queue together, at most VIEW_BATCH_CAP a send, and each counts once", async () => {
    const campaign = `burst-${uid()}`;
    const DAY = Date.UTC(2031, 2, 3, 12);
    const recorder = viewsRecorder();
    // Sent side by side, as an isolate's concurrent requests do: the first opens the buffer and sends it, with the rest.
    const count = VIEW_BATCH_CAP + 20;
    await Promise.all(
      Array.from({ length: count }, (_, i) => sendView(recorder.env, request(`203.0.113.${i % 30}`), draft(campaign), DAY)),
    );
    await vi.waitFor(() => expect(recorder.views).toHaveLength(count));
    expect(recorder.batches).toEqual([VIEW_BATCH_CAP, 20]);
    expect(new Set(recorder.views.map((v) => v.id)).size).toBe(count);
    // Delivered as the queue may: in two deliveries, the first one twice (a redelivery).
    const first = recorder.views.slice(0, 70);
    expect((await deliver(first)).ackAll).toBe(true);
    expect((await deliver(recorder.views.slice(70))).ackAll).toBe(true);
    expect((await deliver(first, 2)).ackAll).toBe(true);
    expect(await site(campaign, "2031-03-03")).toEqual({ views: count, visitors: 30 });
  });

  it("writes the day's totals of the site, each page, source and campaign beside the fine rows, once per view", async () => {
    const DAY = Date.UTC(2031, 1, 20, 9);
    const campaign = `totals-${uid()}`;
    const recorder = viewsRecorder();
    const landing: ViewDraft = { ...draft(campaign), source: "newsletter", channel: "email" };
    const later: ViewDraft = { ...landing, path: "/contact", channel: "direct", source: "", campaign: "" };
    await sendView(recorder.env, request("192.0.2.20"), landing, DAY);
    await sendView(recorder.env, request("192.0.2.20"), later, DAY);
    await sendView(recorder.env, request("192.0.2.20"), { ...later, path: "popup:lead-magnet" }, DAY);
    await sendView(recorder.env, request("192.0.2.21"), { ...later, path: "/" }, DAY);
    await sendView(recorder.env, request("192.0.2.21"), { ...later, path: "/" }, DAY);
    const totals = () =>
      all<{ scope: string; path: string; channel: string; source: string; campaign: string; views: number; visitors: number }>(
        `SELECT scope, path, channel, source, campaign, views, visitors FROM insight_rollups
         WHERE day = '2031-02-20' AND scope LIKE 'day:%' ORDER BY scope, path, channel, source, campaign`,
      );
    const expected = [
      { scope: "day:campaign", path: "", channel: "", source: "", campaign, views: 2, visitors: 1 },
      { scope: "day:page", path: "/", channel: "", source: "", campaign: "", views: 3, visitors: 2 },
      { scope: "day:page", path: "/contact", channel: "", source: "", campaign: "", views: 1, visitors: 1 },
      { scope: "day:page", path: "popup:lead-magnet", channel: "", source: "", campaign: "", views: 1, visitors: 1 },
      { scope: "day:site", path: "", channel: "", source: "", campaign: "", views: 4, visitors: 2 },
      { scope: "day:source", path: "", channel: "direct", source: "", campaign: "", views: 2, visitors: 1 },
      { scope: "day:source", path: "", channel: "email", source: "newsletter", campaign: "", views: 2, visitors: 1 },
    ];
    // Two deliveries (the second view of each visitor comes later), then the first delivered again: counted once.
    const views = recorder.views.splice(0);
    await deliver(views.slice(0, 3));
    await deliver(views.slice(3));
    expect(await totals()).toEqual(expected);
    expect((await deliver(views.slice(0, 3), 2)).ackAll).toBe(true);
    expect(await totals()).toEqual(expected);
    // Each total is the sum of the fine rows it stands for.
    const sums = await all<{ scope: string; views: number; visitors: number }>(
      `SELECT 'day:site' AS scope, sum(views) AS views, sum(visitors) AS visitors FROM insight_rollups WHERE day = '2031-02-20' AND scope = 'site'
       UNION ALL SELECT 'day:page', sum(views), sum(visitors) FROM insight_rollups WHERE day = '2031-02-20' AND scope = 'page'`,
    );
    expect(sums).toEqual([
      { scope: "day:site", views: 4, visitors: 2 },
      { scope: "day:page", views: 5, visitors: 4 },
    ]);
  });
});
