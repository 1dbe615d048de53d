import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
// The built app's route manifest: every route the site really serves.
// build/server exists once the app is built (npm test builds first); @ts-expect-error would fail after a build.
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- see above
// @ts-ignore
import * as build from "../../build/server";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm, recordingEnv } from "./helpers";

type ManifestRoute = { id: string; path?: string; index?: boolean; parentId?: string; module: Record<string, unknown> };
const routes = (build as unknown as { routes: Record<string, ManifestRoute> }).routes;

function fullPath(route: ManifestRoute): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/\/:[^/]+/g, "/x").replace(/\/\*$/, "/x");
}

/**
 * The only admin pages open to signed-out people: sign-in and its second step
 * (which needs the pending state of a right password), the forgotten-password
 * form, and the reset and invitation links (the link is the credential).
 */
const OPEN_ADMIN_PAGES = [
  "/admin/login",
  "/admin/login/two-factor",
  "/admin/forgot-password",
  "/admin/reset-password/x",
  "/admin/invitation/x",
];

const adminRoutes = Object.values(routes).filter((r) => {
  const path = fullPath(r);
  return path.startsWith("/admin") || path.startsWith("/warm-leads");
});
const guarded = adminRoutes.filter((r) => !OPEN_ADMIN_PAGES.includes(fullPath(r)));

describe("every admin route refuses anonymous visitors (walks the route manifest)", () => {
  it("finds the admin routes", () => {
    expect(guarded.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        "routes/admin.dashboard",
        "routes/admin.dashboard.outbox",
        "routes/warm-leads",
        "routes/admin.inbox[.]csv",
        "routes/admin.audit",
        "routes/admin.audit[.]csv",
        "routes/admin.leads[.]csv",
        "routes/admin.dashboard.leads",
        "routes/admin.dashboard.leads_.$id",
      ]),
    );
  });

  it("opens exactly the sign-in, forgotten-password, reset and invitation pages to signed-out people", () => {
    expect(
      adminRoutes
        .map(fullPath)
        .filter((p) => OPEN_ADMIN_PAGES.includes(p))
        .sort(),
    ).toEqual([...OPEN_ADMIN_PAGES].sort());
  });

  it.each(OPEN_ADMIN_PAGES.map((p) => [p] as const))("%s: open without a session, and never a way into the dashboard", async (path) => {
    const res = await get(path);
    // A made-up link gets its clear page (410); the code page without a right password goes back to sign-in.
    expect([200, 302, 410]).toContain(res.status);
    if (res.status === 302) expect(res.headers.get("Location")).toBe("/admin/login");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__admin_session="))).toBe(false);
  });

  it.each(guarded.map((r) => [r.id, r] as const))("%s: anonymous GET and POST go to the login page", async (_id, route) => {
    expect(route.module.loader, `${route.id} must have a loader that calls requireAdminActor`).toBeTypeOf("function");
    const path = fullPath(route) + (route.index ? "?index" : "");
    const res = await get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");

    const post = await postForm(path, { intent: "anything" }, { headers: SAME_ORIGIN });
    if (route.module.action) {
      expect(post.status).toBe(302);
      expect(post.headers.get("Location")).toBe("/admin/login");
    } else {
      expect(post.status).toBe(405);
    }
  });
});

const uid = () => crypto.randomUUID().slice(0, 8);

describe("dashboard", () => {
  it("shows the seven counts as they are in D1", async () => {
    const admin = await signedInAdmin();
    const kw = make.keyword.build();
    await env.DB.batch([
      make.guide.statement(env.DB, { title: "Guide", orderIndex: 1 }),
      make.keyword.statement(env.DB, kw),
      make.lead.statement(
        env.DB,
        { keywordId: kw.id, storeName: "Shop", storeUrl: "https://a.example" },
        { keywordId: kw.id, storeName: "Shop 2", storeUrl: "https://b.example" },
      ),
      make.contentBlock.statement(env.DB),
    ]);
    const [counts] = await all<Record<string, number>>(
      `SELECT (SELECT count(*) FROM pages) pages, (SELECT count(*) FROM guides) guides, (SELECT count(*) FROM content_blocks) contentBlocks,
              (SELECT count(*) FROM qa_submissions) qa, (SELECT count(*) FROM blogs) blogs, (SELECT count(*) FROM keywords) keywords,
              (SELECT count(*) FROM leads) leads`,
    );
    expect(counts!.leads).toBeGreaterThanOrEqual(2);
    const html = await (await get("/admin/dashboard", admin.cookie)).text();
    for (const [key, n] of Object.entries(counts!)) {
      expect(html).toContain(`data-testid="count-${key}">${n}<`);
    }
  });

  it("has six tabs as real URLs, each answering 200 with its list or empty state", async () => {
    const admin = await signedInAdmin();
    const tabs = [
      ["/admin/dashboard", "Pages"],
      ["/admin/dashboard/guides", "Guides"],
      ["/admin/dashboard/content-blocks", "Content Blocks"],
      ["/admin/dashboard/qa", "Q&amp;A submissions"],
      ["/admin/dashboard/blogs", "Blog posts"],
      ["/admin/dashboard/lead-finder", "Lead Finder"],
      ["/admin/dashboard/leads", "Leads"],
    ];
    for (const [path, heading] of tabs) {
      const res = await get(path!, admin.cookie);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(`<h2 class="text-lg font-semibold">${heading}</h2>`);
    }
  });

  it("opens the Q&A tab on Pending, with counts for Pending, Published and All", async () => {
    const admin = await signedInAdmin();
    const title = `Pending question ${uid()}`;
    await make.qaSubmission.create(env.DB, { title, question: "q" });
    const [c] = await all<{ p: number; pub: number }>(
      "SELECT sum(status = 'pending') p, sum(status = 'published') pub FROM qa_submissions",
    );
    const html = await (await get("/admin/dashboard/qa", admin.cookie)).text();
    expect(html).toContain(title);
    expect(html).toContain(`Pending (${c!.p})`);
    expect(html).toContain(`Published (${c!.pub})`);
    expect(html).toContain(`All (${c!.p + c!.pub})`);
    const published = await (await get("/admin/dashboard/qa?status=published", admin.cookie)).text();
    expect(published).not.toContain(title);
  });

  it("shows the warm-leads intro to an admin", async () => {
    const admin = await signedInAdmin();
    const res = await get("/warm-leads", admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Find stores that are ready to buy");
  });
});

describe("the Inbox became the Leads tab", () => {
  it("sends the old Inbox and its export to the Leads list and its export, the kind as the form", async () => {
    const admin = await signedInAdmin();
    const tab = await get("/admin/dashboard/inbox?kind=premium", admin.cookie);
    expect(tab.status).toBe(301);
    expect(tab.headers.get("Location")).toBe("/admin/dashboard/leads?form=premium");
    const csv = await get("/admin/inbox.csv", admin.cookie);
    expect(csv.headers.get("Location")).toBe("/admin/leads.csv");
  });
});

describe("email outbox view", () => {
  it("lists emails with their status and re-queues a failed one on Resend", async () => {
    const admin = await signedInAdmin();
    const id = crypto.randomUUID();
    await make.outboxRow.create(env.DB, {
      id,
      kind: "waitlist-notice",
      recipient: "team@localhost.test",
      subject: `Failed mail ${id}`,
      payload: { email: "x@example.com" },
      status: "failed",
      attempts: 4,
      lastError: "MailChannels answered 500",
    });
    const html = await (await get("/admin/dashboard/outbox?status=failed", admin.cookie)).text();
    expect(html).toContain(`Failed mail ${id}`);
    expect(html).toContain("MailChannels answered 500");
    expect(html).toContain(`value="${id}"`);

    const rec = recordingEnv();
    const res = await postForm(
      "/admin/dashboard/outbox?status=failed",
      { intent: "resend", id },
      { cookie: admin.cookie, headers: SAME_ORIGIN, testEnv: rec.env },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard/outbox?status=failed");
    expect(rec.messages).toEqual([{ outboxId: id }]);
    expect(await all("SELECT status FROM email_outbox WHERE id = ?", id)).toEqual([{ status: "queued" }]);

    // A second Resend of the same (now queued) email does nothing.
    const again = await postForm(
      "/admin/dashboard/outbox",
      { intent: "resend", id },
      { cookie: admin.cookie, headers: SAME_ORIGIN, testEnv: rec.env },
    );
    expect(again.status).toBe(302);
    expect(rec.messages).toHaveLength(1);
  });

  it("answers an unknown intent with 400", async () => {
    const admin = await signedInAdmin();
    const res = await postForm("/admin/dashboard/outbox", { intent: "drop-table" }, { cookie: admin.cookie, headers: SAME_ORIGIN });
    expect(res.status).toBe(400);
  });
});

describe("leads chart on the dashboard", () => {
  it("shows leads per day by kind for the last 30 days, matching the rows in D1", async () => {
    const DAY = 86_400_000;
    const today = Math.floor(Date.now() / DAY) * DAY + 3_600_000;
    await env.DB.batch([
      make.waitlistEntry.statement(env.DB, { createdAt: new Date(today) }, { createdAt: new Date(today - 3 * DAY) }),
      make.newsletterSubscriber.statement(env.DB, { createdAt: new Date(today) }),
      make.contactMessage.statement(env.DB, { name: "Cy", message: "Hello there", createdAt: new Date(today - 40 * DAY) }),
    ]);
    const admin = await signedInAdmin();
    const html = await (await get("/admin/dashboard", admin.cookie)).text();
    expect(html).toContain("Leads per day, last 30 days");
    expect(html).toMatch(/<svg[^>]*role="img"/);
    // A row of the table: the date heads it, then the seven kinds and the total (each value in its own element).
    const row = (date: string) => {
      const m = new RegExp(`<time dateTime="${date}">${date}</time>.*?</th>(.*?)</tr>`).exec(html);
      return m ? [...m[1]!.matchAll(/>(\d+)</g)].map((x) => Number(x[1])) : null;
    };
    const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
    const since = Math.floor(Date.now() / DAY) * DAY - 29 * DAY;
    const sql = (table: string, from: number, to: number) =>
      env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE created_at >= ?1 AND created_at < ?2`)
        .bind(from, to)
        .first<{ n: number }>()
        .then((r) => r!.n);
    const dayStart = Math.floor(today / DAY) * DAY;
    const expected = await Promise.all(
      [
        "onboarding_submissions",
        "lead_magnet_submissions",
        "waitlist_entries",
        "newsletter_subscribers",
        "contact_messages",
        "premium_access_requests",
        "qa_submissions",
      ].map((t) => sql(t, dayStart, dayStart + DAY)),
    );
    expect(row(iso(today))).toEqual([...expected, expected.reduce((a, b) => a + b, 0)]);
    expect(row(iso(today - 3 * DAY))![2]).toBeGreaterThanOrEqual(1);
    // 40 days ago is outside the chart; the total is every lead since the first day shown.
    const sums = await Promise.all(
      [
        "onboarding_submissions",
        "lead_magnet_submissions",
        "waitlist_entries",
        "newsletter_subscribers",
        "contact_messages",
        "premium_access_requests",
        "qa_submissions",
      ].map((t) => sql(t, since, Date.now() + DAY)),
    );
    expect(html).toContain(`${sums.reduce((a, b) => a + b, 0)} in all`);
  });
});
