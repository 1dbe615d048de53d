/**
 * Newsletter broadcasts (ADR 0025) through the real queue consumer and cron with the real local D1 and KV; only
 * MailChannels' send API is mocked (the fetch mock). Queue messages are recorded (recordingEnv) and delivered by the
 * test, so a batch can be delivered twice, at the same moment, or after a send that timed out.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../server";
import { handleEmailBatch } from "~/email/consumer.server";
import { QUEUE_DELIVERIES } from "~/email/policy";
import { MAILCHANNELS_URL, type MailChannelsBody } from "~/email/transports.server";
import {
  broadcastStats,
  cancelBroadcast,
  createBroadcast,
  EMPTY_AUDIENCE_NOTE,
  fanoutStep,
  pauseBroadcast,
  resumeBroadcast,
  scheduleBroadcast,
  startBroadcast,
  type BroadcastDraft,
} from "~/features/broadcasts/broadcasts.server";
import { SKIP_REASONS } from "~/features/broadcasts/send-check.server";
import { isSuppressed } from "~/features/broadcasts/index.server";
import { unsubscribeUrl } from "~/lib/list-unsubscribe.server";
import { instantOfLocalTime } from "~/lib/time-zone";
import * as make from "../factories";
import { all, recordingEnv } from "./helpers";

const admin = { id: "admin-1", email: "admin@localhost.test", address: "203.0.113.9" };

const draft = (over: Partial<BroadcastDraft> = {}): BroadcastDraft => ({
  subject: "Growth notes: November",
  preheader: "Three things that worked this month",
  postId: null,
  title: "Three things that worked",
  intro: "A short note from the team.",
  sections: [
    { type: "paragraph", text: "Read **the playbook** and the [pricing guide](/blog/pricing)." },
    { type: "list", items: ["One", "Two"], ordered: false },
  ],
  segment: {},
  webVersion: false,
  ...over,
});

/** `count` confirmed subscribers `<prefix>-<n>@example.com`, in one statement. */
async function subscribers(count: number, prefix = "reader"): Promise<string[]> {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO newsletter_subscribers (id, email, status, confirmed_at)
     SELECT lower(hex(randomblob(16))), ?2 || '-' || printf('%05d', i) || '@example.com', 'confirmed', 0 FROM n`,
  )
    .bind(count, prefix)
    .run();
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(5, "0")}@example.com`);
}

/** MailChannels' send API: 202 for each call, recorded by recipient; `hang` makes chosen calls never answer. */
function mailChannels({ hang = (): boolean => false }: { hang?: (to: string, n: number) => boolean } = {}) {
  const accepted: string[] = [];
  const bodies: MailChannelsBody[] = [];
  const tries = new Map<string, number>();
  const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    expect(String(input)).toBe(MAILCHANNELS_URL);
    const body = JSON.parse(String(init?.body)) as MailChannelsBody;
    const to = body.personalizations[0]!.to[0]!.email;
    const n = (tries.get(to) ?? 0) + 1;
    tries.set(to, n);
    if (hang(to, n))
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
    accepted.push(to);
    bodies.push(body);
    return new Response(null, { status: 202 });
  });
  return { accepted, bodies, fetchMock };
}

const mailchannelsEnv = { EMAIL_TRANSPORT: "mailchannels", MAILCHANNELS_API_KEY: "mc-test-key" };

type Queued = { body: unknown; attempts: number };

/**
 * Delivers every recorded message (and what they queue in turn) to the consumer until none is left; a message the
 * consumer asks to retry is delivered again with its attempt counted. `twice` delivers chosen batch messages twice at
 * the same moment and once more after.
 */
async function drain(
  recorder: { env: Env; messages: unknown[] },
  { twice = (): boolean => false, sendTimeoutMs = 300 }: { twice?: (n: number) => boolean; sendTimeoutMs?: number } = {},
) {
  const pending: Queued[] = [];
  let batches = 0;
  const take = () => pending.push(...recorder.messages.splice(0).map((body) => ({ body, attempts: 1 })));
  take();
  let guard = 0;
  while (pending.length) {
    if (++guard > 200) throw new Error(`drain: still ${pending.length} messages: ${JSON.stringify(pending.slice(0, 3))}`);
    const { body, attempts } = pending.shift()!;
    const isBatch = typeof body === "object" && body !== null && "outboxIds" in body;
    const copies = isBatch && twice(++batches) ? 2 : 1;
    const run = async () => {
      const batch = createMessageBatch("founder-leads-email", [{ id: crypto.randomUUID(), timestamp: new Date(), attempts, body }]);
      const ctx = createExecutionContext();
      await handleEmailBatch(batch as never, recorder.env, { sendTimeoutMs });
      await waitOnExecutionContext(ctx);
      return getQueueResult(batch, ctx);
    };
    const results = await Promise.all(Array.from({ length: copies }, run));
    if (copies === 2) results.push(await run());
    // Retried as the queue does, up to its deliveries (QUEUE_DELIVERIES); past them a message would go to the dead letters.
    if (results.some((r: { retryMessages: unknown[] }) => r.retryMessages.length > 0) && attempts < QUEUE_DELIVERIES)
      pending.push({ body, attempts: attempts + 1 });
    take();
  }
}

async function cron(at: number, testEnv: Env) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

const rowsOf = (broadcastId: string) =>
  all<{ recipient: string; status: string; last_error: string | null }>(
    "SELECT recipient, status, last_error FROM email_outbox WHERE broadcast_id = ? ORDER BY recipient",
    broadcastId,
  );
const statusOf = async (id: string) =>
  (await all<{ status: string; note: string | null }>("SELECT status, note FROM broadcasts WHERE id = ?", id))[0]!;

beforeEach(async () => {
  // The audience is every confirmed subscriber: each test starts from none (this file's D1 is its own).
  // Every test starts from no subscriber, suppression or broadcast (this file's D1 is its own): the cron of one test
  // must not go on with another's broadcast.
  await env.DB.batch(
    ["newsletter_subscribers", "email_suppressions", "broadcasts", "email_outbox"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
  );
});
afterEach(() => vi.restoreAllMocks());

describe("sending a broadcast through the queue", () => {
  it("sends each of 1,000 subscribers exactly one email, with one batch delivered twice at once and one send timed out", async () => {
    const emails = await subscribers(1000);
    const hanging = emails[321]!;
    const mc = mailChannels({ hang: (to, n) => to === hanging && n === 1 });
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);

    expect(await startBroadcast(recorder.env, id, admin)).toEqual({ status: "started", recipients: 1000 });
    // The request only queued the first fan-out step: nothing was written or sent in it.
    expect(recorder.messages).toEqual([{ task: "broadcast-fanout", broadcastId: id }]);
    expect(await rowsOf(id)).toEqual([]);
    expect(mc.fetchMock).not.toHaveBeenCalled();

    await drain(recorder, { twice: (n) => n === 3 });

    expect(mc.accepted.length).toBe(1000);
    expect(new Set(mc.accepted)).toEqual(new Set(emails));
    // The one that hung was tried again and sent once.
    expect(mc.fetchMock.mock.calls.filter(([, init]) => String(init?.body).includes(hanging))).toHaveLength(2);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1000);
    expect(rows.every((r) => r.status === "sent")).toBe(true);

    await cron(Date.now(), recorder.env);
    expect((await statusOf(id)).status).toBe("sent");
    // 1,000 emails rendered and sent through the consumer: seconds of work, more on a machine shared with other runs.
  }, 90_000);

  it("carries List-Unsubscribe (one-click), List-Id, the postal address and a plain-text part", async () => {
    const [email] = await subscribers(1);
    const mc = mailChannels();
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);
    await startBroadcast(recorder.env, id, admin);
    await drain(recorder);

    const body = mc.bodies[0]!;
    expect(body.personalizations[0]!.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:8787\/unsubscribe\/newsletter\.[\w-]+>$/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": "Founder Leads newsletter <newsletter.localhost>",
    });
    expect(body.subject).toBe("Growth notes: November");
    const [text, html] = body.content;
    expect(text!.type).toBe("text/plain");
    expect(text!.value).toContain("Three things that worked");
    // Links go through the click redirect (tests/integration/broadcast-clicks.test.ts).
    expect(text!.value).toMatch(/Read the playbook and the pricing guide \(http:\/\/localhost:8787\/r\/[\w.-]+\)/);
    expect(text!.value).toContain("- One\n- Two");
    expect(text!.value).toContain(env.POSTAL_ADDRESS);
    expect(html!.value).toContain("<strong>the playbook</strong>");
    expect(html!.value).toMatch(/href="http:\/\/localhost:8787\/r\/[\w.-]+"/);
    expect(html!.value).toContain(env.POSTAL_ADDRESS);

    // The one-click POST of that header's link unsubscribes the reader.
    const oneClick = body.personalizations[0]!.headers!["List-Unsubscribe"]!.slice(1, -1);
    const res = await worker.fetch(
      new Request(oneClick, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }) as never,
      env,
      createExecutionContext(),
    );
    expect(res.status).toBeLessThan(400);
    expect(await all("SELECT status FROM newsletter_subscribers WHERE email = ?", email)).toEqual([{ status: "unsubscribed" }]);
    // Counted as caused by this broadcast.
    expect((await broadcastStats(env, { id, recipientCount: 1 })).unsubscribes).toBe(1);
  });

  it("skips, with the reason, an address unsubscribed or suppressed between the fan-out and its batch; leaves out one suppressed before", async () => {
    const [staying, leaving, bouncing, bouncedBefore] = await subscribers(4);
    await make.emailSuppression.create(env.DB, { email: bouncedBefore!, reason: "hard-bounce" });
    const mc = mailChannels();
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);
    expect(await startBroadcast(recorder.env, id, admin)).toEqual({ status: "started", recipients: 3 });
    await fanoutStep(recorder.env, id);
    recorder.messages.splice(0, 1); // the step the start queued: already run just now

    // After the fan-out wrote the rows, before the batch is sent: one unsubscribes through the list's link, one bounces.
    const res = await worker.fetch(
      new Request(await unsubscribeUrl(env, "newsletter", leaving!), {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }) as never,
      env,
      createExecutionContext(),
    );
    expect(res.status).toBeLessThan(400);
    await make.emailSuppression.create(env.DB, { email: bouncing!, reason: "complaint" });
    await drain(recorder);

    expect(mc.accepted).toEqual([staying]);
    expect(await rowsOf(id)).toEqual([
      { recipient: staying, status: "sent", last_error: null },
      { recipient: leaving, status: "skipped", last_error: SKIP_REASONS.unsubscribed },
      { recipient: bouncing, status: "skipped", last_error: SKIP_REASONS.suppressed },
    ]);
    expect(await broadcastStats(env, { id, recipientCount: 3 })).toEqual({
      recipients: 3,
      written: 3,
      sent: 1,
      waiting: 0,
      held: 0,
      failed: 0,
      skipped: expect.arrayContaining([
        { reason: SKIP_REASONS.unsubscribed, count: 1 },
        { reason: SKIP_REASONS.suppressed, count: 1 },
      ]) as unknown,
      // The one who left did so before this broadcast reached them: not caused by it.
      unsubscribes: 0,
      clicks: [],
    });
    expect(await isSuppressed(env, ` ${bouncedBefore!.toUpperCase()} `)).toBe(true);
    expect(await isSuppressed(env, staying!)).toBe(false);
  });

  it("starts once when Send is pressed twice at the same moment", async () => {
    await subscribers(3);
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);

    const results = await Promise.all([startBroadcast(recorder.env, id, admin), startBroadcast(recorder.env, id, admin)]);

    expect(results.map((r) => r.status).sort()).toEqual(["not-a-draft", "started"]);
    expect(recorder.messages).toEqual([{ task: "broadcast-fanout", broadcastId: id }]);
    expect(await all("SELECT action FROM audit_log WHERE record_id = ? AND action = 'broadcasts.send'", id)).toHaveLength(1);
    // A third press on a broadcast already sending is refused too.
    expect(await startBroadcast(recorder.env, id, admin)).toEqual({ status: "not-a-draft" });
  });

  it("holds batches while paused and sends them once resumed; a fan-out that stalled goes on at the next cron run", async () => {
    const emails = await subscribers(3);
    const mc = mailChannels();
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);
    await startBroadcast(recorder.env, id, admin);
    expect(await pauseBroadcast(recorder.env, id, admin)).toBe(true);
    // The fan-out step does nothing while paused, and a batch already queued is held.
    await fanoutStep(recorder.env, id);
    expect(await rowsOf(id)).toEqual([]);
    await env.DB.prepare("UPDATE broadcasts SET status = 'sending' WHERE id = ?").bind(id).run();
    await fanoutStep(recorder.env, id);
    await env.DB.prepare("UPDATE broadcasts SET status = 'paused' WHERE id = ?").bind(id).run();
    recorder.messages.splice(0, 1);
    await drain(recorder);
    expect(mc.accepted).toEqual([]);
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(["held", "held", "held"]);

    expect(await resumeBroadcast(recorder.env, id, admin)).toBe(true);
    await drain(recorder);
    expect(mc.accepted.sort()).toEqual(emails);

    // Another broadcast whose fan-out message was lost: the cron queues its step again once it has stalled.
    await subscribers(2, "late");
    const lost = await createBroadcast(recorder.env, draft(), admin);
    await startBroadcast(recorder.env, lost, admin);
    recorder.messages.splice(0);
    await cron(Date.now(), recorder.env);
    // (The cron's other jobs may queue what earlier tests left; this broadcast's step is not queued yet.)
    expect(recorder.messages).not.toContainEqual({ task: "broadcast-fanout", broadcastId: lost });
    await cron(Date.now() + 4 * 60 * 1000, recorder.env);
    expect(recorder.messages).toContainEqual({ task: "broadcast-fanout", broadcastId: lost });
    await drain(recorder);
    expect((await rowsOf(lost)).map((r) => r.status)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
  });
});

describe("fan-out steps run twice at once", () => {
  it("write every recipient once and go on to the end", async () => {
    const emails = await subscribers(1200);
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);
    await startBroadcast(recorder.env, id, admin);
    recorder.messages.splice(0);
    // The cron's resume beside a late message: two chains of steps at once, until neither queues another.
    let steps = [fanoutStep(recorder.env, id), fanoutStep(recorder.env, id)];
    for (let round = 0; round < 10; round++) {
      await Promise.all(steps);
      const next = recorder.messages.splice(0).filter((m) => typeof m === "object" && m !== null && "task" in m);
      if (next.length === 0) break;
      steps = next.map(() => fanoutStep(recorder.env, id));
    }
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.recipient)).toEqual(emails);
    expect((await all<{ done: number | null }>("SELECT fanout_done_at AS done FROM broadcasts WHERE id = ?", id))[0]!.done).not.toBeNull();
  });
});

describe("scheduled broadcasts", () => {
  const NEW_YORK = "America/New_York";

  beforeEach(async () => {
    await make.teamSettings.replace(env.DB, { id: "team", timeZone: NEW_YORK });
  });

  it("fires at the local hour across a daylight-saving change (09:00 in New York is 14:00 UTC before it, 13:00 after)", async () => {
    const emails = await subscribers(2);
    const mc = mailChannels();
    const recorder = recordingEnv(mailchannelsEnv);
    // Scheduled on Friday 12 March 2027 (EST, UTC-5) for Monday 15 March at 09:00, after the change of 14 March (EDT, UTC-4).
    const friday = Date.UTC(2027, 2, 12, 15, 0);
    const id = await createBroadcast(recorder.env, draft(), admin);
    expect(await scheduleBroadcast(recorder.env, id, { date: "2027-03-15", time: "09:00" }, admin, friday)).toEqual({
      status: "scheduled",
      at: Date.UTC(2027, 2, 15, 13, 0),
    });

    // 09:00 at the offset of the day it was scheduled (EST) would be 14:00 UTC: at 13:55 UTC it must have fired already.
    await cron(Date.UTC(2027, 2, 15, 12, 55), recorder.env);
    expect((await statusOf(id)).status).toBe("scheduled");
    await cron(Date.UTC(2027, 2, 15, 13, 0), recorder.env);
    expect((await statusOf(id)).status).toBe("sending");
    await drain(recorder);
    // (The cron's other jobs may email the team, such as the daily digest: only the readers' emails count here.)
    expect(mc.accepted.filter((to) => to.startsWith("reader-")).sort()).toEqual(emails);

    // A time the change skips (02:30 on 14 March does not exist in New York) is the first minute after the gap.
    expect(instantOfLocalTime("2027-03-14", "02:30", NEW_YORK)).toBe(Date.UTC(2027, 2, 14, 7, 0));
    expect(instantOfLocalTime("2027-11-07", "09:00", NEW_YORK)).toBe(Date.UTC(2027, 10, 7, 14, 0));
  });

  it("does not send one whose audience became empty, and tells the admin who made it", async () => {
    const [only] = await subscribers(1);
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);
    const at = Date.now() + 60 * 60 * 1000;
    await scheduleBroadcast(recorder.env, id, { date: new Date(at).toISOString().slice(0, 10), time: "23:59" }, admin, Date.now() - 1);
    // The only subscriber leaves before its time.
    await env.DB.prepare("UPDATE newsletter_subscribers SET status = 'unsubscribed' WHERE email = ?").bind(only).run();

    await cron(Date.now() + 3 * 24 * 60 * 60 * 1000, recorder.env);

    expect(await statusOf(id)).toEqual({ status: "cancelled", note: EMPTY_AUDIENCE_NOTE });
    expect(await rowsOf(id)).toEqual([]);
    const told = await all<{ recipient: string; subject: string }>(
      "SELECT recipient, subject FROM email_outbox WHERE kind = 'broadcast-not-sent'",
    );
    expect(told).toEqual([{ recipient: admin.email, subject: 'Not sent: "Growth notes: November" had nobody in its audience' }]);
    // A second run tells nobody again.
    await cron(Date.now() + 3 * 24 * 60 * 60 * 1000, recorder.env);
    expect(await all("SELECT id FROM email_outbox WHERE kind = 'broadcast-not-sent'")).toHaveLength(1);
  });

  it("can be cancelled until it starts, and a time in the past is refused", async () => {
    const recorder = recordingEnv(mailchannelsEnv);
    const id = await createBroadcast(recorder.env, draft(), admin);
    expect(await scheduleBroadcast(recorder.env, id, { date: "2020-01-01", time: "09:00" }, admin)).toEqual({ status: "in-the-past" });
    await scheduleBroadcast(recorder.env, id, { date: "2099-01-01", time: "09:00" }, admin);
    expect(await cancelBroadcast(recorder.env, id, admin)).toBe(true);
    expect((await statusOf(id)).status).toBe("cancelled");
    expect(await cancelBroadcast(recorder.env, id, admin)).toBe(false);
  });
});
