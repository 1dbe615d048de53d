/**
 * Forms that cannot be used against strangers (ADR 0015): the
 * Turnstile token verified before anything is stored, the signed time stamp
 * and tighter limit without a token, and the daily cap of visitor emails per
 * address. siteverify is the edge of the world: stubbed (siteverify-stub.ts).
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { PRIVACY_NOTICE } from "~/features/privacy/notice";
import { sweepOutbox } from "~/email/sweeper.server";
import { CONTACT_MESSAGES } from "~/features/lead-capture/lead-capture.messages";
import { formStamp, GUARD_MESSAGES, STAMP_MAX_AGE_MS } from "~/lib/form-guard.server";
import * as make from "../factories";
import { all, envLosingAnswers, envWithFailingBatch, freshIp, postForm, recordingEnv, request } from "./helpers";
import { get, signedInAdmin } from "./admin-helpers";
import { answers } from "./onboarding-answers";
import { FAILING_SECRET, siteverifyCalls, siteverifyState, TEST_TOKEN } from "./siteverify-stub";

const uid = () => crypto.randomUUID().slice(0, 8);
/** HTML escapes apostrophes as &#x27;. */
const html = (text: string) => text.replaceAll("'", "&#x27;");
const lead = (email: string) => ({ firstName: "Grace", email, appUrl: "https://apps.shopify.com/grace", redirectTo: "/" });
const leadRows = (email: string) => all("SELECT email FROM lead_magnet_submissions WHERE lower(email) = lower(?)", email);
const stampAged = (ms: number) => formStamp(env, Date.now() - ms);

afterEach(() => {
  siteverifyState.down = false;
});

describe("with a Turnstile token", () => {
  it("verifies it with siteverify (secret, token, client address) and stores the lead", async () => {
    const email = `tok-${uid()}@example.com`;
    const ip = freshIp();
    const res = await postForm("/lead-magnet", lead(email), { ip });
    expect(res.status).toBe(302);
    expect(await leadRows(email)).toHaveLength(1);
    expect(siteverifyCalls.at(-1)).toEqual({ secret: env.TURNSTILE_SECRET_KEY, response: TEST_TOKEN, remoteip: ip });
  });

  it("refuses a token that fails verification with the message, 400, keeping what was typed, storing nothing", async () => {
    const email = `badtok-${uid()}@example.com`;
    const before = await all<{ n: number }>("SELECT count(*) AS n FROM email_outbox");
    // A fresh, old-enough stamp too: a failed token is refused, never passed on to the no-token path.
    const res = await postForm(
      "/lead-magnet",
      { ...lead(email), _stamp: await stampAged(5_000) },
      { testEnv: { ...env, TURNSTILE_SECRET_KEY: FAILING_SECRET } },
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain(html(GUARD_MESSAGES.turnstileFailed));
    expect(page).toContain(`value="${email}"`);
    expect(await leadRows(email)).toHaveLength(0);
    expect(await all<{ n: number }>("SELECT count(*) AS n FROM email_outbox")).toEqual(before);
  });

  it("falls back to the time stamp when siteverify does not answer", async () => {
    siteverifyState.down = true;
    const email = `down-${uid()}@example.com`;
    const refused = await postForm("/lead-magnet", lead(email));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(GUARD_MESSAGES.stale));
    const res = await postForm("/lead-magnet", { ...lead(email), _stamp: await stampAged(3_000) });
    expect(res.status).toBe(302);
    expect(await leadRows(email)).toHaveLength(1);
  });
});

describe("without a token (JavaScript off, script blocked)", () => {
  it("stores the lead when the page's signed stamp is between 2 s and a day old", async () => {
    const email = `stamp-${uid()}@example.com`;
    const calls = siteverifyCalls.length;
    const res = await postForm("/lead-magnet", { ...lead(email), _stamp: await stampAged(2_500) }, { token: null });
    expect(res.status).toBe(302);
    expect(await leadRows(email)).toHaveLength(1);
    expect(siteverifyCalls).toHaveLength(calls);
  });

  it("refuses a post too soon after the page, one too old, a forged and a missing stamp: 400, asking to try again", async () => {
    const email = `fast-${uid()}@example.com`;
    const forged = (await stampAged(5_000)).replace(/\.(.)/, (_, c: string) => `.${c === "A" ? "B" : "A"}`);
    // Each stamp is made just before its post, and the later "too soon" one 1 s old, so a busy machine's delay between
    // the two does not age it past the 2 s.
    const cases: [() => Promise<string | undefined>, string][] = [
      [() => stampAged(0), GUARD_MESSAGES.tooFast],
      [() => stampAged(1_000), GUARD_MESSAGES.tooFast],
      [() => stampAged(25 * 60 * 60 * 1000), GUARD_MESSAGES.stale],
      [async () => forged, GUARD_MESSAGES.stale],
      [async () => undefined, GUARD_MESSAGES.stale],
    ];
    for (const [makeStamp, message] of cases) {
      const stamp = await makeStamp();
      const res = await postForm("/lead-magnet", { ...lead(email), ...(stamp ? { _stamp: stamp } : {}) }, { token: null });
      expect(res.status, stamp).toBe(400);
      const page = await res.text();
      expect(page).toContain(html(message));
      expect(page).toContain(`value="${email}"`);
      // The answer carries a fresh stamp, so sending it again later works.
      expect(page).toMatch(/name="_stamp" value="\d{13}\.[\w-]{22}\.[\w-]{43}"/);
    }
    expect(await leadRows(email)).toHaveLength(0);
  });

  it("applies the tighter per-address limit (3 a minute across forms), which a verified token does not count against", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await postForm("/lead-magnet", { ...lead(`lim-${i}-${uid()}@example.com`), _stamp: await stampAged(3_000) }, { ip, token: null }))
          .status,
      );
    }
    const fourth = await postForm(
      "/contact",
      { name: "Ada", email: `lim-${uid()}@example.com`, message: "x".repeat(30), _stamp: await stampAged(3_000) },
      { ip, token: null },
    );
    expect(statuses).toEqual([302, 302, 302]);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("Retry-After")).toBe("60");
    const withToken = await postForm("/lead-magnet", lead(`lim-tok-${uid()}@example.com`), { ip });
    expect(withToken.status).toBe(302);
  });

  it("guards the wizard's last step (the one that stores the lead and sends email), not the drafts before it", async () => {
    const a = answers();
    const post = (fields: Record<string, string>) => postForm("/onboarding", fields, { token: null });
    expect((await post({ ...a, step: "2", intent: "next" })).status).toBe(200);
    const refused = await post({ ...a, step: "4", intent: "submit", _stamp: await stampAged(500) });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(html(GUARD_MESSAGES.tooFast));
    expect(page).toContain(`value="${a.email}"`);
    expect(await all("SELECT id FROM onboarding_submissions WHERE email = ? AND is_completed = 1", a.email)).toHaveLength(0);
    const done = await post({ ...a, step: "4", intent: "submit", _stamp: await stampAged(3_000) });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/call-booking");
  });
});

describe("the daily cap of emails to one address", () => {
  it("ten posts to one address from ten client addresses: ten leads, ten team emails, three visitor emails; the outbox shows the count", async () => {
    const email = `cap-${uid()}@example.com`;
    const rec = recordingEnv();
    for (let i = 0; i < 10; i++) {
      // Any case: one address.
      const res = await postForm("/lead-magnet", lead(i % 2 ? email.toUpperCase() : email), {
        ip: `198.51.100.${i + 1}`,
        testEnv: rec.env,
      });
      expect(res.status).toBe(302);
    }
    expect(await leadRows(email)).toHaveLength(10);
    const rows = await all<{ id: string; kind: string; status: string }>(
      "SELECT id, kind, status FROM email_outbox WHERE lower(json_extract(payload, '$.email')) = ? ORDER BY created_at",
      email,
    );
    const notices = rows.filter((r) => r.kind === "leadmagnet-notice");
    const visitor = rows.filter((r) => r.kind === "leadmagnet-visitor");
    expect(notices).toHaveLength(10);
    expect(notices.every((r) => r.status === "queued")).toBe(true);
    expect(visitor.map((r) => r.status)).toEqual([...Array(3).fill("queued"), ...Array(7).fill("capped")]);
    // Only what may be sent was queued: ten team emails, three to the visitor.
    const queued = new Set(rec.messages.map((m) => (m as { outboxId: string }).outboxId));
    expect(queued).toEqual(new Set([...notices, ...visitor.slice(0, 3)].map((r) => r.id)));

    // Whatever the path: another form's email to that address is capped too; its record is still stored.
    const waitlist = await postForm("/waitlist", { email, redirectTo: "/" });
    expect(waitlist.status).toBe(302);
    expect(await all("SELECT email FROM waitlist_entries WHERE email = ?", email)).toHaveLength(1);
    expect(await all("SELECT status FROM email_outbox WHERE kind = 'waitlist-confirmation' AND recipient = ?", email)).toEqual([
      { status: "capped" },
    ]);

    const admin = await signedInAdmin();
    const outbox = await (await get("/admin/dashboard/outbox?status=capped", admin.cookie)).text();
    expect(outbox).toContain("To this address, 24 h");
    expect(outbox).toContain("3 of 3");
    expect(outbox).toContain(">capped<");
  });
});

describe("pages", () => {
  it("allow Turnstile's script and frame in the CSP on pages with a public form, and only there", async () => {
    const csp = async (path: string) => (await request(path)).headers.get("Content-Security-Policy") ?? "";
    for (const path of ["/", "/contact", "/onboarding", "/questions-and-answers/submit", "/paypal-subscription"]) {
      const policy = await csp(path);
      expect(policy, path).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
      expect(policy, path).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    }
    expect(await csp("/paypal-subscription")).toMatch(/script-src [^;]*https:\/\/www\.paypal\.com/);
    for (const path of ["/admin/login", "/admin/forgot-password"]) expect(await csp(path), path).not.toContain("challenges.cloudflare.com");
  });

  it("render the notice and a signed stamp in each public form", async () => {
    const page = await (await request("/contact")).text();
    expect(page).toContain(html(PRIVACY_NOTICE.text));
    expect(page).toContain(`href="${PRIVACY_NOTICE.href}"`);
    expect(page).toMatch(/name="_stamp" value="\d{13}\.[\w-]{22}\.[\w-]{43}"/);
  });
});

/** Every public form that takes a post without a token, with two different valid posts and where each one's row is. */
type StampedForm = {
  name: string;
  path: string;
  post: (email: string) => Record<string, string>;
  rows: (email: string) => Promise<unknown[]>;
};
const rowsWhere =
  (table: string, column = "email") =>
  (email: string) =>
    all(`SELECT 1 FROM ${table} WHERE lower(${column}) = lower(?)`, email);
const STAMPED_FORMS: StampedForm[] = [
  { name: "waitlist", path: "/waitlist", post: (email) => ({ email, redirectTo: "/" }), rows: rowsWhere("waitlist_entries") },
  { name: "newsletter", path: "/newsletter", post: (email) => ({ email, redirectTo: "/" }), rows: rowsWhere("newsletter_subscribers") },
  {
    name: "contact",
    path: "/contact",
    post: (email) => ({ name: "Ada Lovelace", email, message: "Please send me some leads for my app.", redirectTo: "/contact" }),
    rows: rowsWhere("contact_messages"),
  },
  { name: "lead magnet (popup)", path: "/lead-magnet", post: lead, rows: leadRows },
  {
    name: "playbook landing page",
    path: "/Shopify-App-Launch-and-Scaling-Playbook",
    post: (email) => ({ firstName: "Ada", email, appUrl: "https://apps.shopify.com/ada", phone: "+1 (555) 010-2030" }),
    rows: leadRows,
  },
  { name: "marketing checklist", path: "/shopify-app-marketing-checklist", post: (email) => ({ email }), rows: leadRows },
  {
    name: "premium access",
    path: "/playbooks/premium",
    post: (email) => ({ firstName: "Grace", email, company: "Hopper Apps", accessTiming: "this-week", redirectTo: "/playbooks" }),
    rows: rowsWhere("premium_access_requests"),
  },
  {
    name: "question",
    path: "/questions-and-answers/submit",
    post: (email) => ({
      title: `How do I get my first merchants, ${email}?`,
      category: "gtm-strategy",
      question: "We launched last month and have two installs. Where should we start?",
      submitterEmail: email,
      redirectTo: "/questions-and-answers/submit",
    }),
    rows: rowsWhere("qa_submissions", "submitter_email"),
  },
  {
    name: "onboarding (last step)",
    path: "/onboarding",
    post: (email) => ({ ...answers(email), step: "4", intent: "submit" }),
    rows: (email) => all("SELECT 1 FROM onboarding_submissions WHERE email = ? AND is_completed = 1", email),
  },
];

describe("a form stamp is good for one submission", () => {
  it.each(STAMPED_FORMS)(
    "$name: a second, different post with the same stamp is refused (400, typed kept); the same post again is done",
    async (form) => {
      const stamp = await stampAged(3_000);
      const first = `once-${uid()}@example.com`;
      const second = `twice-${uid()}@example.com`;
      const send = (email: string) => postForm(form.path, { ...form.post(email), _stamp: stamp }, { token: null });

      expect((await send(first)).status).toBe(302);
      const refused = await send(second);
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toContain(html(GUARD_MESSAGES.used));
      expect(page).toContain(`value="${second}"`);
      // A fresh stamp comes with the answer, so sending it again works.
      expect(page).toMatch(/name="_stamp" value="\d{13}\.[\w-]{22}\.[\w-]{43}"/);
      expect(await form.rows(second)).toHaveLength(0);
      expect(await all("SELECT 1 FROM email_outbox WHERE lower(recipient) = ?", second)).toHaveLength(0);

      // The first post sent again (its answer was lost on the way): answered as done, still one row.
      const again = await send(first);
      expect(again.status).toBe(302);
      expect(await form.rows(first)).toHaveLength(1);
      expect((await postForm(form.path, { ...form.post(second), _stamp: await stampAged(3_000) }, { token: null })).status).toBe(302);
    },
  );

  it("spends the stamp of a post that stores nothing (an address already on the list) all the same", async () => {
    const member = `member-${uid()}@example.com`;
    expect((await postForm("/waitlist", { email: member, redirectTo: "/" })).status).toBe(302);
    const stamp = await stampAged(3_000);
    expect((await postForm("/waitlist", { email: member, redirectTo: "/", _stamp: stamp }, { token: null })).status).toBe(302);
    const other = `other-${uid()}@example.com`;
    const refused = await postForm("/waitlist", { email: other, redirectTo: "/", _stamp: stamp }, { token: null });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(html(GUARD_MESSAGES.used));
    expect(await all("SELECT 1 FROM waitlist_entries WHERE email = ?", other)).toHaveLength(0);
  });

  it("records the stamp in the submission's own batch: a retry after a lost answer is one row, answered as done", async () => {
    const email = `lost-${uid()}@example.com`;
    const losing = envLosingAnswers(1);
    const res = await postForm(
      "/contact",
      { ...STAMPED_FORMS[2]!.post(email), _stamp: await stampAged(3_000) },
      { token: null, testEnv: losing.env },
    );
    expect(res.status).toBe(302);
    expect(await all("SELECT 1 FROM contact_messages WHERE email = ?", email)).toHaveLength(1);
    expect(await all("SELECT 1 FROM email_outbox WHERE kind = 'contact-notice' AND payload LIKE ?", `%${email}%`)).toHaveLength(1);
  });

  it("stores nothing when the batch fails, so the stamp is not spent and the post can be sent again", async () => {
    const email = `failed-${uid()}@example.com`;
    const stamp = await stampAged(3_000);
    const fields = { ...STAMPED_FORMS[2]!.post(email), _stamp: stamp };
    expect((await postForm("/contact", fields, { token: null, testEnv: envWithFailingBatch() })).status).toBe(503);
    expect(await all("SELECT 1 FROM contact_messages WHERE email = ?", email)).toHaveLength(0);
    expect((await postForm("/contact", fields, { token: null })).status).toBe(302);
    expect(await all("SELECT 1 FROM contact_messages WHERE email = ?", email)).toHaveLength(1);
  });

  it("keeps used stamps a day, the longest a stamp lives; the cron removes older ones", async () => {
    const now = Date.now();
    await make.usedFormStamp.createMany(env.DB, [
      { hash: `old-${uid()}`, submission: "x", usedAt: now - STAMP_MAX_AGE_MS - 60_000 },
      { hash: `new-${uid()}`, submission: "x", usedAt: now - STAMP_MAX_AGE_MS + 60_000 },
    ]);
    await sweepOutbox(env, now);
    const left = await all<{ used_at: number }>("SELECT used_at FROM used_form_stamps WHERE used_at < ?", now - STAMP_MAX_AGE_MS);
    expect(left).toEqual([]);
    expect(await all("SELECT 1 FROM used_form_stamps WHERE used_at = ?", now - STAMP_MAX_AGE_MS + 60_000)).toHaveLength(1);
  });
});

/** A Workers Rate Limiting binding that throws, as when the service fails. */
const failingLimiter = { limit: () => Promise.reject(new Error("rate limiter unavailable")) } as unknown as RateLimit;

describe("a rate limiter that fails", () => {
  const contact = (email: string) => STAMPED_FORMS[2]!.post(email);

  it("refuses a post without a token with 503 and the form's try-again message, keeping what was typed, storing nothing", async () => {
    for (const binding of ["STRICT_FORM_RATE_LIMITER", "NO_TOKEN_FORM_RATE_LIMITER"] as const) {
      const email = `closed-${uid()}@example.com`;
      const res = await postForm(
        "/contact",
        { ...contact(email), _stamp: await stampAged(3_000) },
        { token: null, testEnv: { ...env, [binding]: failingLimiter } },
      );
      expect(res.status, binding).toBe(503);
      const page = await res.text();
      expect(page).toContain(CONTACT_MESSAGES.failure);
      expect(page).toContain(`value="${email}"`);
      expect(await all("SELECT 1 FROM contact_messages WHERE email = ?", email)).toHaveLength(0);
    }
  });

  it("refuses a post whose token cannot be checked (siteverify down) the same way", async () => {
    siteverifyState.down = true;
    const email = `closed-down-${uid()}@example.com`;
    const res = await postForm(
      "/contact",
      { ...contact(email), _stamp: await stampAged(3_000) },
      { testEnv: { ...env, STRICT_FORM_RATE_LIMITER: failingLimiter } },
    );
    expect(res.status).toBe(503);
    expect(await all("SELECT 1 FROM contact_messages WHERE email = ?", email)).toHaveLength(0);
  });

  it("lets a post with a verified Turnstile token through", async () => {
    const email = `open-tok-${uid()}@example.com`;
    const res = await postForm("/contact", contact(email), {
      testEnv: { ...env, STRICT_FORM_RATE_LIMITER: failingLimiter, NO_TOKEN_FORM_RATE_LIMITER: failingLimiter },
    });
    expect(res.status).toBe(302);
    expect(await all("SELECT 1 FROM contact_messages WHERE email = ?", email)).toHaveLength(1);
  });

  it("in the onboarding wizard: no step passes without a verified token; the last one passes with it", async () => {
    const testEnv = { ...env, ONBOARDING_RATE_LIMITER: failingLimiter };
    const a = answers();
    const draft = await postForm("/onboarding", { ...a, step: "1", intent: "next" }, { token: null, testEnv });
    expect(draft.status).toBe(503);
    const refused = await postForm(
      "/onboarding",
      { ...a, step: "4", intent: "submit", _stamp: await stampAged(3_000) },
      { token: null, testEnv },
    );
    expect(refused.status).toBe(503);
    expect(await refused.text()).toContain("There was an issue submitting your form. Please try again.");
    expect(await all("SELECT 1 FROM onboarding_submissions WHERE email = ?", a.email)).toHaveLength(0);
    const done = await postForm("/onboarding", { ...a, step: "4", intent: "submit" }, { testEnv });
    expect(done.status).toBe(302);
    expect(await all("SELECT 1 FROM onboarding_submissions WHERE email = ? AND is_completed = 1", a.email)).toHaveLength(1);
  });
});
