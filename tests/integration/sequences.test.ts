/**
 * Follow-up sequences (ADR 0024): the two shipped sequences exist and are off; a form whose notice names follow-up
 * emails enrols its submitter once (never an address that unsubscribed); the cron's engine sends each due step once
 * (two runs at once, a lost D1 answer), and skips with its reason a step whose person booked a call, was handled or
 * unsubscribed, or whose address is on the broadcasts' suppression list; the daily cap defers a step; a step's merge
 * fields are checked and its values escaped. A cancelled call enrols the people whose consent allows it, and a new
 * booking ends those emails; an address that unsubscribed or was erased is never enrolled again (its keyed hash).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { renderEmail, emailContext } from "~/email/render.server";
import { fillMergeFields, sequenceStepSchema, unknownMergeFields } from "~/features/sequences";
import { runSequences, sequenceEmails } from "~/features/sequences/index.server";
import { unsubscribeUrl } from "~/lib/list-unsubscribe.server";
import { calComBody, calComHeaders } from "../scheduler-signing";
import { SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, envLosingAnswers, postForm, recordingEnv, request } from "./helpers";

const HOUR = 3_600_000;
const uid = () => crypto.randomUUID().slice(0, 8);
const STEPS = [
  { subject: "Hello {first_name}", body: "Hi {first_name}, about **{app}**: [book a call]({booking_link}).", delayHours: 24 },
  { subject: "Second note", body: "Still here. [Unsubscribe]({unsubscribe_link})", delayHours: 72 },
];

async function sequence(trigger = "onboarding", enabled = true): Promise<string> {
  const id = `test-${uid()}`;
  await env.DB.prepare(
    "INSERT INTO sequences (id, name, trigger, steps, enabled, created_at, updated_at) VALUES (?1, ?1, ?2, ?3, ?4, 0, 0)",
  )
    .bind(id, trigger, JSON.stringify(STEPS), enabled ? 1 : 0)
    .run();
  return id;
}

async function person(overrides: { name?: string; app?: string; status?: string } = {}) {
  const id = crypto.randomUUID();
  const email = `seq-${uid()}@example.com`;
  await env.DB.prepare(
    `INSERT INTO people (id, email, name, app, status, first_form, last_form, created_at, last_seen_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, 'onboarding', 'onboarding', 0, 0, 0)`,
  )
    .bind(id, email, overrides.name ?? "Ada", overrides.app ?? "Ada Reviews", overrides.status ?? "new")
    .run();
  return { id, email };
}

async function enrol(sequenceId: string, personId: string, dueAt: number, nextStep = 0): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "INSERT INTO sequence_enrolments (id, sequence_id, person_id, next_step, due_at, state, enrolled_at) VALUES (?1, ?2, ?3, ?4, ?5, 'active', 0)",
  )
    .bind(id, sequenceId, personId, nextStep, dueAt)
    .run();
  return id;
}

type Enrolment = { next_step: number; due_at: number; state: string; stopped_reason: string | null };
const enrolment = async (id: string) =>
  (await all<Enrolment>("SELECT next_step, due_at, state, stopped_reason FROM sequence_enrolments WHERE id = ?1", id))[0]!;
const records = (id: string) =>
  all<{ step: number; outcome: string; reason: string | null; outbox_id: string | null }>(
    "SELECT step, outcome, reason, outbox_id FROM sequence_step_records WHERE enrolment_id = ?1 ORDER BY step",
    id,
  );
const stepEmails = (email: string) =>
  all<{ id: string; subject: string; payload: string; status: string }>(
    "SELECT id, subject, payload, status FROM email_outbox WHERE kind = 'sequence-step' AND recipient = ?1",
    email,
  );
const queued = (messages: unknown[]) => messages.map((m) => (m as { outboxId: string }).outboxId);
/** The queued messages whose outbox row goes to this address (other tests' steps may be due in the same run). */
const queuedTo = async (messages: unknown[], email: string) =>
  (await Promise.all(queued(messages).map((id) => all<{ recipient: string }>("SELECT recipient FROM email_outbox WHERE id = ?1", id))))
    .flat()
    .filter((r) => r.recipient === email);

describe("the shipped sequences", () => {
  it("exist, switched off, each with two steps using only known merge fields", async () => {
    const rows = await all<{ id: string; trigger: string; enabled: number; steps: string }>(
      "SELECT id, trigger, enabled, steps FROM sequences WHERE id IN ('onboarding-no-booking', 'lead-magnet-follow-up') ORDER BY id",
    );
    expect(rows.map((r) => [r.id, r.trigger, r.enabled])).toEqual([
      ["lead-magnet-follow-up", "lead-magnet", 0],
      ["onboarding-no-booking", "onboarding", 0],
    ]);
    const steps = rows.map((r) => JSON.parse(r.steps) as { subject: string; body: string; delayHours: number }[]);
    expect(steps.map((s) => s.map((step) => step.delayHours))).toEqual([
      [48, 72],
      [24, 72],
    ]);
    expect(steps[1]![0]!.body).toContain("{booking_link}");
    for (const step of steps.flat()) expect(sequenceStepSchema.safeParse(step).success).toBe(true);
  });
});

describe("a step's merge fields", () => {
  it("an unknown merge field refuses the step, naming it", () => {
    const parsed = sequenceStepSchema.safeParse({ subject: "Hi", body: "Hello {frist_name}, see {app} and {boking_link}", delayHours: 24 });
    expect(parsed.success).toBe(false);
    const message = parsed.error!.issues.map((i) => i.message).join(" ");
    expect(message).toContain("{frist_name}");
    expect(message).toContain("{boking_link}");
    expect(unknownMergeFields("{first_name} {app} {booking_link} {unsubscribe_link}")).toEqual([]);
  });

  it("every value is escaped: a name cannot make a link, bold text or another merge field", async () => {
    const body = fillMergeFields("Hi {first_name}, {app}", {
      first_name: "[win](https://evil.example) **now**",
      app: "{unsubscribe_link}<b>",
    });
    expect(body).toBe("Hi winhttps://evil.example now, unsubscribe_link<b>");
    const template = sequenceEmails[0]!;
    const rendered = renderEmail(
      template,
      { subject: "S", body, enrolmentId: "e", step: 0 },
      await emailContext(env, template, "x@example.com"),
    );
    expect(rendered.html).not.toContain('evil.example"');
    expect(rendered.html).toContain("unsubscribe_link&lt;b&gt;");
    expect(rendered.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe("enrolment through a form", () => {
  const premium = (email: string) => ({
    firstName: "Grace",
    email,
    company: "Hopper Apps",
    accessTiming: "this-week",
    redirectTo: "/playbooks",
  });

  it("a premium request enrols its person once, due a step's delay later; an address that unsubscribed is never enrolled", async () => {
    const seq = await sequence("premium");
    const email = `premium-${uid()}@example.com`;
    for (let i = 0; i < 2; i++)
      expect((await postForm("/playbooks/premium", premium(email), { testEnv: recordingEnv().env })).status).toBe(302);
    const rows = await all<{ due_at: number; enrolled_at: number; state: string }>(
      `SELECT e.due_at, e.enrolled_at, e.state FROM sequence_enrolments e JOIN people p ON p.id = e.person_id
       WHERE p.email = ?1 AND e.sequence_id = ?2`,
      email,
      seq,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe("active");
    expect(rows[0]!.due_at - rows[0]!.enrolled_at).toBe(24 * HOUR);

    const left = `left-${uid()}@example.com`;
    await env.DB.prepare("INSERT INTO sequence_unsubscribes (email, unsubscribed_at) VALUES (?1, 0)").bind(left).run();
    expect((await postForm("/playbooks/premium", premium(left), { testEnv: recordingEnv().env })).status).toBe(302);
    expect(await all("SELECT e.id FROM sequence_enrolments e JOIN people p ON p.id = e.person_id WHERE p.email = ?1", left)).toHaveLength(
      0,
    );
  });
});

describe("the engine", () => {
  it("sends a due step with its merge fields filled, once, and the last step ends the enrolment", async () => {
    const seq = await sequence();
    const p = await person({ name: "Ada", app: "Ada Reviews" });
    const at = Date.now();
    const id = await enrol(seq, p.id, at - 1000);
    const rec = recordingEnv();
    await runSequences(rec.env, at);
    const [email] = await stepEmails(p.email);
    expect(email!.subject).toBe("Hello Ada");
    expect(JSON.parse(email!.payload).body).toBe(
      `Hi Ada, about **Ada Reviews**: [book a call](${env.SITE_URL.replace(/\/+$/, "")}/call-booking).`,
    );
    expect(queued(rec.messages)).toContain(email!.id);
    expect(await enrolment(id)).toMatchObject({ next_step: 1, due_at: at + 72 * HOUR, state: "active" });

    await runSequences(rec.env, at + 71 * HOUR);
    expect(await enrolment(id)).toMatchObject({ next_step: 1, state: "active" });
    await runSequences(rec.env, at + 97 * HOUR);
    expect((await records(id)).map((r) => r.outcome)).toEqual(["sent", "sent"]);
    expect(await stepEmails(p.email)).toHaveLength(2);
    expect(await enrolment(id)).toMatchObject({ next_step: 2, state: "done" });
  });

  it("a step is due and the person books a call: the step is skipped with its reason and no email is queued", async () => {
    const seq = await sequence();
    const p = await person();
    const at = Date.now();
    const id = await enrol(seq, p.id, at - 1000);
    const start = Date.now() + 48 * HOUR;
    const body = calComBody("BOOKING_CREATED", {
      uid: `cal-${uid()}`,
      email: p.email,
      start: new Date(start).toISOString(),
      end: new Date(start + HOUR / 2).toISOString(),
      at: new Date().toISOString(),
    });
    const res = await request("/hooks/scheduler/cal-com", {
      method: "POST",
      body,
      headers: await calComHeaders(env.CAL_COM_WEBHOOK_SECRET!, body),
    });
    expect(res.status).toBe(200);
    const rec = recordingEnv();
    await runSequences(rec.env, at);
    expect(await records(id)).toEqual([{ step: 0, outcome: "skipped", reason: "call booked", outbox_id: null }]);
    expect(await enrolment(id)).toMatchObject({ state: "exited", stopped_reason: "call booked" });
    expect(await stepEmails(p.email)).toEqual([]);
    expect(await queuedTo(rec.messages, p.email)).toEqual([]);
  });

  it("two cron runs at once send each due step once", async () => {
    const seq = await sequence();
    const people = await Promise.all([person(), person(), person()]);
    const at = Date.now();
    const ids = await Promise.all(people.map((p) => enrol(seq, p.id, at - 1000)));
    const a = recordingEnv();
    const b = recordingEnv();
    await Promise.all([runSequences(a.env, at), runSequences(b.env, at)]);
    const all_ = [...queued(a.messages), ...queued(b.messages)];
    for (const [i, p] of people.entries()) {
      const emails = await stepEmails(p.email);
      expect(emails).toHaveLength(1);
      expect(all_.filter((q) => q === emails[0]!.id)).toHaveLength(1);
      expect(await records(ids[i]!)).toEqual([{ step: 0, outcome: "sent", reason: null, outbox_id: emails[0]!.id }]);
    }
  });

  it("a lost D1 answer after the step's batch still gives one email, queued", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const seq = await sequence();
    const p = await person();
    const at = Date.now();
    const id = await enrol(seq, p.id, at - 1000);
    const rec = recordingEnv();
    const losing = envLosingAnswers(1, rec.env);
    await runSequences(losing.env, at);
    expect(losing.calls()).toBe(2);
    const emails = await stepEmails(p.email);
    expect(emails).toHaveLength(1);
    expect(queued(rec.messages).filter((q) => q === emails[0]!.id)).toHaveLength(1);
    expect(await records(id)).toHaveLength(1);
    expect(await enrolment(id)).toMatchObject({ next_step: 1, state: "active" });
  });

  it("an unsubscribed person gets nothing more: the one-click link stops the next step", async () => {
    const seq = await sequence();
    const p = await person();
    const at = Date.now();
    const id = await enrol(seq, p.id, at - 1000);
    await runSequences(recordingEnv().env, at);
    expect(await stepEmails(p.email)).toHaveLength(1);

    const link = new URL(await unsubscribeUrl(env, "follow-up", p.email));
    const res = await request(link.pathname, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(400);
    expect(await all("SELECT email FROM sequence_unsubscribes WHERE email = ?1", p.email)).toHaveLength(1);

    const rec = recordingEnv();
    await runSequences(rec.env, at + 73 * HOUR);
    expect(await stepEmails(p.email)).toHaveLength(1);
    expect(await queuedTo(rec.messages, p.email)).toEqual([]);
    expect((await records(id)).at(-1)).toMatchObject({ step: 1, outcome: "skipped", reason: "unsubscribed" });
  });

  it("a handled person, a lost one and an admin's stop end the sequence; a disabled sequence waits", async () => {
    const seq = await sequence();
    const off = await sequence("onboarding", false);
    const at = Date.now();
    const contacted = await person({ status: "qualified" });
    const lost = await person({ status: "lost" });
    const stopped = await person();
    const waiting = await person();
    const [c, l, s, w] = await Promise.all([
      enrol(seq, contacted.id, at - 1000),
      enrol(seq, lost.id, at - 1000),
      enrol(seq, stopped.id, at - 1000),
      enrol(off, waiting.id, at - 1000),
    ]);
    await env.DB.prepare("UPDATE sequence_enrolments SET state = 'stopped', stopped_reason = 'stopped by an admin' WHERE id = ?1")
      .bind(s)
      .run();
    await runSequences(recordingEnv().env, at);
    expect((await records(c))[0]).toMatchObject({ outcome: "skipped", reason: "contacted or later" });
    expect((await records(l))[0]).toMatchObject({ outcome: "skipped", reason: "lost" });
    expect(await records(s)).toEqual([]);
    expect(await records(w)).toEqual([]);
    expect(await enrolment(w)).toMatchObject({ state: "active", next_step: 0 });
    for (const p of [contacted, lost, stopped, waiting]) expect(await stepEmails(p.email)).toEqual([]);
  });

  it("the daily cap per address: a second step due the same day is sent on a later run", async () => {
    const [one, two] = [await sequence(), await sequence()];
    const p = await person();
    const at = Date.now();
    const first = await enrol(one, p.id, at - 2000);
    const second = await enrol(two, p.id, at - 1000);
    await runSequences(recordingEnv().env, at);
    expect(await stepEmails(p.email)).toHaveLength(1);
    expect(await records(first)).toHaveLength(1);
    expect(await records(second)).toEqual([]);
    expect(await enrolment(second)).toMatchObject({ next_step: 0, state: "active", due_at: at + HOUR });
    await runSequences(recordingEnv().env, at + HOUR);
    expect(await records(second)).toEqual([]);
    await runSequences(recordingEnv().env, at + 25 * HOUR);
    expect((await records(second))[0]).toMatchObject({ outcome: "sent" });
    expect(await stepEmails(p.email)).toHaveLength(2);
  });
});

describe("the suppression list", () => {
  it("a suppressed address (a hard bounce or a complaint) gets no step: skipped with its reason; another address is sent", async () => {
    const seq = await sequence();
    const [bounced, fine] = [await person(), await person()];
    const at = Date.now();
    const [b, f] = [await enrol(seq, bounced.id, at - 1000), await enrol(seq, fine.id, at - 1000)];
    await env.DB.prepare("INSERT INTO email_suppressions (email, reason, detail, created_at) VALUES (?1, 'hard-bounce', NULL, 0)")
      .bind(bounced.email)
      .run();
    const rec = recordingEnv();
    await runSequences(rec.env, at);
    expect(await records(b)).toEqual([{ step: 0, outcome: "skipped", reason: "suppressed", outbox_id: null }]);
    expect(await enrolment(b)).toMatchObject({ state: "exited", stopped_reason: "suppressed" });
    expect(await stepEmails(bounced.email)).toEqual([]);
    expect(await queuedTo(rec.messages, bounced.email)).toEqual([]);
    expect((await records(f))[0]).toMatchObject({ outcome: "sent" });
    expect(await queuedTo(rec.messages, fine.email)).toHaveLength(1);
  });
});

const premiumRequest = (email: string) => ({
  firstName: "Grace",
  email,
  company: "Hopper Apps",
  accessTiming: "this-week",
  redirectTo: "/playbooks",
});

/** A signed Cal.com event for the address, through the worker. */
async function calEvent(trigger: "BOOKING_CREATED" | "BOOKING_CANCELLED", bookingUid: string, email: string, at: number) {
  const start = at + 48 * HOUR;
  const body = calComBody(trigger, {
    uid: bookingUid,
    email,
    start: new Date(start).toISOString(),
    end: new Date(start + HOUR / 2).toISOString(),
    at: new Date(at).toISOString(),
  });
  const res = await request("/hooks/scheduler/cal-com", {
    method: "POST",
    body,
    headers: await calComHeaders(env.CAL_COM_WEBHOOK_SECRET!, body),
  });
  expect(res.status).toBe(200);
}

const enrolmentsOf = (email: string, sequenceId: string) =>
  all<{ id: string; due_at: number; enrolled_at: number; state: string }>(
    `SELECT e.id, e.due_at, e.enrolled_at, e.state FROM sequence_enrolments e JOIN people p ON p.id = e.person_id
     WHERE p.email = ?1 AND e.sequence_id = ?2`,
    email,
    sequenceId,
  );

describe("the cancelled-call trigger", () => {
  it("a cancelled call enrols a person who gave their address on a follow-up form, once; a new booking ends it", async () => {
    const seq = await sequence("call-cancelled");
    // The only sequence of its trigger: another test's would enrol them too, and the daily cap would hold one step.
    await env.DB.prepare("UPDATE sequences SET enabled = 0 WHERE trigger = 'call-cancelled' AND id != ?1").bind(seq).run();
    const [stays, rebooks] = [`cancel-${uid()}@example.com`, `rebook-${uid()}@example.com`];
    for (const email of [stays, rebooks])
      expect((await postForm("/playbooks/premium", premiumRequest(email), { testEnv: recordingEnv().env })).status).toBe(302);
    const t0 = Date.now();
    for (const email of [stays, rebooks]) {
      const booking = `cal-${uid()}`;
      await calEvent("BOOKING_CREATED", booking, email, t0 - 60_000);
      expect(await enrolmentsOf(email, seq)).toEqual([]);
      // Sent twice: one enrolment.
      await calEvent("BOOKING_CANCELLED", booking, email, t0 - 30_000);
      await calEvent("BOOKING_CANCELLED", booking, email, t0 - 30_000);
    }
    for (const email of [stays, rebooks]) {
      const rows = await enrolmentsOf(email, seq);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ state: "active" });
      expect(rows[0]!.due_at - rows[0]!.enrolled_at).toBe(24 * HOUR);
    }
    // The booking made them Contacted: a cancelled call's emails still go to them.
    const [status] = await all<{ status: string }>("SELECT status FROM people WHERE email = ?1", stays);
    expect(status!.status).toBe("contacted");

    await calEvent("BOOKING_CREATED", `cal-${uid()}`, rebooks, t0);
    const rec = recordingEnv();
    const due = Math.max(...(await Promise.all([stays, rebooks].map((e) => enrolmentsOf(e, seq)))).flat().map((e) => e.due_at));
    await runSequences(rec.env, due);
    const [kept] = await enrolmentsOf(stays, seq);
    expect((await records(kept!.id))[0]).toMatchObject({ step: 0, outcome: "sent" });
    expect(await queuedTo(rec.messages, stays)).toHaveLength(1);
    const [ended] = await enrolmentsOf(rebooks, seq);
    expect(await records(ended!.id)).toEqual([{ step: 0, outcome: "skipped", reason: "call booked", outbox_id: null }]);
    expect(await enrolment(ended!.id)).toMatchObject({ state: "exited", stopped_reason: "call booked" });
    expect(await queuedTo(rec.messages, rebooks)).toEqual([]);
  });

  it("an address that came only from the scheduler is not enrolled (its page names no follow-up emails)", async () => {
    const seq = await sequence("call-cancelled");
    const email = `scheduler-only-${uid()}@example.com`;
    const booking = `cal-${uid()}`;
    await calEvent("BOOKING_CREATED", booking, email, Date.now() - 60_000);
    await calEvent("BOOKING_CANCELLED", booking, email, Date.now() - 30_000);
    expect(await all("SELECT id FROM people WHERE email = ?1", email)).toHaveLength(1);
    expect(await enrolmentsOf(email, seq)).toEqual([]);
  });
});

describe("never enrolled again", () => {
  it("a person who was enrolled and erased gives their address on a form again: they are stored, not enrolled", async () => {
    const seq = await sequence("premium");
    const email = `erased-${uid()}@example.com`;
    const other = `fresh-${uid()}@example.com`;
    expect((await postForm("/playbooks/premium", premiumRequest(email), { testEnv: recordingEnv().env })).status).toBe(302);
    expect(await enrolmentsOf(email, seq)).toHaveLength(1);

    const admin = await signedInAdmin();
    const erase = await postForm(
      "/admin/privacy",
      { intent: "erase", email: ` ${email.toUpperCase()}`, requestId: crypto.randomUUID(), confirm: "yes" },
      { cookie: admin.cookie, headers: SAME_ORIGIN },
    );
    expect(erase.status).toBe(302);
    expect(await all("SELECT id FROM people WHERE email = ?1", email)).toEqual([]);
    const blocks = await all<{ hash: string; reason: string }>("SELECT hash, reason FROM sequence_address_blocks WHERE reason = 'erased'");
    expect(blocks.length).toBeGreaterThan(0);
    // The hash names no address.
    for (const b of blocks) expect(b.hash).toMatch(/^[0-9a-f]{64}$/);

    for (const address of [email, other])
      expect((await postForm("/playbooks/premium", premiumRequest(address), { testEnv: recordingEnv().env })).status).toBe(302);
    expect(await all("SELECT id FROM people WHERE email = ?1", email)).toHaveLength(1);
    expect(await enrolmentsOf(email, seq)).toEqual([]);
    expect(await enrolmentsOf(other, seq)).toHaveLength(1);
  });

  it("a person who left the follow-up emails and was then erased is still never enrolled again", async () => {
    const seq = await sequence("premium");
    const email = `left-then-erased-${uid()}@example.com`;
    expect((await postForm("/playbooks/premium", premiumRequest(email), { testEnv: recordingEnv().env })).status).toBe(302);
    const link = new URL(await unsubscribeUrl(env, "follow-up", email));
    const res = await request(link.pathname, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(400);
    // The unsubscribe row goes with the erasure below (done directly: the route is tested above); the hash stays.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM sequence_unsubscribes WHERE email = ?1").bind(email),
      env.DB.prepare("DELETE FROM sequence_enrolments WHERE person_id IN (SELECT id FROM people WHERE email = ?1)").bind(email),
      env.DB.prepare("DELETE FROM people WHERE email = ?1").bind(email),
    ]);
    expect(await all("SELECT hash FROM sequence_address_blocks WHERE reason = 'unsubscribed'")).not.toEqual([]);
    expect((await postForm("/playbooks/premium", premiumRequest(email), { testEnv: recordingEnv().env })).status).toBe(302);
    expect(await enrolmentsOf(email, seq)).toEqual([]);
  });
});
