import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUIDE_CACHE_KEY, GUIDE_FRESH_MS, GUIDE_LOCK_KEY, MAX_DOC_BYTES, type CachedGuide } from "~/features/playbooks/guide/guide.server";
import doc from "../fixtures/google-docs/modern-headings-and-paragraphs.html?raw";
import { all, cookieFrom, envWithFailingBatch, postForm, purgeEdge, recordingEnv, request } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const esc = (s: string) => s.replaceAll("'", "&#x27;");
const GUIDE = "/playbook/Shopify-App-Launch-and-Scaling-Playbook/final-guide";
const DOC_URL = "https://docs.google.com/document/d/test-doc/export?format=html";
const guideEnv = { ...env, GUIDE_DOC_URL: DOC_URL };

async function outboxFor(email: string) {
  return all<{ kind: string; recipient: string }>(
    "SELECT kind, recipient FROM email_outbox WHERE json_extract(payload, '$.email') = ? ORDER BY kind",
    email,
  );
}

describe("the final guide", () => {
  const html = (body: string, init: ResponseInit = {}) =>
    new Response(body, { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers } });
  /** A minute later: the lock a failed or running refresh leaves has expired. */
  const aMinuteLater = () => env.CACHE.delete(GUIDE_LOCK_KEY);

  beforeEach(async () => {
    await env.CACHE.delete(GUIDE_CACHE_KEY);
    await aMinuteLater();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("fetches the remote document, serves it transformed in the HTML, and caches it in KV", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(html(doc));
    const res = await request(GUIDE, {}, guideEnv);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe(DOC_URL);
    // The document's top-level heading is an h2 with a slug id, and listed in the contents.
    expect(page).toMatch(/<h2 id="heading-1">\s*Heading 1\s*<\/h2>/);
    expect(page).toContain('href="#heading-1"');
    expect(page).toContain("Another paragraph in the middle.");
    expect(page).not.toContain("Loading guide");
    expect(page).toContain("Directory: where to go next");
    expect(await env.CACHE.get(GUIDE_LOCK_KEY)).toBeNull();
    const cached = await env.CACHE.get<CachedGuide>(GUIDE_CACHE_KEY, "json");
    expect(cached?.html).toContain("Another paragraph in the middle.");
    expect(cached?.toc[0]?.text).toBe("Heading 1");
  });

  it("serves a fresh cached copy without calling the remote", async () => {
    await env.CACHE.put(
      GUIDE_CACHE_KEY,
      JSON.stringify({
        html: '<h2 id="cached">Cached copy</h2>',
        toc: [{ id: "cached", text: "Cached copy", level: 2, children: [] }],
        title: null,
        fetchedAt: Date.now(),
      }),
    );
    const fetchMock = vi.spyOn(globalThis, "fetch");
    const html = await (await request(GUIDE, {}, guideEnv)).text();
    expect(html).toContain("Cached copy");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("serves a copy older than an hour at once and refreshes it after the response; the last good copy survives an outage", async () => {
    const old = Date.now() - GUIDE_FRESH_MS - 1000;
    await env.CACHE.put(
      GUIDE_CACHE_KEY,
      JSON.stringify({
        html: '<h2 id="old">Last good copy</h2>',
        toc: [{ id: "old", text: "Last good copy", level: 2, children: [] }],
        title: null,
        fetchedAt: old,
      }),
    );
    const remote = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("Service Unavailable", { status: 503 }));
    const res = await request(GUIDE, {}, guideEnv);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Last good copy");
    expect(remote).toHaveBeenCalledTimes(1); // the refresh, after the response
    expect((await env.CACHE.get<CachedGuide>(GUIDE_CACHE_KEY, "json"))?.fetchedAt).toBe(old);

    // Within the minute after a failure, nobody tries the remote again. (Each view below renders the page: the
    // edge cache's copy is purged first, so the loader's own cache is what is tested.)
    await purgeEdge("final-guide");
    expect(await (await request(GUIDE, {}, guideEnv)).text()).toContain("Last good copy");
    expect(remote).toHaveBeenCalledTimes(1);

    // Later, the remote is back: this view still gets the old copy, the next one the new.
    await aMinuteLater();
    remote.mockResolvedValue(html(doc));
    await purgeEdge("final-guide");
    expect(await (await request(GUIDE, {}, guideEnv)).text()).toContain("Last good copy");
    await purgeEdge("final-guide");
    expect(await (await request(GUIDE, {}, guideEnv)).text()).toContain("Another paragraph in the middle.");
    expect((await env.CACHE.get<CachedGuide>(GUIDE_CACHE_KEY, "json"))!.fetchedAt).toBeGreaterThan(old);
  });

  it("serves the bundled guide when the remote is down and nothing is cached", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Network connection lost"));
    const res = await request(GUIDE, {}, guideEnv);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("The Shopify App Launch &amp; Scaling Playbook");
    expect((page.match(/<h2 id="/g) ?? []).length).toBeGreaterThanOrEqual(6);
    expect(await env.CACHE.get(GUIDE_CACHE_KEY)).toBeNull();
  });

  it.each([
    ["a page without headings", () => html("<html><body><p>Nothing here</p></body></html>")],
    [
      "a redirect to Google's sign-in page",
      () =>
        Object.defineProperty(html("<html><body><h1>Sign in</h1><p>to continue to Docs</p></body></html>"), "url", {
          value: "https://accounts.google.com/ServiceLogin",
        }),
    ],
    ["something that is not HTML", () => new Response("<h1>Heading</h1>", { headers: { "Content-Type": "application/json" } })],
    ["a document over the size cap", () => html(`<h1>Big</h1>${"<p>x</p>".repeat(MAX_DOC_BYTES / 8 + 1)}`)],
  ])("never caches %s: the bundled guide is served instead", async (_name, response) => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(response());
    const page = await (await request(GUIDE, {}, guideEnv)).text();
    expect(page).toContain("Validate demand before you write code");
    expect(page).not.toContain("Sign in");
    expect(await env.CACHE.get(GUIDE_CACHE_KEY)).toBeNull();
  });

  it("offers the PDF, the booking link and, after the landing form, the spreadsheet", async () => {
    const html = await (await request(GUIDE)).text();
    expect(html).toContain(`href="${env.PLAYBOOK_PDF_URL}"`);
    expect(html).toContain(`href="${env.SCHEDULER_URL}"`);
    expect((html.match(/Book a free consultation/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(html).not.toContain("Your spreadsheet is ready");
    const welcome = await (await request(`${GUIDE}?welcome`)).text();
    expect(welcome).toContain("Your spreadsheet is ready");
    expect(welcome).toContain(`href="${env.PLAYBOOK_XLSX_URL}"`);
  });

  it("answers /playbook with a redirect to the landing page", async () => {
    const res = await request("/playbook", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe("/Shopify-App-Launch-and-Scaling-Playbook");
  });
});

describe("the playbook landing form", () => {
  const good = (email: string) => ({ firstName: "Ada", email, appUrl: "https://apps.shopify.com/ada", phone: "+1 (555) 010-2030" });

  it("stores the lead with source, page and phone, queues both emails, and goes to the guide", async () => {
    const email = `landing-${uid()}@example.com`;
    const rec = recordingEnv();
    const res = await postForm("/Shopify-App-Launch-and-Scaling-Playbook", good(email), { testEnv: rec.env });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${GUIDE}?welcome`);
    expect(await all("SELECT first_name, app_url, phone, source, page, type FROM lead_magnet_submissions WHERE email = ?", email)).toEqual([
      {
        first_name: "Ada",
        app_url: "https://apps.shopify.com/ada",
        phone: "+1 (555) 010-2030",
        source: "playbook-landing",
        page: "/Shopify-App-Launch-and-Scaling-Playbook",
        type: null,
      },
    ]);
    expect(await outboxFor(email)).toEqual([
      { kind: "leadmagnet-notice", recipient: env.NOTIFY_TO },
      { kind: "leadmagnet-visitor", recipient: email },
    ]);
    expect(rec.messages).toHaveLength(2);
    const toast = await request(res.headers.get("Location")!, { headers: { Cookie: cookieFrom(res) } });
    expect(esc(await toast.text())).toContain(esc("You're in!"));
  });

  it("answers with data when JavaScript posts it", async () => {
    const email = `landing-js-${uid()}@example.com`;
    const res = await postForm("/Shopify-App-Launch-and-Scaling-Playbook", { ...good(email), _js: "1" });
    expect(res.status).toBe(200);
    expect(await all("SELECT id FROM lead_magnet_submissions WHERE email = ?", email)).toHaveLength(1);
  });

  it("gives the spec's messages, keeps what was typed, and stores nothing", async () => {
    const email = `bad-${uid()}@example.com`;
    const res = await postForm("/Shopify-App-Launch-and-Scaling-Playbook", {
      firstName: "A",
      email: "nope",
      appUrl: "apps.shopify.com",
      phone: "call me",
    });
    expect(res.status).toBe(400);
    const html = esc(await res.text());
    for (const m of [
      "Please enter your first name",
      "Enter a valid email",
      "Please enter a valid URL starting with https://",
      "Please enter a valid phone number",
    ]) {
      expect(html).toContain(esc(m));
    }
    expect(html).toContain('value="call me"');
    const noPhone = await postForm("/Shopify-App-Launch-and-Scaling-Playbook", { ...good(email), phone: "" });
    expect(noPhone.status).toBe(302);
    expect(await all("SELECT phone FROM lead_magnet_submissions WHERE email = ?", email)).toEqual([{ phone: null }]);
  });

  it("shows 'Please try again' when storage fails", async () => {
    const broken = envWithFailingBatch();
    const res = await postForm("/Shopify-App-Launch-and-Scaling-Playbook", good(`down-${uid()}@example.com`), { testEnv: broken });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Please try again");
  });
});

describe("premium access requests", () => {
  const good = (email: string) => ({ firstName: "Grace", email, company: "Hopper Apps", accessTiming: "this-week" });

  it("stores the request, queues the requester's and the team's emails, and shows the submitted view", async () => {
    const email = `premium-${uid()}@example.com`;
    const rec = recordingEnv();
    const res = await postForm("/playbooks/premium", good(email), { testEnv: rec.env });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/playbooks/premium?submitted");
    expect(await all("SELECT first_name, company, access_timing FROM premium_access_requests WHERE email = ?", email)).toEqual([
      { first_name: "Grace", company: "Hopper Apps", access_timing: "this-week" },
    ]);
    expect(await outboxFor(email)).toEqual([
      { kind: "premium-notice", recipient: env.NOTIFY_TO },
      { kind: "premium-requester", recipient: email },
    ]);
    expect(rec.messages).toHaveLength(2);
    const page = await (await request(res.headers.get("Location")!, { headers: { Cookie: cookieFrom(res) } })).text();
    expect(page).toContain("Request Submitted!");
    expect(page).toContain("within 24 hours");
  });

  it("gives every message at once and stores nothing", async () => {
    const res = await postForm("/playbooks/premium", { firstName: " ", email: "x@", company: "", accessTiming: "tomorrow" });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const m of [
      "First name is required",
      "Please enter a valid email address",
      "Company is required",
      "Please select when you need access",
    ]) {
      expect(html).toContain(m);
    }
    expect(await all("SELECT id FROM premium_access_requests WHERE email = 'x@'")).toHaveLength(0);
  });

  it("says where to write when storage fails", async () => {
    const broken = envWithFailingBatch();
    const res = await postForm("/playbooks/premium", good(`p-down-${uid()}@example.com`), { testEnv: broken });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain(`Please try again or email us directly at ${env.CONTACT_EMAIL}`);
  });

  it("renders the hub: stats, the free checklist, six premium playbooks and the $197 academy, each Unlock leading to the form", async () => {
    const html = await (await request("/playbooks")).text();
    for (const t of [
      "Pre-Launch Playbook",
      "Launch Strategy",
      "Post-Launch Growth",
      "Shopify App Scaling Blueprint",
      "Lead Generation Mastery",
      "Revenue Optimization Framework",
    ]) {
      expect(html).toContain(t);
    }
    expect(html).toContain("$197");
    expect(html).toContain('href="/shopify-app-marketing-checklist"');
    expect(html).toContain('href="/Shopify-App-Launch-and-Scaling-Playbook"');
    expect(html).toContain('href="/contact"');
    // The hero, the six cards and the academy block.
    expect((html.match(/href="\/playbooks\/premium"/g) ?? []).length).toBe(8);
  });
});

describe("the marketing checklist", () => {
  it("shows only section names until unlocked", async () => {
    const html = await (await request("/shopify-app-marketing-checklist")).text();
    expect(html).toContain("Unlock all 69 points");
    expect(html).toContain("App Store optimizations");
    expect(html).not.toContain("Your checklist");
    // The points themselves are not in the page (nor in its hydration data) before the unlock.
    expect(html).not.toContain("Pair your brand name with one clear descriptor");
  });

  it("stores an email-only lead, queues both emails, and remembers the unlock in a cookie", async () => {
    const email = `checklist-${uid()}@example.com`;
    const rec = recordingEnv();
    const res = await postForm("/shopify-app-marketing-checklist", { email }, { testEnv: rec.env });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/shopify-app-marketing-checklist");
    expect(await all("SELECT first_name, app_url, source, type, page FROM lead_magnet_submissions WHERE email = ?", email)).toEqual([
      { first_name: "", app_url: "", source: "checklist-page", type: "marketing-checklist", page: "/shopify-app-marketing-checklist" },
    ]);
    expect(await outboxFor(email)).toEqual([
      { kind: "checklist-visitor", recipient: email },
      { kind: "leadmagnet-notice", recipient: env.NOTIFY_TO },
    ]);
    expect(rec.messages).toHaveLength(2);

    const unlockCookie = cookieFrom(res, "__checklist");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("__checklist="))).toMatch(/HttpOnly/i);
    const page = await (
      await request("/shopify-app-marketing-checklist", { headers: { Cookie: `${unlockCookie}; ${cookieFrom(res, "__toast")}` } })
    ).text();
    expect(page).toContain("Checklist ready");
    expect(page).toContain("Your checklist");
    expect((page.match(/<li class="flex gap-4">/g) ?? []).length).toBe(69);
    // A returning visitor sees it again; a forged cookie does not.
    expect(await (await request("/shopify-app-marketing-checklist", { headers: { Cookie: unlockCookie } })).text()).toContain(
      "Your checklist",
    );
    expect(await (await request("/shopify-app-marketing-checklist", { headers: { Cookie: "__checklist=unlocked" } })).text()).not.toContain(
      "Your checklist",
    );
  });

  it("sets the cookie on the data answer too (JavaScript)", async () => {
    const res = await postForm("/shopify-app-marketing-checklist", { email: `cl-js-${uid()}@example.com`, _js: "1" });
    expect(res.status).toBe(200);
    expect(cookieFrom(res, "__checklist")).toMatch(/^__checklist=/);
  });

  it("refuses a missing or invalid email with 400 and no cookie", async () => {
    for (const email of ["", "not-an-email"]) {
      const res = await postForm("/shopify-app-marketing-checklist", { email });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(email ? "Please enter a valid email address" : "Please enter your email");
      expect(res.headers.getSetCookie().some((c) => c.startsWith("__checklist="))).toBe(false);
    }
  });

  it("says 'Something went wrong' when storage fails", async () => {
    const broken = envWithFailingBatch();
    const res = await postForm("/shopify-app-marketing-checklist", { email: `cl-down-${uid()}@example.com` }, { testEnv: broken });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Something went wrong. Please try again.");
  });
});
