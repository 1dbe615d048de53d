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
import { MAX_TOTAL_ATTEMPTS, QUEUE_DELIVERIES, SEND_LEASE_MS, SEND_TIMEOUT_MS } from "~/email/policy";
import { handleEmailBatch } from "~/email/consumer.server";
import { sweepOutbox } from "~/email/sweeper.server";
import type { OutboxRow } from "~/db/schema";
import * as make from "../factories";
import { all, envWithFailingStatements, recordingEnv } from "./helpers";

type Row = { status: string; attempts: number; last_error: string | null; sent_at: number | null; next_attempt_at: number };

async function insertOutbox({
  status = "queued",
  attempts = 0,
  nextAttemptAt = Date.now(),
  email = `dev-${crypto.randomUUID().slice(0, 8)}@example.com`,
}: { status?: OutboxRow["status"]; attempts?: number; nextAttemptAt?: number; email?: string } = {}) {
  const { id } = await make.outboxRow.create(env.DB, {
    kind: "waitlist-confirmation",
    recipient: email,
    subject: "You're on the waitlist for Founder Quest",
    payload: { email },
    status,
    attempts,
    nextAttemptAt: new Date(nextAttemptAt),
  });
  return { id, email };
}

const row = async (id: string) =>
  (await all<Row>("SELECT status, attempts, last_error, sent_at, next_attempt_at FROM email_outbox WHERE id = ?", id))[0]!;

async function deliver(outboxId: string, testEnv: Env, attempts = 1) {
  const batch = createMessageBatch("founder-leads-email", [{ id: `msg-${outboxId}`, timestamp: new Date(), attempts, body: { outboxId } }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

const mailchannelsEnv = { ...env, EMAIL_TRANSPORT: "mailchannels", MAILCHANNELS_API_KEY: "mc-test-key" };

afterEach(() => vi.restoreAllMocks());

describe("email queue consumer", () => {
  it("claims its row again after a moment of D1 trouble, and sends at once rather than after the queue's retry", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await insertOutbox();
    const busy = envWithFailingStatements(
      {
        match: (sql) => /^update "email_outbox" set "lease_until"/i.test(sql),
        message: "D1_ERROR: database is locked: SQLITE_BUSY",
        failures: 1,
      },
      mailchannelsEnv,
    );

    const result = await deliver(id, busy.env);

    expect(busy.refusals()).toBe(1);
    expect(result.explicitAcks).toEqual([`msg-${id}`]);
    expect(result.retryMessages).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await row(id)).status).toBe("sent");
  });

  it("sends through MailChannels with the API key and the right body, then marks the row sent", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id, email } = await insertOutbox();

    const result = await deliver(id, mailchannelsEnv);

    expect(result.explicitAcks).toEqual([`msg-${id}`]);
    expect(result.retryMessages).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(MAILCHANNELS_URL);
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("X-Api-Key")).toBe("mc-test-key");
    const body = JSON.parse(String(init?.body)) as MailChannelsBody;
    // The waitlist's email goes to a list: its unsubscribe headers ride on the personalization (ADR 0016).
    expect(body.personalizations).toEqual([
      {
        to: [{ email }],
        headers: {
          "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:8787\/unsubscribe\/waitlist\.[\w-]+>$/),
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "List-Id": "Founder Leads waitlist <waitlist.localhost>",
        },
      },
    ]);
    expect(body.from).toEqual({ email: "hello@localhost.test", name: "Founder Leads" });
    expect(body.subject).toBe("You're on the waitlist for Founder Quest");
    expect(body.content.map((c) => c.type)).toEqual(["text/plain", "text/html"]);
    expect(body.content[0]!.value).toContain("We'll notify you when the game launches.");
    expect(body.content[1]!.value).toContain("<h1");

    const after = await row(id);
    expect(after.status).toBe("sent");
    expect(after.attempts).toBe(1);
    expect(after.sent_at).toBeGreaterThan(0);
  });

  it("escapes what visitors typed when it renders the HTML", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await make.outboxRow.create(env.DB, {
      kind: "waitlist-notice",
      recipient: "team@localhost.test",
      subject: "s",
      payload: { email: "<img src=x onerror=alert(1)>@x.com" },
    });
    await deliver(id, mailchannelsEnv);
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as MailChannelsBody;
    expect(body.content[1]!.value).not.toContain("<img src=x");
    expect(body.content[1]!.value).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("retries with a delay when the provider answers 500, and marks the row failed after the last delivery", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("upstream broke", { status: 500 }));
    const { id } = await insertOutbox();

    const before = Date.now();
    const first = await deliver(id, mailchannelsEnv, 1);
    expect(first.retryMessages).toEqual([{ msgId: `msg-${id}` }]);
    expect(first.explicitAcks).toEqual([]);
    let after = await row(id);
    expect(after.status).toBe("queued");
    expect(after.attempts).toBe(1);
    expect(after.last_error).toContain("MailChannels answered 500: upstream broke");
    // Retried after 30 s (the first step of the growing delay).
    expect(after.next_attempt_at).toBeGreaterThanOrEqual(before + 30_000);
    expect(after.next_attempt_at).toBeLessThan(Date.now() + 31_000);

    const last = await deliver(id, mailchannelsEnv, QUEUE_DELIVERIES);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toEqual([`msg-${id}`]);
    after = await row(id);
    expect(after.status).toBe("failed");
    expect(after.attempts).toBe(2);
    expect(after.next_attempt_at).toBeGreaterThan(Date.now());
  });

  it("sends nothing twice when a message is delivered again", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await insertOutbox();
    await deliver(id, mailchannelsEnv);
    const again = await deliver(id, mailchannelsEnv);
    expect(again.explicitAcks).toEqual([`msg-${id}`]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await row(id)).attempts).toBe(1);
  });

  it("lets only one delivery send a row at a time (a concurrent duplicate waits, then finds it sent)", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await insertOutbox();
    await env.DB.prepare("UPDATE email_outbox SET lease_until = ?2 WHERE id = ?1")
      .bind(id, Date.now() + 60_000)
      .run();
    const whileHeld = await deliver(id, mailchannelsEnv);
    expect(whileHeld.retryMessages).toEqual([{ msgId: `msg-${id}` }]);
    expect(fetchMock).not.toHaveBeenCalled();
    await env.DB.prepare("UPDATE email_outbox SET lease_until = ?2 WHERE id = ?1")
      .bind(id, Date.now() - 1)
      .run();
    await deliver(id, mailchannelsEnv);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await row(id)).status).toBe("sent");
  });

  it("marks the row sent through the log transport without any HTTP call", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const { id, email } = await insertOutbox();
    await deliver(id, env);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(log.mock.calls.flat().join("\n")).toContain(`[email:log] to=${email}`);
    expect((await row(id)).status).toBe("sent");
  });

  it("fails a row whose MailChannels key is missing, keeping the reason", async () => {
    const { id } = await insertOutbox();
    await deliver(id, { ...mailchannelsEnv, MAILCHANNELS_API_KEY: "" }, QUEUE_DELIVERIES);
    const after = await row(id);
    expect(after.status).toBe("failed");
    expect(after.last_error).toBe("MAILCHANNELS_API_KEY is not set");
  });
});

/** The env with a D1 that fails every statement whose SQL matches `pattern` with a transient error. */
function envFailingStatements(pattern: RegExp, base: Env = mailchannelsEnv): { env: Env; failures: () => number } {
  let failures = 0;
  const fail = () => {
    failures += 1;
    return Promise.reject(new Error("D1_ERROR: Network connection lost."));
  };
  const failing: Record<string, unknown> = { run: fail, all: fail, raw: fail, first: fail };
  failing.bind = () => failing;
  const DB = new Proxy(base.DB, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => (pattern.test(query) ? failing : target.prepare(query));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...base, DB }, failures: () => failures };
}

const expireLease = (id: string) =>
  env.DB.prepare("UPDATE email_outbox SET lease_until = ?2 WHERE id = ?1")
    .bind(id, Date.now() - 1)
    .run();

describe("send receipt: an email is sent once even when recording it fails", () => {
  it("retries the 'sent' write, and a later delivery marks the row sent without sending again", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await insertOutbox();
    const broken = envFailingStatements(/"sent_at" = \?/);

    const first = await deliver(id, broken.env);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(broken.failures()).toBe(4); // the first try and three retries
    expect(first.explicitAcks).toEqual([`msg-${id}`]);
    expect((await row(id)).status).toBe("queued");
    expect(await env.CACHE.get(`email-sent:${id}`)).not.toBeNull();

    // The lease runs out and the sweeper (or the queue) delivers it again.
    await expireLease(id);
    const second = await deliver(id, mailchannelsEnv);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(second.explicitAcks).toEqual([`msg-${id}`]);
    const after = await row(id);
    expect(after.status).toBe("sent");
    expect(after.sent_at).toBeGreaterThan(0);
  });

  it("still sends an email whose first send never reached the provider", async () => {
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockRejectedValueOnce(new Error("connection reset by peer"))
      .mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await insertOutbox();

    const first = await deliver(id, mailchannelsEnv);
    expect(first.retryMessages).toHaveLength(1);
    expect(await env.CACHE.get(`email-sent:${id}`)).toBeNull();
    expect((await row(id)).status).toBe("queued");

    await deliver(id, mailchannelsEnv, 2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((await row(id)).status).toBe("sent");
  });
});

/** A provider that never answers: its fetch only ends when the caller aborts it. */
function providerThatNeverAnswers() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        signal?.addEventListener("abort", () => reject(signal.reason));
      }),
  );
}

/** One delivery straight to the consumer, with a short send deadline (the test does not wait 15 s). */
async function deliverWithDeadline(outboxId: string, testEnv: Env, sendTimeoutMs: number, attempts = 1) {
  const batch = createMessageBatch("founder-leads-email", [{ id: `msg-${outboxId}`, timestamp: new Date(), attempts, body: { outboxId } }]);
  const ctx = createExecutionContext();
  await handleEmailBatch(batch as never, testEnv, { sendTimeoutMs });
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

describe("send deadline: a send that hangs never outlives its lease", () => {
  it("is well under the lease, and every MailChannels call carries it", async () => {
    expect(SEND_TIMEOUT_MS).toBeGreaterThan(0);
    expect(SEND_TIMEOUT_MS * 2).toBeLessThanOrEqual(SEND_LEASE_MS);
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await insertOutbox();
    await deliver(id, mailchannelsEnv);
    expect(fetchMock.mock.calls[0]![1]?.signal).toBeInstanceOf(AbortSignal);
    expect((await row(id)).status).toBe("sent");
  });

  it("gives up on a provider that never answers, records the timeout and retries like a failed send; the retry sends one copy", async () => {
    const hanging = providerThatNeverAnswers();
    const { id } = await insertOutbox();

    const started = Date.now();
    const first = await deliverWithDeadline(id, mailchannelsEnv, 50);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hanging).toHaveBeenCalledTimes(1);
    expect(first.retryMessages).toEqual([{ msgId: `msg-${id}` }]);
    expect(first.explicitAcks).toEqual([]);
    const after = (
      await all<Row & { lease_until: number | null }>("SELECT status, attempts, last_error, lease_until FROM email_outbox WHERE id = ?", id)
    )[0]!;
    expect(after.status).toBe("queued");
    expect(after.attempts).toBe(1);
    expect(after.last_error).toBe("MailChannels did not answer within 50 ms");
    expect(after.lease_until).toBeNull(); // free for the retry at once, not after the lease
    expect(await env.CACHE.get(`email-sent:${id}`)).toBeNull(); // never accepted: no receipt

    // The queue's retry: the provider answers now, and the email goes out once.
    hanging.mockRestore();
    const accepting = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const second = await deliverWithDeadline(id, mailchannelsEnv, 50, 2);
    expect(second.explicitAcks).toEqual([`msg-${id}`]);
    expect(accepting).toHaveBeenCalledTimes(1);
    expect((await row(id)).status).toBe("sent");
    expect((await row(id)).attempts).toBe(2);
    expect(await env.CACHE.get(`email-sent:${id}`)).not.toBeNull();

    // Any later delivery (the queue's at-least-once, a sweep) sends nothing more.
    const third = await deliverWithDeadline(id, mailchannelsEnv, 50, 3);
    expect(third.explicitAcks).toEqual([`msg-${id}`]);
    expect(accepting).toHaveBeenCalledTimes(1);
  });

  it("marks the row failed when the provider still does not answer at the last delivery, even a call that ignores the abort", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise<Response>(() => {}));
    const { id } = await insertOutbox();
    const last = await deliverWithDeadline(id, mailchannelsEnv, 20, QUEUE_DELIVERIES);
    expect(last.explicitAcks).toEqual([`msg-${id}`]);
    const after = await row(id);
    expect(after.status).toBe("failed");
    expect(after.last_error).toBe("MailChannels did not answer within 20 ms");
  });

  it("sends nothing again after a delivery whose send was accepted but which ran out before marking the row sent", async () => {
    // Accepted by the provider, then the row could not be marked sent: only the receipt knows.
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    const { id } = await insertOutbox();
    await deliverWithDeadline(id, envFailingStatements(/"sent_at" = \?/).env, 50);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await row(id)).status).toBe("queued");

    // Its lease runs out; a later delivery, even one whose provider would now hang, sends nothing.
    await expireLease(id);
    fetchMock.mockRestore();
    const hanging = providerThatNeverAnswers();
    const later = await deliverWithDeadline(id, mailchannelsEnv, 50, 2);
    expect(hanging).not.toHaveBeenCalled();
    expect(later.explicitAcks).toEqual([`msg-${id}`]);
    expect((await row(id)).status).toBe("sent");
  });
});

describe("outbox sweeper (cron)", () => {
  async function sweep(testEnv: Env) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
  }

  it("re-queues a row still queued 2 minutes after it was due, and leaves fresh and sent rows alone", async () => {
    const stale = await insertOutbox({ nextAttemptAt: Date.now() - 3 * 60_000 });
    const fresh = await insertOutbox({ nextAttemptAt: Date.now() });
    const sent = await insertOutbox({ status: "sent", nextAttemptAt: Date.now() - 3 * 60_000 });
    const rec = recordingEnv();

    await sweep(rec.env);

    expect(rec.messages).toContainEqual({ outboxId: stale.id });
    expect(rec.messages).not.toContainEqual({ outboxId: fresh.id });
    expect(rec.messages).not.toContainEqual({ outboxId: sent.id });
    expect((await row(stale.id)).next_attempt_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it("leaves a row alone while a consumer holds it", async () => {
    const held = await insertOutbox({ nextAttemptAt: Date.now() - 3 * 60_000 });
    await env.DB.prepare("UPDATE email_outbox SET lease_until = ?2 WHERE id = ?1")
      .bind(held.id, Date.now() + 60_000)
      .run();
    const rec = recordingEnv();
    await sweep(rec.env);
    expect(rec.messages).not.toContainEqual({ outboxId: held.id });
  });

  it("re-queues failed rows whose retry time has come, up to the cap on attempts", async () => {
    const due = await insertOutbox({ status: "failed", attempts: 4, nextAttemptAt: Date.now() - 1000 });
    const later = await insertOutbox({ status: "failed", attempts: 4, nextAttemptAt: Date.now() + 60 * 60_000 });
    const exhausted = await insertOutbox({ status: "failed", attempts: MAX_TOTAL_ATTEMPTS, nextAttemptAt: Date.now() - 1000 });
    const rec = recordingEnv();

    await sweep(rec.env);

    expect(rec.messages).toContainEqual({ outboxId: due.id });
    expect(rec.messages).not.toContainEqual({ outboxId: later.id });
    expect(rec.messages).not.toContainEqual({ outboxId: exhausted.id });
    expect((await row(due.id)).status).toBe("queued");
    expect((await row(exhausted.id)).status).toBe("failed");
  });

  /** `n` failed rows due for retry, for one recipient, in one statement (made by SQLite: through a factory, 1,000 rows would be 143). */
  async function insertDueBacklog(n: number): Promise<string> {
    const recipient = `backlog-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare(
      `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?1)
       INSERT INTO email_outbox (id, kind, recipient, subject, payload, status, attempts, next_attempt_at, created_at)
       SELECT ?2 || '-' || i, 'waitlist-confirmation', ?2, 'Backlog', '{"email":"x@example.com"}', 'failed', 4, ?3 - i, ?3 - i FROM seq`,
    )
      .bind(n, recipient, Date.now() - 1000)
      .run();
    return recipient;
  }

  it("drains a backlog of 1,000 failed rows due for retry in one run", async () => {
    const recipient = await insertDueBacklog(1000);
    const rec = recordingEnv();
    await sweep(rec.env);
    const ours = rec.messages.filter((m) => String((m as { outboxId: string }).outboxId).startsWith(recipient));
    expect(new Set(ours.map((m) => (m as { outboxId: string }).outboxId)).size).toBe(1000);
    expect(await all("SELECT status, count(*) AS n FROM email_outbox WHERE recipient = ? GROUP BY status", recipient)).toEqual([
      { status: "queued", n: 1000 },
    ]);
  });

  it("stops cleanly when its query budget is spent, and the next run goes on", async () => {
    const recipient = await insertDueBacklog(450);
    const rec = recordingEnv();
    const first = await sweepOutbox(rec.env, Date.now(), { queries: 5, ms: 60_000 });
    expect(first.stoppedBy).toBe("queries");
    expect(first.queries).toBeLessThanOrEqual(5);
    const firstOurs = first.requeued.filter((id) => id.startsWith(recipient)).length;
    expect(firstOurs).toBeGreaterThan(0);
    expect(firstOurs).toBeLessThanOrEqual(200);
    const second = await sweepOutbox(rec.env, Date.now());
    expect(second.stoppedBy).toBe("done");
    expect(await all("SELECT status, count(*) AS n FROM email_outbox WHERE recipient = ? GROUP BY status", recipient)).toEqual([
      { status: "queued", n: 450 },
    ]);
  });

  it("removes rate-limit counters of windows that ended a day ago", async () => {
    await make.rateLimit.createMany(env.DB, [
      { key: "old:ip", windowStart: Date.now() - 2 * 86_400_000, count: 3 },
      { key: "new:ip", windowStart: Date.now(), count: 1 },
    ]);
    await sweep(recordingEnv().env);
    expect(await all("SELECT key FROM rate_limits WHERE key IN ('old:ip', 'new:ip')")).toEqual([{ key: "new:ip" }]);
  });
});
