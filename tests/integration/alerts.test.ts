/**
 * Alerts where the team works (ADR 0012): Slack and signed-webhook
 * destinations get their events through the one delivery pipeline (outbox row
 * in the event's batch, queue, retries, receipt, sweeper). The receivers are
 * the outside world: fetch is mocked, and what it was sent is checked.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { ALERTS_MESSAGES as M } from "~/features/alerts/alerts.messages";
import { alertDeliveriesStatement } from "~/email/events.server";
import { QUEUE_DELIVERIES } from "~/email/policy";
import { sweepOutbox } from "~/email/sweeper.server";
import { unseal } from "~/lib/encryption.server";
import * as make from "../factories";
import type { AlertEvent } from "~/db/schema";
import type { Sealed } from "~/db/shared";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm, recordingEnv } from "./helpers";

const PATH = "/admin/settings/notifications";
const RECEIVER = "https://hooks.example.com/founder-leads";

type Captured = { url: string; headers: Record<string, string>; body: string; status: number };

/** The receivers: every POST is captured; `answers` gives the status of each call in turn (the last one repeats). */
function receiver(answers: number[] = [200]) {
  const calls: Captured[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const status = answers[Math.min(calls.length, answers.length - 1)]!;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ url: String(input), headers, body: String(init?.body), status });
    return new Response(status === 200 ? "ok" : "down", { status });
  });
  return { calls, spy };
}

async function addDestination({
  kind = "webhook",
  url = RECEIVER,
  events = ["person.created", "submission.created", "person.status_changed", "question.submitted"],
  enabled = true,
}: { kind?: "webhook" | "slack"; url?: string; events?: AlertEvent[]; enabled?: boolean } = {}) {
  const id = crypto.randomUUID();
  const secret = kind === "webhook" ? `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}` : null;
  // Stored as written before encryption at rest (the app reads both).
  await make.notificationDestination.create(env.DB, {
    id,
    name: `Dest ${id.slice(0, 4)}`,
    kind,
    url: url as Sealed,
    secret: secret as Sealed | null,
    events,
    enabled,
  });
  return { id, secret: secret! };
}

const uniqueEmail = () => `alert-${crypto.randomUUID().slice(0, 8)}@example.com`;
const contact = (email: string) => ({
  name: "Ada Lovelace",
  email,
  message: "Please send me some leads for my app.",
  redirectTo: "/contact",
});

type Delivery = { id: string; kind: string; destination_id: string; status: string; attempts: number; payload: string };
const deliveries = (destinationId: string) =>
  all<Delivery>(
    "SELECT id, kind, destination_id, status, attempts, payload FROM email_outbox WHERE channel = 'webhook' AND destination_id = ?1 ORDER BY kind",
    destinationId,
  );

async function deliver(outboxId: string, testEnv: Env = env, attempts = 1) {
  const batch = createMessageBatch("founder-leads-email", [
    { id: `msg-${outboxId}-${attempts}`, timestamp: new Date(), attempts, body: { outboxId } },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

/** A public form submitted, returning the ids it put on the queue. */
async function submitContact(email = uniqueEmail(), testEnv?: Env) {
  const rec = recordingEnv(testEnv ? { DB: testEnv.DB } : {});
  const res = await postForm("/contact", contact(email), { testEnv: rec.env });
  expect(res.status).toBe(302);
  return { email, queued: (rec.messages as { outboxId: string }[]).map((m) => m.outboxId) };
}

const post = (fields: Record<string, string | string[]>, cookie?: string, testEnv: Env = env) =>
  postForm(PATH, fields, { cookie, headers: SAME_ORIGIN, testEnv });

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM notification_destinations").run();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("events become deliveries in the event's own batch", () => {
  it("posts a signed event that verifies with the standardwebhooks package; webhook-id is the delivery's id", async () => {
    const dest = await addDestination();
    const { email, queued } = await submitContact();
    const rows = await deliveries(dest.id);
    expect(rows.map((r) => r.kind)).toEqual(["person.created", "submission.created"]);
    for (const r of rows) expect(queued).toContain(r.id);

    const { calls } = receiver([200]);
    const submission = rows.find((r) => r.kind === "submission.created")!;
    expect((await deliver(submission.id)).explicitAcks).toHaveLength(1);
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe(RECEIVER);
    expect(call.headers["webhook-id"]).toBe(submission.id);
    const verified = new Webhook(dest.secret).verify(call.body, call.headers) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe("submission.created");
    expect(verified.data).toMatchObject({ form: "contact", email, name: "Ada Lovelace" });
    const [person] = await all<{ id: string }>("SELECT id FROM people WHERE email = ?1", email);
    expect(verified.data.personId).toBe(person!.id);
    // A tampered body does not verify.
    expect(() => new Webhook(dest.secret).verify(call.body.replace("Ada", "Eve"), call.headers)).toThrow();
    expect((await all<{ status: string }>("SELECT status FROM email_outbox WHERE id = ?1", submission.id))[0]!.status).toBe("sent");
  });

  it("sends person.created only for a new person; submission.created for every submission", async () => {
    const dest = await addDestination();
    const email = uniqueEmail();
    await submitContact(email);
    await submitContact(email.toUpperCase());
    const kinds = (await deliveries(dest.id)).map((r) => r.kind);
    expect(kinds).toEqual(["person.created", "submission.created", "submission.created"]);
  });

  it("gives disabled destinations and unsubscribed events nothing", async () => {
    const off = await addDestination({ enabled: false });
    const questionsOnly = await addDestination({ events: ["question.submitted"] });
    await submitContact();
    expect(await deliveries(off.id)).toEqual([]);
    expect(await deliveries(questionsOnly.id)).toEqual([]);
    const res = await postForm(
      "/questions-and-answers/submit",
      {
        title: `How do I find my first merchants ${crypto.randomUUID().slice(0, 6)}?`,
        category: "gtm-strategy",
        question: "We launched last month and have two installs. Where should we start?",
        submitterName: "Ada",
        submitterEmail: uniqueEmail(),
        redirectTo: "/questions-and-answers/submit",
      },
      { testEnv: recordingEnv().env },
    );
    expect(res.status).toBe(302);
    expect((await deliveries(questionsOnly.id)).map((r) => r.kind)).toEqual(["question.submitted"]);
    expect(await deliveries(off.id)).toEqual([]);
  });

  it("writes no second delivery when the same batch is tried again after its answer was lost", async () => {
    const dest = await addDestination();
    let lost = 1;
    // A D1 (and its sessions) whose first batch commits, then loses its answer.
    const losing = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(t, prop) {
          const d1 = t as unknown as D1Database;
          if (prop === "batch")
            return async (statements: D1PreparedStatement[]) => {
              const results = await d1.batch(statements);
              if (lost-- > 0) throw new Error("Network connection lost");
              return results;
            };
          if (prop === "withSession") return (constraint?: string) => losing(d1.withSession(constraint));
          const value = Reflect.get(t, prop);
          return typeof value === "function" ? value.bind(t) : value;
        },
      });
    const db = losing(env.DB);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { queued } = await submitContact(uniqueEmail(), { ...env, DB: db });
    const rows = await deliveries(dest.id);
    expect(rows.map((r) => r.kind)).toEqual(["person.created", "submission.created"]);
    for (const r of rows) expect(queued).toContain(r.id);

    // The statement itself, run twice with its key: one row per destination and event.
    const key = crypto.randomUUID();
    const events = [{ type: "submission.created" as const, summary: "x", data: { form: "contact" } }];
    await env.DB.batch([alertDeliveriesStatement(env.DB, key, events, Date.now())]);
    const [again] = await env.DB.batch([alertDeliveriesStatement(env.DB, key, events, Date.now())]);
    expect(again!.results).toEqual([]);
    expect(await all("SELECT id FROM email_outbox WHERE id > ?1 AND id < ?2", `${key}-`, `${key}.`)).toHaveLength(1);
  });

  it("sends a Slack destination text and blocks, with the person's page linked", async () => {
    const dest = await addDestination({
      kind: "slack",
      url: "https://hooks.slack.com/services/T000/B000/XXXX",
      events: ["submission.created"],
    });
    const { email } = await submitContact();
    const [row] = await deliveries(dest.id);
    const { calls } = receiver([200]);
    await deliver(row!.id);
    const body = JSON.parse(calls[0]!.body) as { text: string; blocks: { type: string; text?: { text: string } }[] };
    expect(body.text).toBe(`New contact message submission from Ada Lovelace (${email})`);
    expect(body.blocks[0]!.type).toBe("section");
    expect(JSON.stringify(body.blocks)).toContain("/admin/dashboard/leads/");
    expect(calls[0]!.headers["webhook-signature"]).toBeUndefined();
  });

  it("alerts person.status_changed from the person page's status form", async () => {
    const dest = await addDestination({ events: ["person.status_changed"] });
    const { email } = await submitContact();
    const [person] = await all<{ id: string }>("SELECT id FROM people WHERE email = ?1", email);
    const admin = await signedInAdmin();
    const rec = recordingEnv();
    const res = await postForm(
      `/admin/dashboard/leads/${person!.id}`,
      { intent: "status", status: "contacted" },
      { cookie: admin.cookie, headers: SAME_ORIGIN, testEnv: rec.env },
    );
    expect(res.status).toBe(302);
    const [row] = await deliveries(dest.id);
    expect(row).toMatchObject({ kind: "person.status_changed" });
    expect(JSON.parse(row!.payload)).toMatchObject({ email, from: "new", to: "contacted", personId: person!.id, by: admin.email });
    expect(rec.messages).toContainEqual({ outboxId: row!.id });
  });
});

describe("retries: the same machinery as email", () => {
  it("a receiver that answers 500 then 200 gets the event exactly once in all, and the list shows both tries", async () => {
    const dest = await addDestination({ events: ["submission.created"] });
    await submitContact();
    const [row] = await deliveries(dest.id);
    const { calls } = receiver([500, 200]);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const first = await deliver(row!.id, env, 1);
    expect(first.retryMessages).toHaveLength(1);
    const second = await deliver(row!.id, env, 2);
    expect(second.explicitAcks).toHaveLength(1);
    // A duplicate delivery of the message: the row is sent, nothing goes out again.
    await deliver(row!.id, env, 3);
    expect(calls.map((c) => c.status)).toEqual([500, 200]);
    expect(calls.filter((c) => c.status === 200)).toHaveLength(1);
    expect(new Set(calls.map((c) => c.headers["webhook-id"]))).toEqual(new Set([row!.id]));
    const attempts = await all<{ outcome: string; response_code: number }>(
      "SELECT outcome, response_code FROM delivery_attempts WHERE delivery_id = ?1 ORDER BY at, rowid",
      row!.id,
    );
    expect(attempts).toEqual([
      { outcome: "failed", response_code: 500 },
      { outcome: "delivered", response_code: 200 },
    ]);

    const admin = await signedInAdmin();
    const html = await (await get(PATH, admin.cookie)).text();
    const item = html.slice(html.indexOf(`Attempts of ${row!.id}`));
    expect(item.indexOf(">500<")).toBeGreaterThan(-1);
    expect(item.indexOf(">500<")).toBeLessThan(item.indexOf(">200<"));
  });

  it("a destination down for an hour gets every event once when it is back", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-11-23T09:00:00Z").getTime();
    vi.setSystemTime(start);
    const dest = await addDestination({ events: ["submission.created"] });
    for (let i = 0; i < 3; i++) await submitContact();
    const rows = await deliveries(dest.id);
    expect(rows).toHaveLength(3);
    let up = false;
    const calls: { id: string; status: number }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      const status = up ? 200 : 503;
      calls.push({ id: new Headers(init?.headers).get("webhook-id")!, status });
      return new Response(null, { status });
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Down: every queue delivery fails, minutes apart, until the rows are failed (the queue gives up).
    for (let attempt = 1; attempt <= QUEUE_DELIVERIES; attempt++) {
      for (const r of rows) await deliver(r.id, env, attempt);
      vi.setSystemTime(Date.now() + 5 * 60_000);
    }
    expect((await deliveries(dest.id)).map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
    // Back an hour after it went down: the cron sweeper re-queues them, the consumer sends each once.
    vi.setSystemTime(start + 60 * 60_000);
    up = true;
    const rec = recordingEnv();
    const swept = await sweepOutbox(rec.env, Date.now());
    expect(new Set(swept.requeued)).toEqual(new Set(rows.map((r) => r.id)));
    for (const id of swept.requeued) await deliver(id, env, 1);
    for (const id of swept.requeued) await deliver(id, env, 2); // a duplicate message: nothing twice
    const delivered = calls.filter((c) => c.status === 200).map((c) => c.id);
    expect(delivered.sort()).toEqual(rows.map((r) => r.id).sort());
    expect((await deliveries(dest.id)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });
});

describe("the notification settings page", () => {
  it("refuses anyone signed out, on the loader and the action, and writes nothing", async () => {
    const page = await get(PATH);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
    const res = await post({
      intent: "create",
      key: crypto.randomUUID(),
      name: "X",
      kind: "webhook",
      url: RECEIVER,
      events: "person.created",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await all("SELECT id FROM notification_destinations")).toEqual([]);
  });

  it("adds a webhook destination, shows its secret once, and records it in the audit log", async () => {
    const admin = await signedInAdmin();
    const key = crypto.randomUUID();
    const fields = { intent: "create", key, name: "CRM", kind: "webhook", url: RECEIVER, events: ["person.created", "question.submitted"] };
    const res = await post(fields, admin.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const [stored] = await all<{ secret: string; url: string; events: string; enabled: number }>(
      "SELECT secret, url, events, enabled FROM notification_destinations WHERE id = ?1",
      key,
    );
    // Both sealed at rest (ADR 0017): the page shows the secret, the row does not hold it.
    expect(stored!.secret).toMatch(/^enc:v1:test1:/);
    expect(stored!.url).toMatch(/^enc:v1:test1:/);
    expect(await unseal(env, "destination-url", stored!.url)).toBe(RECEIVER);
    const secret = await unseal(env, "webhook-secret", stored!.secret);
    expect(secret).toMatch(/^whsec_/);
    expect(html).toContain(secret);
    expect(html).toContain(M.secretBody);
    expect(JSON.parse(stored!.events)).toEqual(["person.created", "question.submitted"]);
    // Sent again (a reload): one destination, and the secret is not shown again.
    const again = await post(fields, admin.cookie);
    expect(again.status).toBe(302);
    expect(await all("SELECT id FROM notification_destinations")).toHaveLength(1);
    const page = await (await get(PATH, admin.cookie)).text();
    expect(page).toContain("CRM");
    expect(page).not.toContain(secret);
    expect(await all("SELECT action FROM audit_log WHERE record_id = ?1", key)).toEqual([{ action: "alerts.create" }]);
  });

  it("answers bad input with 400, messages under the fields and the typed values kept", async () => {
    const admin = await signedInAdmin();
    const res = await post(
      { intent: "create", key: crypto.randomUUID(), name: "", kind: "webhook", url: "http://example.com/hook" },
      admin.cookie,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(M.nameRequired);
    expect(html).toContain(M.urlNotHttps);
    expect(html).toContain(M.eventsRequired);
    expect(html).toContain('value="http://example.com/hook"');
    expect(await all("SELECT id FROM notification_destinations")).toEqual([]);
  });

  it("refuses http in production, and allows http to this machine only while developing", async () => {
    const admin = await signedInAdmin();
    const production = { ...env, ENVIRONMENT: "production" };
    const local = { intent: "create", name: "Local", kind: "webhook", url: "http://localhost:9999/hook", events: "person.created" };
    const refused = await post({ ...local, key: crypto.randomUUID() }, admin.cookie, production);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(M.urlProductionHttps);
    expect(await all("SELECT id FROM notification_destinations")).toEqual([]);
    expect((await post({ ...local, key: crypto.randomUUID() }, admin.cookie)).status).toBe(200);
    const https = await post({ ...local, url: RECEIVER, key: crypto.randomUUID() }, admin.cookie, production);
    expect(https.status).toBe(200);
  });

  it("turns a destination off and on, edits its events, sends a test event, resends a delivery with the same id, and deletes it; each change audited", async () => {
    const admin = await signedInAdmin();
    const dest = await addDestination({ events: ["person.created"] });
    const act = (fields: Record<string, string | string[]>) =>
      post({ destinationId: dest.id, ...fields }, admin.cookie, recordingEnv({}, { forward: false }).env);
    expect((await act({ intent: "turn-off" })).status).toBe(302);
    expect((await all<{ enabled: number }>("SELECT enabled FROM notification_destinations WHERE id = ?1", dest.id))[0]!.enabled).toBe(0);
    expect((await act({ intent: "turn-on" })).status).toBe(302);
    expect((await act({ intent: "events", events: ["submission.created", "person.status_changed"] })).status).toBe(302);
    const [d] = await all<{ events: string; enabled: number }>(
      "SELECT events, enabled FROM notification_destinations WHERE id = ?1",
      dest.id,
    );
    expect(d).toEqual({ events: JSON.stringify(["submission.created", "person.status_changed"]), enabled: 1 });
    const noEvents = await act({ intent: "events" });
    expect(noEvents.status).toBe(400);

    expect((await act({ intent: "test" })).status).toBe(302);
    const [test] = await deliveries(dest.id);
    expect(test!.kind).toBe("destination.test");
    const { calls } = receiver([200]);
    await deliver(test!.id);
    expect(new Webhook(dest.secret).verify(calls[0]!.body, calls[0]!.headers)).toMatchObject({ type: "destination.test" });

    const rec = recordingEnv();
    expect((await post({ intent: "resend", deliveryId: test!.id }, admin.cookie, rec.env)).status).toBe(302);
    expect(rec.messages).toEqual([{ outboxId: test!.id }]);
    await deliver(test!.id, env, 1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers["webhook-id"]).toBe(test!.id);

    expect((await act({ intent: "delete" })).status).toBe(302);
    expect(await all("SELECT id FROM notification_destinations WHERE id = ?1", dest.id)).toEqual([]);
    const actions = (
      await all<{ action: string }>("SELECT action FROM audit_log WHERE record_id IN (?1, ?2) ORDER BY at, rowid", dest.id, test!.id)
    ).map((a) => a.action);
    expect(actions).toEqual(["alerts.update", "alerts.update", "alerts.update", "alerts.test", "alerts.resend", "alerts.delete"]);
  });
});
