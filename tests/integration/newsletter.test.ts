/**
 * The newsletter's double opt-in, the consent records of both lists, and the
 * one-click unsubscribe of every list email (ADR 0016). Requests go
 * through the real Worker; the email provider (MailChannels) is the only mock.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { MAILCHANNELS_URL, type MailChannelsBody } from "~/email/transports.server";
import { deleteUnconfirmedSignups } from "~/features/lead-capture/newsletter.server";
import { runRetention } from "~/features/privacy/retention.server";
import { NEWSLETTER_MESSAGES } from "~/features/lead-capture/lead-capture.messages";
import { PRIVACY_NOTICE } from "~/features/privacy/notice";
import { unseal } from "~/lib/encryption.server";
import { unsubscribeUrl } from "~/lib/list-unsubscribe.server";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, cookieFrom, ORIGIN, postForm, recordingEnv, request } from "./helpers";

const uid = () => crypto.randomUUID().slice(0, 8);
const newEmail = () => `reader-${uid()}@example.com`;
const DAY = 86_400_000;

type Subscriber = {
  id: string;
  status: string;
  confirm_token_hash: string | null;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
};
type Outbox = { id: string; kind: string; status: string; payload: string; last_error: string | null };

const subscriber = async (email: string) =>
  (
    await all<Subscriber>(
      "SELECT id, status, confirm_token_hash, confirmed_at, unsubscribed_at FROM newsletter_subscribers WHERE email = ?",
      email,
    )
  )[0];
const outboxFor = (email: string) =>
  all<Outbox>("SELECT id, kind, status, payload, last_error FROM email_outbox WHERE recipient = ? ORDER BY created_at, kind", email);
const consentsFor = (email: string) =>
  all<{ list: string; notice_version: string; given_at: number; withdrawn_at: number | null }>(
    "SELECT list, notice_version, given_at, withdrawn_at FROM consents WHERE email = ? ORDER BY given_at",
    email,
  );

/** Runs the real queue consumer on one outbox row. */
async function deliver(outboxId: string, testEnv: Env = env) {
  const batch = createMessageBatch("founder-leads-email", [
    { id: `msg-${outboxId}`, timestamp: new Date(), attempts: 1, body: { outboxId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

const mailchannelsEnv = { ...env, EMAIL_TRANSPORT: "mailchannels", MAILCHANNELS_API_KEY: "mc-test-key" };

/** Sends one row through MailChannels (its HTTP API mocked) and returns the request body. */
async function sendThroughMailChannels(outboxId: string): Promise<MailChannelsBody> {
  const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
  await deliver(outboxId, mailchannelsEnv);
  const call = fetchMock.mock.calls.find(([url]) => String(url) === MAILCHANNELS_URL);
  fetchMock.mockRestore();
  expect(call, "MailChannels was called").toBeDefined();
  return JSON.parse(String(call![1]?.body)) as MailChannelsBody;
}

/** Signs up and returns the confirmation link, read from the outbox row before it is sent. */
async function signUp(typed: string): Promise<{ res: Response; confirmUrl: string; outboxId: string }> {
  const res = await postForm("/newsletter", { email: typed, redirectTo: "/" }, { testEnv: recordingEnv().env });
  const rows = (await outboxFor(typed.trim().toLowerCase())).filter((r) => r.kind === "newsletter-confirm");
  const row = rows.at(-1)!;
  // Sealed in the row (ADR 0017): opened as the consumer opens it.
  const sealed = (JSON.parse(row.payload) as { confirmUrl: string }).confirmUrl;
  return { res, confirmUrl: await unseal(env, "email-link", sealed), outboxId: row.id };
}

const pathOf = (url: string) => new URL(url).pathname;
/** A POST as a mailbox provider sends it (RFC 8058): no cookie, no Origin, no CSRF token. */
const oneClick = (url: string, headers: Record<string, string> = {}) =>
  request(pathOf(url), {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
const post = (url: string) => request(pathOf(url), { method: "POST", body: new URLSearchParams(), redirect: "manual" });

async function confirmed(email: string): Promise<string> {
  const { confirmUrl } = await signUp(email);
  expect((await post(confirmUrl)).status).toBe(200);
  return confirmUrl;
}

afterEach(() => vi.restoreAllMocks());

describe("newsletter sign-up (double opt-in)", () => {
  it("stores the address unconfirmed with its consent and a confirmation email, and asks to confirm", async () => {
    const email = newEmail();
    const before = Date.now();
    const { res, confirmUrl } = await signUp(` ${email.toUpperCase()} `);
    expect(res.status).toBe(302);
    const page = await request("/", { headers: { Cookie: cookieFrom(res) } });
    expect(await page.text()).toContain("Almost there! Check your inbox and click the link to confirm your subscription.");

    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "pending", confirmed_at: null });
    expect(confirmUrl).toMatch(new RegExp(`^${ORIGIN}/newsletter/confirm/[\\w-]{40,}$`));
    // Only the token's hash is stored.
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirm_token_hash).not.toContain(confirmUrl.split("/").at(-1));

    const consents = await consentsFor(email);
    expect(consents).toEqual([
      { list: "newsletter", notice_version: PRIVACY_NOTICE.version, given_at: expect.any(Number), withdrawn_at: null },
    ]);
    expect(consents[0]!.given_at).toBeGreaterThanOrEqual(before);
    expect((await outboxFor(email)).map((r) => r.kind)).toEqual(["newsletter-confirm"]);
    // Not a person (a lead) until confirmed: the address may be anyone's.
    expect(await all("SELECT id FROM people WHERE email = ?", email)).toEqual([]);
  });

  it("sends the confirmation without List-Unsubscribe, and drops the link from the outbox row once sent", async () => {
    const email = newEmail();
    const { confirmUrl, outboxId } = await signUp(email);
    const body = await sendThroughMailChannels(outboxId);
    expect(body.personalizations).toEqual([{ to: [{ email }] }]);
    expect(body.content[0]!.value).toContain(confirmUrl);
    const [row] = await all<{ status: string; payload: string }>("SELECT status, payload FROM email_outbox WHERE id = ?", outboxId);
    expect(row!.status).toBe("sent");
    expect(JSON.parse(row!.payload)).toEqual({ email });
  });

  it("shows a button on a GET of the link and changes nothing; the POST confirms once, with one welcome email", async () => {
    const email = newEmail();
    const { confirmUrl } = await signUp(email);

    for (let i = 0; i < 2; i++) {
      const page = await request(pathOf(confirmUrl));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Confirm subscription");
      expect(html).toMatch(/<form[^>]*method="post"/);
    }
    expect((await subscriber(email))!.status).toBe("pending");

    // No cookie, no Origin: the link is the credential.
    const first = await post(confirmUrl);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("You&#x27;re subscribed");
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "confirmed", confirmed_at: expect.any(Number) });

    // Confirming again changes nothing and says the same.
    const again = await post(confirmUrl);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("You&#x27;re subscribed");
    expect((await subscriber(email))!.confirmed_at).toBe(row!.confirmed_at);
    expect((await outboxFor(email)).map((r) => r.kind)).toEqual(["newsletter-confirm", "newsletter-welcome"]);
    // Now a person, linked to the subscription.
    expect(
      await all(
        "SELECT s.form FROM person_submissions s JOIN people p ON p.id = s.person_id WHERE p.email = ? AND s.record_id = ?",
        email,
        row!.id,
      ),
    ).toEqual([{ form: "newsletter" }]);
  });

  it("refuses an expired link and a replaced one cleanly (410), confirming nothing", async () => {
    const email = newEmail();
    const { confirmUrl: first } = await signUp(email);
    const { confirmUrl: second } = await signUp(email);
    expect(second).not.toBe(first);

    const replaced = await post(first);
    expect(replaced.status).toBe(410);
    expect(await replaced.text()).toContain("This link is no longer valid");
    expect((await request(pathOf(first))).status).toBe(410);

    await env.DB.prepare("UPDATE newsletter_subscribers SET confirm_expires_at = ?2 WHERE email = ?1")
      .bind(email, Date.now() - 1000)
      .run();
    const expiredPage = await request(pathOf(second));
    expect(expiredPage.status).toBe(410);
    expect(await expiredPage.text()).toContain("This link has expired");
    const expired = await post(second);
    expect(expired.status).toBe(410);
    expect((await subscriber(email))!.status).toBe("pending");
    expect((await outboxFor(email)).filter((r) => r.kind === "newsletter-welcome")).toEqual([]);

    for (const bad of ["/newsletter/confirm/not-a-token", "/newsletter/confirm/" + "A".repeat(43)]) {
      expect((await request(bad)).status).toBe(410);
      expect((await post(ORIGIN + bad)).status).toBe(410);
    }
  });

  it("answers a confirmed address exactly like a new one, and emails it that it is already on the list, within the daily cap", async () => {
    const known = newEmail();
    await confirmed(known);
    const stranger = newEmail();
    const answer = async (email: string) => {
      const rec = recordingEnv();
      const res = await postForm("/newsletter", { email, redirectTo: "/" }, { testEnv: rec.env });
      expect(res.status).toBe(302);
      const page = await (await request("/", { headers: { Cookie: cookieFrom(res) } })).text();
      const js = await postForm("/newsletter", { email, redirectTo: "/", _js: "1" }, { testEnv: recordingEnv().env });
      return { location: res.headers.get("Location"), page, js: await js.text(), rec };
    };
    const forKnown = await answer(known);
    const forStranger = await answer(stranger);
    // What a visitor sees tells nothing: the same redirect, the same line, the same inline message.
    expect(forKnown.location).toBe(forStranger.location);
    expect(forKnown.page).toContain(NEWSLETTER_MESSAGES.success.replaceAll("'", "&#x27;"));
    expect(forStranger.page).toContain(NEWSLETTER_MESSAGES.success.replaceAll("'", "&#x27;"));
    expect(forKnown.page).not.toContain("You&#x27;re subscribed!");
    for (const { js } of [forKnown, forStranger]) {
      expect(js).toContain("Check your inbox and click the link to confirm your subscription.");
      expect(js).not.toContain("subscribed!");
    }

    // The subscriber's inbox says it: one email, on the list (with its unsubscribe link), queued like any other.
    const rows = await outboxFor(known);
    expect(rows.map((r) => `${r.kind} ${r.status}`).sort()).toEqual([
      // The JavaScript post: the fourth visitor email of the day to this address, capped (never sent).
      "newsletter-already-subscribed capped",
      "newsletter-already-subscribed queued",
      "newsletter-confirm queued",
      "newsletter-welcome queued",
    ]);
    const notice = rows.find((r) => r.kind === "newsletter-already-subscribed" && r.status === "queued")!;
    expect(forKnown.rec.messages).toEqual([{ outboxId: notice.id }]);
    const body = await sendThroughMailChannels(notice.id);
    expect(body.subject).toBe("You're already subscribed to Founder Leads growth notes");
    expect(body.personalizations[0]?.headers?.["List-Unsubscribe"]).toBe(`<${await unsubscribeUrl(env, "newsletter", known)}>`);
    // Nothing changed on the list: still confirmed, one consent.
    expect((await subscriber(known))?.status).toBe("confirmed");
    expect(await consentsFor(known)).toHaveLength(1);
  });

  it("with JavaScript, answers with the confirm message inline", async () => {
    const res = await postForm("/newsletter", { email: newEmail(), redirectTo: "/", _js: "1" }, { testEnv: recordingEnv().env });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Check your inbox and click the link to confirm your subscription.");
  });
});

describe("only confirmed addresses are subscribers", () => {
  it("leaves unconfirmed and unsubscribed addresses out of the admin's newsletter list, its CSV and the chart", async () => {
    const admin = await signedInAdmin();
    const pending = newEmail();
    const confirmedOne = newEmail();
    const leftOne = newEmail();
    await signUp(pending);
    await confirmed(confirmedOne);
    await confirmed(leftOne);
    await oneClick(await unsubscribeUrl(env, "newsletter", leftOne));

    const list = await (await get("/admin/dashboard/leads?form=newsletter", admin.cookie)).text();
    expect(list).toContain(confirmedOne);
    expect(list).not.toContain(pending);
    expect(list).not.toContain(leftOne);

    const csv = await get("/admin/leads.csv?form=newsletter", admin.cookie);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(confirmedOne);
    expect(text).not.toContain(pending);
    expect(text).not.toContain(leftOne);

    // The home's chart counts confirmed subscriptions only.
    const counted = await all<{ n: number }>(
      "SELECT count(*) AS n FROM newsletter_subscribers WHERE email IN (?1, ?2, ?3) AND status = 'confirmed'",
      pending,
      confirmedOne,
      leftOne,
    );
    expect(counted).toEqual([{ n: 1 }]);
  });
});

describe("list emails carry List-Unsubscribe (RFC 8058) and a visible link", () => {
  it("puts both headers in the MailChannels request and the same link in the text and HTML bodies", async () => {
    const email = newEmail();
    await confirmed(email);
    const welcome = (await outboxFor(email)).find((r) => r.kind === "newsletter-welcome")!;
    const body = await sendThroughMailChannels(welcome.id);
    const expected = await unsubscribeUrl(env, "newsletter", email);
    expect(body.personalizations).toEqual([
      {
        to: [{ email }],
        headers: {
          "List-Unsubscribe": `<${expected}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "List-Id": "Founder Leads newsletter <newsletter.localhost>",
        },
      },
    ]);
    expect(body.content[0]!.value).toContain(`Unsubscribe: ${expected}`);
    expect(body.content[1]!.value).toContain(`<a href="${expected}">Unsubscribe</a>`);
  });

  it("makes an absolute https link from SITE_URL in production", async () => {
    const url = await unsubscribeUrl(
      { ...env, ENVIRONMENT: "production", SITE_URL: "https://founderleads.example.com" },
      "waitlist",
      "A@Example.com ",
    );
    expect(url).toMatch(/^https:\/\/founderleads\.example\.com\/unsubscribe\/waitlist\.[\w-]+$/);
    await expect(
      unsubscribeUrl({ ...env, ENVIRONMENT: "production", SITE_URL: "http://x.example" }, "waitlist", "a@example.com"),
    ).rejects.toThrow(/https/);
  });

  it("prints the headers with the log transport", async () => {
    const email = newEmail();
    const joined = await postForm("/waitlist", { email, redirectTo: "/" }, { testEnv: recordingEnv().env });
    expect(joined.status).toBe(302);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const row = (await outboxFor(email)).find((r) => r.kind === "waitlist-confirmation")!;
    await deliver(row.id);
    const printed = log.mock.calls.map((c) => String(c[0])).find((line) => line.startsWith(`[email:log] to=${email}`));
    expect(printed).toContain(`List-Unsubscribe: <${await unsubscribeUrl(env, "waitlist", email)}>`);
    expect(printed).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});

describe("unsubscribing", () => {
  it("a GET of the link shows a button and never unsubscribes", async () => {
    const email = newEmail();
    await confirmed(email);
    const url = await unsubscribeUrl(env, "newsletter", email);
    for (let i = 0; i < 2; i++) {
      const page = await request(pathOf(url));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Stop sending newsletter emails to ${email}?`);
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);
    }
    expect((await subscriber(email))!.status).toBe("confirmed");
    expect((await consentsFor(email))[0]!.withdrawn_at).toBeNull();
  });

  it("the one-click POST, with no cookie, Origin or token, unsubscribes once and withdraws the consent", async () => {
    const email = newEmail();
    await confirmed(email);
    const url = await unsubscribeUrl(env, "newsletter", email);

    const first = await oneClick(url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("You&#x27;re unsubscribed");
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "unsubscribed", unsubscribed_at: expect.any(Number) });
    const [consent] = await consentsFor(email);
    expect(consent!.withdrawn_at).toEqual(row!.unsubscribed_at);

    // Again (a provider retrying, a second click): the same answer, nothing changes.
    const second = await oneClick(url);
    expect(second.status).toBe(200);
    expect((await subscriber(email))!.unsubscribed_at).toBe(row!.unsubscribed_at);
    expect((await consentsFor(email))[0]!.withdrawn_at).toBe(consent!.withdrawn_at);
    // And the page now says it is done, with no button.
    const page = await (await request(pathOf(url))).text();
    expect(page).toContain("You&#x27;re unsubscribed");
    expect(page).not.toMatch(/<button[^>]*>Unsubscribe<\/button>/);
  });

  it("accepts the one-click POST from another origin on this route only; other forms still refuse it", async () => {
    const email = newEmail();
    await confirmed(email);
    const url = await unsubscribeUrl(env, "newsletter", email);
    // Not the page's data request (its own button, with JavaScript): only the one-click document POST.
    expect((await oneClick(`${url}.data`, { Origin: "https://mail.provider.example" })).status).toBe(403);
    expect((await subscriber(email))!.status).toBe("confirmed");
    const res = await oneClick(url, { Origin: "https://mail.provider.example", Referer: "https://mail.provider.example/inbox" });
    expect(res.status).toBe(200);
    expect((await subscriber(email))!.status).toBe("unsubscribed");
    expect((await oneClick(url, { Origin: "null" })).status).toBe(200);
    const elsewhere = await postForm(
      "/newsletter",
      { email: newEmail(), redirectTo: "/" },
      { headers: { Origin: "https://evil.example" } },
    );
    expect(elsewhere.status).toBe(403);
  });

  it("refuses a link whose signature does not match, changing nothing", async () => {
    const email = newEmail();
    await confirmed(email);
    const url = await unsubscribeUrl(env, "newsletter", email);
    const other = newEmail();
    // Another address in the old link form, with this link's sealed part as its "signature"; this link for another list.
    const forged = `${url.replace(/newsletter\.[\w-]+$/, "")}newsletter.${btoa(other).replaceAll("=", "")}.${url.split(".").pop()}`;
    const otherList = url.replace("/unsubscribe/newsletter.", "/unsubscribe/waitlist.");
    // One character inside the sealed part changed (not the last ones, whose low bits base64 may not use).
    const tampered = url.slice(0, -10) + (url.at(-10) === "A" ? "B" : "A") + url.slice(-9);
    for (const bad of [forged, otherList, tampered, `${ORIGIN}/unsubscribe/nope`]) {
      expect((await oneClick(bad)).status).toBe(404);
      expect(await (await request(pathOf(bad))).text()).toContain("This unsubscribe link is not valid");
    }
    expect((await subscriber(email))!.status).toBe("confirmed");
  });

  it("sends no more list email after unsubscribing: unsent ones are cancelled, with the reason", async () => {
    const email = newEmail();
    await confirmed(email);
    const welcome = (await outboxFor(email)).find((r) => r.kind === "newsletter-welcome")!;
    expect(welcome.status).toBe("queued");
    await oneClick(await unsubscribeUrl(env, "newsletter", email));

    const [cancelled] = await all<{ status: string; attempts: number; last_error: string }>(
      "SELECT status, attempts, last_error FROM email_outbox WHERE id = ?",
      welcome.id,
    );
    expect(cancelled).toMatchObject({ status: "failed", last_error: "Not sent: the recipient unsubscribed from the list" });
    // The sweeper leaves it alone (no attempts left), so nothing is sent.
    const fetchMock = vi.spyOn(globalThis, "fetch");
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), mailchannelsEnv, ctx);
    await waitOnExecutionContext(ctx);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === MAILCHANNELS_URL)).toEqual([]);
    expect((await all<{ status: string }>("SELECT status FROM email_outbox WHERE id = ?", welcome.id))[0]!.status).toBe("failed");
  });

  it("an admin's Resend of a cancelled list email after unsubscribing still sends nothing", async () => {
    const email = newEmail();
    await confirmed(email);
    const welcome = (await outboxFor(email)).find((r) => r.kind === "newsletter-welcome")!;
    await oneClick(await unsubscribeUrl(env, "newsletter", email));
    const admin = await signedInAdmin();
    const resend = await postForm(
      "/admin/dashboard/outbox",
      { intent: "resend", id: welcome.id },
      { cookie: admin.cookie, headers: SAME_ORIGIN },
    );
    expect(resend.status).toBeLessThan(400);
    expect((await all<{ status: string }>("SELECT status FROM email_outbox WHERE id = ?", welcome.id))[0]!.status).toBe("queued");

    const fetchMock = vi.spyOn(globalThis, "fetch");
    await deliver(welcome.id, mailchannelsEnv);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === MAILCHANNELS_URL)).toEqual([]);
    const [row] = await all<{ status: string; last_error: string }>("SELECT status, last_error FROM email_outbox WHERE id = ?", welcome.id);
    expect(row).toEqual({ status: "failed", last_error: "Not sent: the recipient unsubscribed from the list" });
  });

  it("a later sign-up goes through opt-in again", async () => {
    const email = newEmail();
    await confirmed(email);
    await oneClick(await unsubscribeUrl(env, "newsletter", email));

    const { res, confirmUrl } = await signUp(email);
    expect(await (await request("/", { headers: { Cookie: cookieFrom(res) } })).text()).toContain("Check your inbox");
    expect((await subscriber(email))!.status).toBe("pending");
    expect((await outboxFor(email)).map((r) => r.kind)).toEqual(["newsletter-confirm", "newsletter-welcome", "newsletter-confirm"]);
    // A new consent; the withdrawn one stays as it was.
    expect((await consentsFor(email)).map((c) => c.withdrawn_at === null)).toEqual([false, true]);

    expect((await post(confirmUrl)).status).toBe(200);
    expect(await subscriber(email)).toMatchObject({ status: "confirmed", unsubscribed_at: null });
    expect((await outboxFor(email)).filter((r) => r.kind === "newsletter-welcome")).toHaveLength(2);
  });
});

describe("the waitlist", () => {
  it("records consent with the entry, unsubscribes by its link, and a later join sends again", async () => {
    const email = newEmail();
    expect((await postForm("/waitlist", { email, redirectTo: "/" }, { testEnv: recordingEnv().env })).status).toBe(302);
    expect(await consentsFor(email)).toEqual([
      { list: "waitlist", notice_version: PRIVACY_NOTICE.version, given_at: expect.any(Number), withdrawn_at: null },
    ]);

    const url = await unsubscribeUrl(env, "waitlist", email);
    expect(await (await request(pathOf(url))).text()).toContain(`Stop sending Founder Quest waitlist emails to ${email}?`);
    expect((await oneClick(url)).status).toBe(200);
    const [entry] = await all<{ unsubscribed_at: number | null }>("SELECT unsubscribed_at FROM waitlist_entries WHERE email = ?", email);
    expect(entry!.unsubscribed_at).toEqual(expect.any(Number));
    expect((await consentsFor(email))[0]!.withdrawn_at).toEqual(entry!.unsubscribed_at);
    // Its confirmation, still unsent, is cancelled; the team's notice is not a list email.
    const kinds = await all<{ kind: string; status: string }>(
      "SELECT kind, status FROM email_outbox WHERE json_extract(payload, '$.email') = ? ORDER BY kind",
      email,
    );
    expect(kinds).toEqual([
      { kind: "waitlist-confirmation", status: "failed" },
      { kind: "waitlist-notice", status: "queued" },
    ]);

    expect((await postForm("/waitlist", { email, redirectTo: "/" }, { testEnv: recordingEnv().env })).status).toBe(302);
    expect(
      (await all<{ unsubscribed_at: number | null }>("SELECT unsubscribed_at FROM waitlist_entries WHERE email = ?", email))[0]!
        .unsubscribed_at,
    ).toBeNull();
    expect(await consentsFor(email)).toHaveLength(2);
    expect(
      await all("SELECT kind FROM email_outbox WHERE json_extract(payload, '$.email') = ? AND status = 'queued' ORDER BY kind", email),
    ).toEqual([{ kind: "waitlist-confirmation" }, { kind: "waitlist-notice" }, { kind: "waitlist-notice" }]);
  });
});

describe("pruning unconfirmed sign-ups (cron)", () => {
  it("deletes sign-ups unconfirmed for RETENTION_UNCONFIRMED_SIGNUP_DAYS with their consents, with a fixed clock", async () => {
    const now = Date.UTC(2030, 0, 15, 12);
    const tag = uid();
    const seed = async (name: string, status: "pending" | "confirmed" | "unsubscribed", requestedDaysAgo: number, withdrawn = false) => {
      const email = `${name}-${tag}@example.com`;
      const at = new Date(now - requestedDaysAgo * DAY);
      await env.DB.batch([
        make.newsletterSubscriber.statement(env.DB, { email, status, requestedAt: at, createdAt: at }),
        make.consent.statement(env.DB, { email, list: "newsletter", noticeVersion: "v", givenAt: at, withdrawnAt: withdrawn ? at : null }),
      ]);
      return email;
    };
    const old = await seed("old", "pending", 8);
    const edge = await seed("edge", "pending", 6.9);
    const oldConfirmed = await seed("kept", "confirmed", 30);
    const oldLeft = await seed("left", "unsubscribed", 30, true);
    const rows = () =>
      all<{ email: string }>("SELECT email FROM newsletter_subscribers WHERE email LIKE ? ORDER BY email", `%-${tag}@example.com`).then(
        (r) => r.map((x) => x.email),
      );
    const consentRows = () =>
      all<{ email: string }>("SELECT email FROM consents WHERE email LIKE ? ORDER BY email", `%-${tag}@example.com`).then((r) =>
        r.map((x) => x.email),
      );

    expect((await runRetention(env, now)).unconfirmedSignups).toBeGreaterThanOrEqual(1);
    expect(await rows()).toEqual([edge, oldConfirmed, oldLeft].sort());
    expect(await consentRows()).toEqual([edge, oldConfirmed, oldLeft].sort());
    expect(await all("SELECT id FROM newsletter_subscribers WHERE email = ?", old)).toEqual([]);

    // One bounded step deletes at most `limit` sign-ups, oldest first.
    const younger = await seed("younger", "pending", 5);
    expect(await deleteUnconfirmedSignups(env.DB, now - 4 * DAY, 1)).toBe(1);
    expect(await rows()).toEqual([oldConfirmed, oldLeft, younger].sort());
    expect(await consentRows()).toEqual([oldConfirmed, oldLeft, younger].sort());

    // A shorter setting reaches the younger one; confirmed and unsubscribed rows are never pruned.
    await runRetention({ ...env, RETENTION_UNCONFIRMED_SIGNUP_DAYS: "3" }, now);
    expect(await rows()).toEqual([oldConfirmed, oldLeft].sort());
  });
});
