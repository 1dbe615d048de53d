/**
 * The broadcasts admin (/admin/broadcasts) through the worker with the real local D1, KV and queue: admins only;
 * the editor's messages (400, the typed values kept); a draft made from a blog post; the audience's count; the
 * preview as the pipeline's email, sandboxed; a test to the signed-in admin as one outbox row; schedule and cancel;
 * a second Send refused; an empty audience told. Every write has its audit row.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, postForm } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
let admin: { cookie: string; email: string };
let postId = "";
const campaign = `spring-${uid()}`;
const readers = [1, 2, 3].map((n) => `reader-${n}-${campaign}@example.com`);

beforeAll(async () => {
  admin = await signedInAdmin();
  const [post] = await make.blog.createMany(env.DB, [
    {
      title: "Pricing your Shopify app",
      slug: `pricing-${uid()}`,
      excerpt: "What worked for ten founders.",
      content: [{ type: "paragraph", text: "Start with **value**, then test." }],
      isPublished: true,
      publishedAt: new Date(),
    },
  ]);
  postId = post!.id;
  // Three confirmed subscribers whose first visit came from the campaign; one more outside it; one unconfirmed in it.
  await make.newsletterSubscriber.createMany(env.DB, [
    ...readers.map((email) => ({ email, status: "confirmed" as const, confirmedAt: new Date() })),
    { email: `outsider-${campaign}@example.com`, status: "confirmed" as const, confirmedAt: new Date() },
    { email: `pending-${campaign}@example.com`, status: "pending" as const },
  ]);
  await make.person.createMany(env.DB, [
    ...readers.map((email) => ({ email, firstUtmCampaign: campaign })),
    { email: `pending-${campaign}@example.com`, firstUtmCampaign: campaign },
  ]);
});

const post = (path: string, fields: Record<string, string>, cookie = admin.cookie) =>
  postForm(path, fields, { cookie, headers: SAME_ORIGIN, token: null });
const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/\s+/g, " ");
/** The toast a redirect carries, read on the page it leads to. */
async function toastAfter(res: Response): Promise<string> {
  expect(res.status).toBe(302);
  const page = await get(res.headers.get("Location")!, `${admin.cookie}; ${cookieFrom(res, "__toast")}`);
  return text(await page.text());
}
const fromPost = (over: Record<string, string> = {}) => ({
  intent: "save",
  subject: `Pricing notes ${uid()}`,
  preheader: "Ten founders on pricing",
  source: "post",
  postId,
  contentMode: "blocks",
  segmentCampaign: campaign,
  ...over,
});
/** A draft from the post to the campaign's three readers, made through the form; its id. */
async function draft(over: Record<string, string> = {}): Promise<string> {
  const res = await post("/admin/broadcasts/new", fromPost(over));
  expect(res.status).toBe(302);
  return res.headers.get("Location")!.split("/").pop()!;
}
const row = async (id: string) =>
  (
    await all<{ status: string; post_id: string | null; segment: string; web_version: number }>(
      "SELECT * FROM broadcasts WHERE id = ?1",
      id,
    )
  )[0];
const audit = (id: string) =>
  all<{ action: string; actor_email: string }>("SELECT action, actor_email FROM audit_log WHERE record_id = ?1 ORDER BY at", id);

describe("broadcasts admin: access", () => {
  it("sends visitors without an admin session to the login, and writes nothing for them", async () => {
    for (const path of ["/admin/broadcasts", "/admin/broadcasts/new"]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toContain("/admin/login");
    }
    const before = await all<{ n: number }>("SELECT count(*) AS n FROM broadcasts");
    const res = await postForm("/admin/broadcasts/new", fromPost(), { headers: SAME_ORIGIN, token: null });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/admin/login");
    expect(await all("SELECT count(*) AS n FROM broadcasts")).toEqual(before);

    const id = await draft();
    for (const path of [`/admin/broadcasts/${id}`, `/admin/broadcasts/${id}/email`]) {
      const anonymous = await get(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toContain("/admin/login");
    }
    const send = await postForm(`/admin/broadcasts/${id}`, { intent: "send" }, { headers: SAME_ORIGIN, token: null });
    expect(send.status).toBe(302);
    expect((await row(id))!.status).toBe("draft");
  });

  it("lists broadcasts by status and links the page from the admin's navigation", async () => {
    const id = await draft({ subject: `Listed ${campaign}` });
    const page = text(await (await get("/admin/broadcasts?status=draft", admin.cookie)).text());
    expect(page).toContain('href="/admin/broadcasts"');
    expect(page).toContain(`Listed ${campaign}`);
    expect(page).toContain(`href="/admin/broadcasts/${id}"`);
    expect(page).toContain("New broadcast");
    const sent = text(await (await get("/admin/broadcasts?status=sent", admin.cookie)).text());
    expect(sent).not.toContain(`Listed ${campaign}`);
  });
});

describe("broadcasts admin: the editor", () => {
  it("answers bad input with 400, every message under its field and the typed values kept, and stores nothing", async () => {
    const before = await all<{ n: number }>("SELECT count(*) AS n FROM broadcasts");
    const res = await post("/admin/broadcasts/new", {
      intent: "save",
      subject: "",
      preheader: "Kept <b>preheader</b>",
      source: "post",
      segmentCampaign: "x".repeat(101),
      segmentStatus: "nonsense",
    });
    expect(res.status).toBe(400);
    const page = text(await res.text());
    expect(page).toContain("Enter a subject");
    expect(page).toContain("Choose a published post");
    expect(page).toContain("Campaign must be at most 100 characters");
    expect(page).toContain("Choose one of the listed values");
    expect(page).toContain('value="Kept &lt;b&gt;preheader&lt;/b&gt;"');
    const written = await post("/admin/broadcasts/new", { ...fromPost(), source: "written", contentMode: "blocks" });
    expect(written.status).toBe(400);
    expect(text(await written.text())).toContain("Write the body: add at least one section");
    expect(await all("SELECT count(*) AS n FROM broadcasts")).toEqual(before);
  });

  it("makes a draft from a blog post with its audience and audit entry, and writes one with the section editor", async () => {
    const id = await draft({ webVersion: "on" });
    const saved = (await row(id))!;
    expect(saved).toMatchObject({ status: "draft", post_id: postId, web_version: 1 });
    expect(JSON.parse(saved.segment)).toEqual({ campaign });
    expect(await audit(id)).toEqual([{ action: "broadcasts.create", actor_email: admin.email }]);

    const written = await draft({
      source: "written",
      postId: "",
      title: "A note",
      "sections[0].type": "paragraph",
      "sections[0].text": "Hello **readers**",
    });
    const sections = await all<{ sections: string; post_id: string | null }>(
      "SELECT sections, post_id FROM broadcasts WHERE id = ?1",
      written,
    );
    expect(sections[0]!.post_id).toBeNull();
    expect(JSON.parse(sections[0]!.sections)).toEqual([{ type: "paragraph", text: "Hello **readers**" }]);

    // Saving again changes it, audited; the page shows the saved subject.
    const res = await post(`/admin/broadcasts/${id}`, fromPost({ subject: "Renamed pricing notes" }));
    expect(await toastAfter(res)).toContain("Draft saved");
    expect(text(await (await get(`/admin/broadcasts/${id}`, admin.cookie)).text())).toContain("Renamed pricing notes");
    expect((await audit(id)).map((a) => a.action)).toEqual(["broadcasts.create", "broadcasts.update"]);
  });

  it("shows the audience's count on the page, and counts the form's segment with Count without saving", async () => {
    const id = await draft();
    const page = text(await (await get(`/admin/broadcasts/${id}`, admin.cookie)).text());
    expect(page).toMatch(/data-testid="audience-count"[^>]*>.*?>3<\/span> subscribers would receive it now/);
    // Count with everything else half-typed: the count, the values kept, nothing saved.
    const res = await post(`/admin/broadcasts/${id}`, { intent: "count", subject: "", source: "post", segmentCampaign: "" });
    expect(res.status).toBe(200);
    const counted = text(await res.text());
    const everyone = (await all<{ n: number }>("SELECT count(*) AS n FROM newsletter_subscribers WHERE status = 'confirmed'"))[0]!.n;
    expect(counted).toMatch(new RegExp(`>${everyone.toLocaleString("en-US")}</span> subscribers would receive it now`));
    expect(counted).not.toContain("Enter a subject");
    expect(JSON.parse((await row(id))!.segment)).toEqual({ campaign });
  });
});

describe("broadcasts admin: preview, test, schedule and send", () => {
  it("previews the pipeline's email, sandboxed and framed by the site alone", async () => {
    const id = await draft();
    const res = await get(`/admin/broadcasts/${id}/email`, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(res.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    const html = await res.text();
    expect(html).toContain("Pricing your Shopify app");
    expect(html).toContain("<strong>value</strong>");
    expect(html).toContain("Read on the site");
    expect(html).toContain("1 Example Street");
    expect(html).toContain("/unsubscribe/");
    // Every other page may not be framed.
    expect((await get(`/admin/broadcasts/${id}`, admin.cookie)).headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("sends a test to the signed-in admin as one outbox row, audited", async () => {
    const id = await draft();
    const res = await post(`/admin/broadcasts/${id}`, { intent: "test" });
    expect(await toastAfter(res)).toContain(`Test email sent to ${admin.email}`);
    const rows = await all<{ recipient: string; kind: string; subject: string }>(
      "SELECT recipient, kind, subject FROM email_outbox WHERE kind = 'broadcast-test' AND json_extract(payload, '$.broadcastId') = ?1",
      id,
    );
    expect(rows).toEqual([
      { recipient: admin.email, kind: "broadcast-test", subject: expect.stringMatching(/^\[Test\] Pricing notes/) as string },
    ]);
    expect((await audit(id)).map((a) => a.action)).toEqual(["broadcasts.create", "broadcasts.test"]);
    expect((await row(id))!.status).toBe("draft");
  });

  it("schedules in the team's zone and cancels; a past time or a bad date is a 400 with its message", async () => {
    const id = await draft();
    const past = await post(`/admin/broadcasts/${id}`, { intent: "schedule", date: "2020-01-01", time: "09:00" });
    expect(past.status).toBe(400);
    expect(text(await past.text())).toContain("Choose a time in the future");
    const bad = await post(`/admin/broadcasts/${id}`, { intent: "schedule", date: "tomorrow", time: "25:00" });
    expect(bad.status).toBe(400);
    const badPage = text(await bad.text());
    expect(badPage).toContain("Choose a date (YYYY-MM-DD)");
    expect(badPage).toContain("Choose a time (HH:MM)");
    expect((await row(id))!.status).toBe("draft");

    const res = await post(`/admin/broadcasts/${id}`, { intent: "schedule", date: "2099-06-01", time: "09:30" });
    expect(await toastAfter(res)).toMatch(/Scheduled for 1 Jun 2099, 09:30 \(/);
    expect((await row(id))!.status).toBe("scheduled");
    // No longer a draft: its content cannot change.
    const edit = await post(`/admin/broadcasts/${id}`, fromPost({ subject: "Too late" }));
    expect(edit.status).toBe(409);
    expect(text(await edit.text())).toContain("This broadcast is no longer a draft");

    expect(await toastAfter(await post(`/admin/broadcasts/${id}`, { intent: "cancel" }))).toContain("Scheduled send cancelled");
    expect((await row(id))!.status).toBe("cancelled");
    const again = await post(`/admin/broadcasts/${id}`, { intent: "cancel" });
    expect(again.status).toBe(409);
    expect((await audit(id)).map((a) => a.action)).toEqual(["broadcasts.create", "broadcasts.schedule", "broadcasts.cancel"]);
  });

  it("sends now to the segment once: a second Send is refused with its message", async () => {
    const id = await draft();
    expect(await toastAfter(await post(`/admin/broadcasts/${id}`, { intent: "send" }))).toContain("Sending to 3 subscribers");
    expect((await row(id))!.status).toMatch(/^(sending|sent)$/);
    const again = await post(`/admin/broadcasts/${id}`, { intent: "send" });
    expect(again.status).toBe(409);
    expect(text(await again.text())).toContain("This broadcast is already sending or sent: it cannot be sent again.");
    expect((await audit(id)).filter((a) => a.action === "broadcasts.send")).toHaveLength(1);
    // Its page now shows its figures.
    const page = text(await (await get(`/admin/broadcasts/${id}`, admin.cookie)).text());
    expect(page).toContain("Recipients");
    expect(page).toContain("Unsubscribes");
  });

  it("tells the admin when nobody is in the audience, and sends nothing", async () => {
    const id = await draft({ segmentCampaign: `nobody-${uid()}` });
    expect(text(await (await get(`/admin/broadcasts/${id}`, admin.cookie)).text())).toContain("Nobody matches");
    const res = await post(`/admin/broadcasts/${id}`, { intent: "send" });
    expect(res.status).toBe(409);
    expect(text(await res.text())).toContain("Nobody is in this audience");
    expect((await row(id))!.status).toBe("draft");
    expect(await all("SELECT id FROM email_outbox WHERE broadcast_id = ?1", id)).toEqual([]);
  });
});
