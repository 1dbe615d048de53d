import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_FORM_BYTES } from "~/lib/request.server";
import { all, burstUntilRefused, cookieFrom, envWithFailingBatch, freshIp, postForm, recordingEnv, request, waitFor } from "./helpers";

const SUCCESS = "You&#x27;re on the waitlist! We&#x27;ll notify you when the game launches.";

type Entry = { email: string };
type Outbox = { id: string; kind: string; recipient: string; status: string; attempts: number };

const entriesFor = (email: string) => all<Entry>("SELECT email FROM waitlist_entries WHERE email = ?", email);
const outboxFor = (email: string) =>
  all<Outbox>(
    "SELECT id, kind, recipient, status, attempts FROM email_outbox WHERE json_extract(payload, '$.email') = ? ORDER BY kind",
    email,
  );
const uniqueEmail = () => `player-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("waitlist without JavaScript", () => {
  it("stores the entry and its two emails in D1, queues them, and redirects back with the toast", async () => {
    const email = uniqueEmail();
    const rec = recordingEnv({}, { forward: true });
    const res = await postForm("/waitlist", { email: `  ${email.toUpperCase()} `, redirectTo: "/" }, { testEnv: rec.env });

    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(await entriesFor(email)).toEqual([{ email }]);

    const outbox = await outboxFor(email);
    expect(outbox.map((o) => [o.kind, o.recipient])).toEqual([
      ["waitlist-confirmation", email],
      ["waitlist-notice", env.NOTIFY_TO],
    ]);
    expect(rec.messages).toEqual(expect.arrayContaining(outbox.map((o) => ({ outboxId: o.id }))));
    expect(rec.messages).toHaveLength(2);

    // The page it redirects to shows the toast once.
    const cookie = cookieFrom(res);
    const page = await request("/", { headers: { Cookie: cookie } });
    expect(await page.text()).toContain(SUCCESS);
    expect(page.headers.get("Set-Cookie")).toMatch(/__toast=;.*Expires=Thu, 01 Jan 1970/);

    // The real consumer takes the messages off the real queue and sends through the log transport.
    const sent = await waitFor(async () => {
      const rows = await outboxFor(email);
      return rows.every((r) => r.status === "sent") && rows;
    });
    expect(sent.map((r) => r.attempts)).toEqual([1, 1]);
  });

  it("answers an empty email with 400 and the spec's message, storing nothing", async () => {
    const before = await all<{ n: number }>("SELECT count(*) AS n FROM email_outbox");
    const res = await postForm("/waitlist", { email: "   ", redirectTo: "/" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter your email");
    expect(await all("SELECT * FROM waitlist_entries WHERE email = ''")).toHaveLength(0);
    expect(await all<{ n: number }>("SELECT count(*) AS n FROM email_outbox")).toEqual(before);
  });

  it("answers a missing email field with 400", async () => {
    const res = await postForm("/waitlist", { redirectTo: "/" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Please enter your email");
  });

  it("answers a malformed email with 400, the message under the field and the value kept", async () => {
    const res = await postForm("/waitlist", { email: "not-an-email", redirectTo: "/" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter a valid email address");
    expect(html).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"|<input[^>]*value="not-an-email"[^>]*name="email"/);
    expect(await entriesFor("not-an-email")).toHaveLength(0);
  });

  it("escapes HTML and script typed into the field", async () => {
    const res = await postForm("/waitlist", { email: '<script>alert("x")</script>', redirectTo: "/" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).not.toContain('<script>alert("x")</script>');
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps one row when the same email joins twice, in any case, with the same answer", async () => {
    const email = uniqueEmail();
    const first = await postForm("/waitlist", { email, redirectTo: "/" });
    const second = await postForm("/waitlist", { email: ` ${email.toUpperCase()}  `, redirectTo: "/" });
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    const page = await request("/", { headers: { Cookie: cookieFrom(second) } });
    expect(await page.text()).toContain(SUCCESS);
    expect(await entriesFor(email)).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(2);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const email = uniqueEmail();
    const rec = recordingEnv();
    const res = await postForm("/waitlist", { email, website_url: "http://spam.example", redirectTo: "/" }, { testEnv: rec.env });
    expect(res.status).toBe(302);
    expect(await entriesFor(email)).toHaveLength(0);
    expect(await outboxFor(email)).toHaveLength(0);
    expect(rec.messages).toHaveLength(0);
  });

  it("refuses the 11th POST from one IP within a minute with 429", async () => {
    const ip = freshIp();
    let last = "";
    const { accepted, refused } = await burstUntilRefused(
      () => postForm("/waitlist", { email: (last = uniqueEmail()), redirectTo: "/" }, { ip }),
      10,
    );
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.text()).toContain("Too many attempts");
    expect(await entriesFor(last)).toHaveLength(0);
    // Another visitor is not affected.
    expect((await postForm("/waitlist", { email: uniqueEmail(), redirectTo: "/" })).status).toBe(302);
  });

  it("refuses an oversized body with 413 and stores nothing", async () => {
    const email = uniqueEmail();
    const res = await postForm("/waitlist", { email, redirectTo: "/", padding: "x".repeat(MAX_FORM_BYTES) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("more than this form accepts");
    expect(await entriesFor(email)).toHaveLength(0);
  });

  it("answers a JSON body (wrong type) with 400", async () => {
    const res = await request("/waitlist", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": freshIp() },
      body: JSON.stringify({ email: ["a", "b"] }),
    });
    expect(res.status).toBe(400);
  });

  it("answers hostile bodies cleanly: garbage conform JSON and huge list indexes", async () => {
    for (const path of ["/waitlist", "/contact", "/onboarding", "/lead-magnet"]) {
      const garbage = await postForm(path, { __intent__: "garbage{", email: "" });
      expect(garbage.status, path).toBeLessThan(500);
      const sparse = await postForm(path, { "x[99999999]": "1", "pricingPlans[5000000].name": "x", step: "3", intent: "next" });
      expect(sparse.status, path).toBeLessThan(500);
      expect((await sparse.text()).length, path).toBeLessThan(200_000);
    }
  });

  it("never redirects off-site", async () => {
    const res = await postForm("/waitlist", { email: uniqueEmail(), redirectTo: "//evil.example/x" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("keeps the lead when the queue is down: rows stay queued for the sweeper", async () => {
    const email = uniqueEmail();
    const rec = recordingEnv({}, { failSend: true });
    const res = await postForm("/waitlist", { email, redirectTo: "/" }, { testEnv: rec.env });
    expect(res.status).toBe(302);
    expect(await entriesFor(email)).toHaveLength(1);
    expect((await outboxFor(email)).map((o) => o.status)).toEqual(["queued", "queued"]);
  });

  it("shows the failure message, not a crash, when the database fails", async () => {
    const rec = recordingEnv({ DB: envWithFailingBatch().DB });
    const res = await postForm("/waitlist", { email: uniqueEmail(), redirectTo: "/" }, { testEnv: rec.env });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Failed to join waitlist. Please try again.");
    expect(rec.messages).toHaveLength(0);
  });
});
