/**
 * What a broadcast's readers do with it (ADR 0025): clicks through the first-party redirect `/r/{token}` (counted once
 * per recipient and link, link scanners apart, never an open redirect), the web version `/newsletter/{slug}` from the
 * edge cache, and the person page's "Newsletter" block with its "Lift suppression" form. Real queue consumer, D1 and
 * KV; only MailChannels' send API is mocked.
 */
import { createMessageBatch, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleEmailBatch } from "~/email/consumer.server";
import { MAILCHANNELS_URL, type MailChannelsBody } from "~/email/transports.server";
import { broadcastStats, createBroadcast, startBroadcast, type BroadcastDraft } from "~/features/broadcasts/broadcasts.server";
import { VIEW_IN_BROWSER } from "~/features/broadcasts/broadcast.emails";
import { CLICK_MESSAGES, clickToken } from "~/features/broadcasts/clicks.server";
import { PERSON_NEWSLETTER_MESSAGES } from "~/features/broadcasts/person-newsletter.schema";
import { erasePersonalData } from "~/features/privacy/privacy.server";
import { emailHash } from "~/lib/audit.server";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cacheMode, postForm, recordingEnv, request } from "./helpers";

const admin = { id: "admin-1", email: "admin@localhost.test", address: "203.0.113.9" };
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const SCANNER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const draft = (over: Partial<BroadcastDraft> = {}): BroadcastDraft => ({
  subject: "Growth notes: December",
  preheader: "Two links worth your time",
  postId: null,
  title: "Two links worth your time",
  intro: "A short note from the team.",
  sections: [
    {
      type: "paragraph",
      text: "Read the [pricing guide](/blog/pricing) and the [app store page](https://apps.shopify.com/founder-leads).",
    },
    { type: "paragraph", text: "Write to [us](mailto:hello@example.com)." },
  ],
  segment: {},
  webVersion: false,
  ...over,
});

/** Confirmed subscribers, one row each. */
async function subscribers(...emails: string[]) {
  for (const email of emails) await make.newsletterSubscriber.create(env.DB, { email, status: "confirmed", confirmedAt: new Date(0) });
}

/** MailChannels' send API: 202, each body kept by recipient. */
function mailChannels() {
  const bodies = new Map<string, MailChannelsBody>();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    expect(String(input)).toBe(MAILCHANNELS_URL);
    const body = JSON.parse(String(init?.body)) as MailChannelsBody;
    bodies.set(body.personalizations[0]!.to[0]!.email, body);
    return new Response(null, { status: 202 });
  });
  return bodies;
}

/** Delivers every recorded message (and what they queue in turn) to the real consumer. */
async function drain(recorder: { env: Env; messages: unknown[] }) {
  for (let guard = 0; recorder.messages.length; guard++) {
    if (guard > 50) throw new Error("drain: messages keep coming");
    const body = recorder.messages.shift();
    const batch = createMessageBatch("founder-leads-email", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body }]);
    await handleEmailBatch(batch as never, recorder.env, {});
  }
}

/** Sends a broadcast to the subscribers through the queue; returns its id and each recipient's email. */
async function send(over: Partial<BroadcastDraft> = {}) {
  const bodies = mailChannels();
  const recorder = recordingEnv({ EMAIL_TRANSPORT: "mailchannels", MAILCHANNELS_API_KEY: "mc-test-key" });
  const id = await createBroadcast(recorder.env, draft(over), admin);
  expect((await startBroadcast(recorder.env, id, admin)).status).toBe("started");
  await drain(recorder);
  return { id, bodies };
}

const content = (body: MailChannelsBody | undefined) => {
  const [text, html] = body!.content;
  return { text: text!.value, html: html!.value };
};
/** The click links of an email's HTML, in order. */
const clickLinks = (html: string) => [...html.matchAll(/href="(http:\/\/localhost:8787\/r\/[^"]+)"/g)].map((m) => m[1]!);

const click = (url: string, userAgent: string | null = BROWSER) =>
  request(new URL(url).pathname, { headers: userAgent ? { "User-Agent": userAgent } : {}, redirect: "manual" });

/** The recipient's email handed to the provider a minute ago: later clicks are outside the scanners' window. */
const sentAMinuteAgo = (id: string) =>
  env.DB.prepare("UPDATE email_outbox SET sent_at = sent_at - 60000 WHERE broadcast_id = ?").bind(id).run();

const clickRows = (id: string) =>
  all<{ url: string; recipient: string; human_clicks: number; bot_clicks: number }>(
    "SELECT url, recipient, human_clicks, bot_clicks FROM broadcast_clicks WHERE broadcast_id = ? ORDER BY url, recipient",
    id,
  );

beforeEach(async () => {
  await env.DB.batch(
    ["newsletter_subscribers", "email_suppressions", "broadcasts", "email_outbox", "broadcast_clicks"].map((t) =>
      env.DB.prepare(`DELETE FROM ${t}`),
    ),
  );
});
afterEach(() => vi.restoreAllMocks());

const PRICING = "http://localhost:8787/blog/pricing";
const STORE = "https://apps.shopify.com/founder-leads";

describe("the click redirect", () => {
  it("rewrites the email's links through /r/ and leads each to its own link; mailto and unsubscribe stay as they are", async () => {
    await subscribers("ada@example.com");
    const { id, bodies } = await send();
    const { html, text } = content(bodies.get("ada@example.com"));

    const links = clickLinks(html);
    expect(links).toHaveLength(2);
    expect(html).not.toContain(`href="${PRICING}`);
    expect(html).not.toContain(`href="${STORE}`);
    expect(html).toContain('href="mailto:hello@example.com"');
    expect(html).toMatch(/href="http:\/\/localhost:8787\/unsubscribe\/newsletter\.[\w-]+"/);
    // The plain-text part carries the same redirects, and no campaign tags on them.
    expect(text).toContain(`pricing guide (${links[0]})`);
    expect(text).toContain(`app store page (${links[1]})`);
    expect(links[0]).not.toContain("utm_");
    // No web version chosen: no "View in browser".
    expect(html).not.toContain(VIEW_IN_BROWSER);

    await sentAMinuteAgo(id);
    const toPricing = await click(links[0]!);
    expect(toPricing.status).toBe(302);
    // The site's own link is tagged as a visit from the email (ADR 0022); another site's is left as it is.
    expect(toPricing.headers.get("Location")).toBe(`${PRICING}?utm_medium=email&utm_source=broadcast`);
    expect(toPricing.headers.get("Cache-Control")).toBe("no-store");
    const toStore = await click(links[1]!);
    expect(toStore.headers.get("Location")).toBe(STORE);
  });

  it("refuses a forged token (404) and a link the broadcast does not have (400), with a plain page and no redirect", async () => {
    await subscribers("bob@example.com");
    const { id, bodies } = await send();
    const [first] = clickLinks(content(bodies.get("bob@example.com")).html);
    const token = new URL(first!).pathname.split("/").pop()!;
    const [broadcastId, ref] = token.split(".") as [string, string];

    // The MAC altered, the link's number changed under the same MAC, another recipient named: all forged.
    const forged = [
      `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`,
      token.replace(`.${ref}.0.`, `.${ref}.1.`),
      token.replace(`.${ref}.`, ".someone-else."),
      "not-a-token",
    ];
    for (const t of forged) {
      const res = await click(`http://localhost:8787/r/${t}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("Location")).toBeNull();
      expect(await res.text()).toBe(CLICK_MESSAGES.invalid);
    }
    // Correctly signed, but the broadcast has no 8th link: no redirect to anywhere.
    const beyond = await click(`http://localhost:8787/r/${await clickToken(env, broadcastId, ref, 7)}`);
    expect(beyond.status).toBe(400);
    expect(beyond.headers.get("Location")).toBeNull();
    expect(await beyond.text()).toBe(CLICK_MESSAGES.notInBroadcast);
    // Signed for a broadcast that does not exist.
    expect((await click(`http://localhost:8787/r/${await clickToken(env, "no-such-broadcast", ref, 0)}`)).status).toBe(404);

    expect(await clickRows(id)).toEqual([]);
  });

  it("counts a click once per recipient and link, and a link scanner's apart (its user agent, or within seconds of delivery)", async () => {
    await subscribers("ann@example.com", "cal@example.com", "dee@example.com");
    const { id, bodies } = await send();
    const linksOf = (to: string) => clickLinks(content(bodies.get(to)).html);

    // Seconds after delivery: Cal's mail gateway opens both links with a browser's user agent.
    for (const link of linksOf("cal@example.com")) expect((await click(link)).status).toBe(302);
    await sentAMinuteAgo(id);
    // Ann clicks the guide three times, and the store once; Dee's scanner says what it is, then Dee clicks the guide.
    for (let i = 0; i < 3; i++) await click(linksOf("ann@example.com")[0]!);
    await click(linksOf("ann@example.com")[1]!);
    await click(linksOf("dee@example.com")[0]!, SCANNER);
    await click(linksOf("dee@example.com")[0]!, null);
    await click(linksOf("dee@example.com")[0]!);

    expect(await clickRows(id)).toEqual([
      { url: PRICING, recipient: "ann@example.com", human_clicks: 3, bot_clicks: 0 },
      { url: PRICING, recipient: "cal@example.com", human_clicks: 0, bot_clicks: 1 },
      { url: PRICING, recipient: "dee@example.com", human_clicks: 1, bot_clicks: 2 },
      { url: STORE, recipient: "ann@example.com", human_clicks: 1, bot_clicks: 0 },
      { url: STORE, recipient: "cal@example.com", human_clicks: 0, bot_clicks: 1 },
    ]);
    expect((await broadcastStats(env, { id, recipientCount: 3 })).clicks).toEqual([
      { url: PRICING, humans: 2, bots: 2 },
      { url: STORE, humans: 1, bots: 1 },
    ]);
  });

  it("lists the clicks as personal data: erasure removes the recipient's clicks, and their old link still leads on", async () => {
    await subscribers("eve@example.com", "fay@example.com");
    const { id, bodies } = await send();
    await sentAMinuteAgo(id);
    const [eveLink] = clickLinks(content(bodies.get("eve@example.com")).html);
    await click(eveLink!);
    await click(clickLinks(content(bodies.get("fay@example.com")).html)[0]!);

    await erasePersonalData(env, "Eve@Example.com", crypto.randomUUID(), admin);

    expect((await clickRows(id)).map((r) => r.recipient)).toEqual(["fay@example.com"]);
    const again = await click(eveLink!);
    expect(again.status).toBe(302);
    expect((await clickRows(id)).map((r) => r.recipient)).toEqual(["fay@example.com"]);
  });
});

describe("the web version", () => {
  it("shows a broadcast whose admin chose it once sending starts, from the edge cache, purged when it starts; the email links to it", async () => {
    await subscribers("gil@example.com");
    const bodies = mailChannels();
    const recorder = recordingEnv({ EMAIL_TRANSPORT: "mailchannels", MAILCHANNELS_API_KEY: "mc-test-key" });
    const id = await createBroadcast(recorder.env, draft({ webVersion: true }), admin);
    const [{ slug }] = (await all<{ slug: string }>("SELECT slug FROM broadcasts WHERE id = ?", id)) as [{ slug: string }];
    const path = `/newsletter/${slug}`;

    // A draft: not on the site, and the 404 is kept by the edge cache.
    expect((await request(path)).status).toBe(404);
    const cached = await request(path);
    expect(cached.status).toBe(404);
    expect(cacheMode(cached)).toBe("hit");

    await startBroadcast(recorder.env, id, admin);
    const page = await request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Two links worth your time");
    expect(html).toContain("A short note from the team.");
    // The one content renderer: the section's markup as links, the site's own relative.
    expect(html).toContain('href="/blog/pricing"');
    expect(html).toContain(`href="${STORE}"`);
    expect(cacheMode(await request(path))).toBe("hit");

    await drain(recorder);
    const { html: email, text } = content(bodies.get("gil@example.com"));
    expect(email).toContain(VIEW_IN_BROWSER);
    expect(email).toContain(`href="http://localhost:8787${path}?utm_medium=email&amp;utm_source=broadcast"`);
    expect(text).toContain(`${VIEW_IN_BROWSER}: http://localhost:8787${path}`);
  });

  it("is a 404 for a sent broadcast without a web version, and for an unknown slug", async () => {
    await subscribers("hal@example.com");
    const { id } = await send({ webVersion: false });
    const [{ slug }] = (await all<{ slug: string }>("SELECT slug FROM broadcasts WHERE id = ?", id)) as [{ slug: string }];
    expect((await request(`/newsletter/${slug}`)).status).toBe(404);
    expect((await request("/newsletter/no-such-newsletter")).status).toBe(404);
  });
});

describe("the person page's Newsletter block", () => {
  async function personWithNewsletter(email: string) {
    await subscribers(email);
    const { id, bodies } = await send({ subject: "Growth notes: person page" });
    await sentAMinuteAgo(id);
    await click(clickLinks(content(bodies.get(email)).html)[1]!);
    const person = await make.person.create(env.DB, { email });
    await make.emailSuppression.create(env.DB, { email, reason: "hard-bounce", detail: "550 5.1.1 mailbox unavailable" });
    return person.id;
  }

  it("lists the broadcasts received, the links clicked and the suppression; an admin lifts it, audit-logged", async () => {
    const email = `ivy-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const personId = await personWithNewsletter(email);
    const signedIn = await signedInAdmin();

    const html = await (await get(`/admin/dashboard/leads/${personId}`, signedIn.cookie)).text();
    expect(html).toContain(PERSON_NEWSLETTER_MESSAGES.title);
    expect(html).toContain("Growth notes: person page");
    expect(html).toContain(STORE);
    expect(html).toContain("Hard bounce");
    expect(html).toContain("550 5.1.1 mailbox unavailable");
    expect(html).toContain(PERSON_NEWSLETTER_MESSAGES.lift);

    const lifted = await postForm(
      `/admin/dashboard/leads/${personId}`,
      { intent: "suppression-lift" },
      {
        cookie: signedIn.cookie,
        headers: SAME_ORIGIN,
      },
    );
    expect(lifted.status).toBe(302);
    expect(lifted.headers.get("Location")).toBe(`/admin/dashboard/leads/${personId}`);
    expect(await all("SELECT email FROM email_suppressions WHERE email = ?", email)).toEqual([]);
    const entries = await all<{ action: string; actor_email: string; record_id: string; detail: string }>(
      "SELECT action, actor_email, record_id, detail FROM audit_log WHERE action = 'suppressions.lift' AND record_id = ?",
      personId,
    );
    expect(entries).toEqual([
      {
        action: "suppressions.lift",
        actor_email: signedIn.email,
        record_id: personId,
        detail: JSON.stringify({ email: await emailHash(env, email) }),
      },
    ]);
    const after = await (await get(`/admin/dashboard/leads/${personId}`, signedIn.cookie)).text();
    expect(after).toContain(PERSON_NEWSLETTER_MESSAGES.notSuppressed);

    // Lifted already (a second press, a stale page): nothing changes, nothing more is recorded.
    const again = await postForm(
      `/admin/dashboard/leads/${personId}`,
      { intent: "suppression-lift" },
      {
        cookie: signedIn.cookie,
        headers: SAME_ORIGIN,
      },
    );
    expect(again.status).toBe(302);
    expect(await all("SELECT id FROM audit_log WHERE action = 'suppressions.lift' AND record_id = ?", personId)).toHaveLength(1);
  });

  it("refuses the lift without an admin session, and from an admin whose role was taken away", async () => {
    const email = `jay-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const personId = await personWithNewsletter(email);

    const anonymous = await postForm(`/admin/dashboard/leads/${personId}`, { intent: "suppression-lift" }, { headers: SAME_ORIGIN });
    expect(anonymous.headers.get("Location") ?? "").not.toBe(`/admin/dashboard/leads/${personId}`);
    expect([302, 401, 403]).toContain(anonymous.status);

    const former = await signedInAdmin();
    await env.DB.prepare("DELETE FROM user_roles WHERE user_id = ?").bind(former.id).run();
    const refused = await postForm(
      `/admin/dashboard/leads/${personId}`,
      { intent: "suppression-lift" },
      {
        cookie: former.cookie,
        headers: SAME_ORIGIN,
      },
    );
    expect(refused.headers.get("Location") ?? "").not.toBe(`/admin/dashboard/leads/${personId}`);
    expect([302, 401, 403]).toContain(refused.status);

    expect(await all("SELECT reason FROM email_suppressions WHERE email = ?", email)).toEqual([{ reason: "hard-bounce" }]);
    expect(await all("SELECT id FROM audit_log WHERE action = 'suppressions.lift' AND record_id = ?", personId)).toEqual([]);
  });
});
