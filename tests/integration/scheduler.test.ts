/**
 * The schedulers' webhooks (ADR 0024), through the Worker: each signature valid and invalid, a stale timestamp,
 * 413, 400 and 202 with nothing stored; a booking, its reschedule and its cancellation sent twice and out of order
 * give one meeting in its last state, with the person's status, due date and timeline; the alert, the dashboard's
 * calls and the digest. Only the scheduler's side is played by the test: it signs the bodies as each scheduler does.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { callsOverview, pruneSchedulerEvents, SCHEDULER_EVENTS_RETENTION_DAYS } from "~/features/meetings/index.server";
import worker from "../../server";
import { personRef } from "~/features/meetings/person-ref.server";
import { FOLLOW_UP_AFTER_CALL_MS } from "~/features/meetings/meetings.server";
import { sendDigestIfDue } from "~/features/alerts/index.server";
import { calComBody, calComHeaders, calendlyBody, calendlyHeaders, type Booking } from "../scheduler-signing";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, envLosingAnswers, postForm, recordingEnv, request } from "./helpers";

const CAL = "/hooks/scheduler/cal-com";
const CALENDLY = "/hooks/scheduler/calendly";
const CAL_SECRET = env.CAL_COM_WEBHOOK_SECRET!;
const CALENDLY_KEY = env.CALENDLY_WEBHOOK_SIGNING_KEY!;
const HOUR = 3_600_000;

const uid = () => crypto.randomUUID().slice(0, 8);
const iso = (ms: number) => new Date(ms).toISOString();

function booking(overrides: Partial<Booking> = {}): Booking {
  const start = Date.now() + 3 * 24 * HOUR;
  return {
    uid: `cal-${uid()}`,
    email: `founder-${uid()}@example.com`,
    start: iso(start),
    end: iso(start + HOUR / 2),
    at: iso(Date.now()),
    ...overrides,
  };
}

async function sendCal(trigger: string, b: Booking, testEnv: Env = env) {
  const body = calComBody(trigger, b);
  return request(CAL, { method: "POST", body, headers: await calComHeaders(CAL_SECRET, body) }, testEnv);
}

async function sendCalendly(event: string, b: Booking & { oldInvitee?: string; rescheduled?: boolean }) {
  const body = calendlyBody(event, b);
  return request(CALENDLY, { method: "POST", body, headers: await calendlyHeaders(CALENDLY_KEY, body) });
}

type Meeting = { id: string; booking_id: string; status: string; start_at: number; end_at: number; person_id: string; answers: string };
const meetingsOf = (email: string) =>
  all<Meeting>("SELECT id, booking_id, status, start_at, end_at, person_id, answers FROM meetings WHERE invitee_email = lower(?1)", email);
type Person = {
  id: string;
  status: string;
  due_at: number | null;
  first_form: string;
  first_channel: string | null;
  first_referrer_host: string | null;
  name: string | null;
};
const personOf = async (email: string) =>
  (
    await all<Person>(
      "SELECT id, status, due_at, first_form, first_channel, first_referrer_host, name FROM people WHERE email = lower(?1)",
      email,
    )
  )[0];
const eventsOf = (personId: string) =>
  all<{ kind: string; to_value: string | null; detail: string | null; actor: string }>(
    "SELECT kind, to_value, detail, actor FROM person_events WHERE person_id = ?1 ORDER BY created_at, kind",
    personId,
  );
const meetingCount = async () => (await all<{ n: number }>("SELECT count(*) AS n FROM meetings"))[0]!.n;

describe("the signatures and the bad input: refused, nothing stored", () => {
  it("Cal.com: the right HMAC is applied; a missing or wrong one, or no secret set, is 401", async () => {
    const b = booking();
    const body = calComBody("BOOKING_CREATED", b);
    const before = await meetingCount();
    expect((await request(CAL, { method: "POST", body, headers: { "Content-Type": "application/json" } })).status).toBe(401);
    const wrong = await calComHeaders("another-secret", body);
    expect((await request(CAL, { method: "POST", body, headers: wrong })).status).toBe(401);
    // The body changed after signing.
    const signed = await calComHeaders(CAL_SECRET, body);
    expect((await request(CAL, { method: "POST", body: body.replace("Ada", "Eve"), headers: signed })).status).toBe(401);
    // The secret is optional at Cal.com: the site requires one.
    expect((await request(CAL, { method: "POST", body, headers: signed }, { ...env, CAL_COM_WEBHOOK_SECRET: undefined })).status).toBe(401);
    expect(await meetingCount()).toBe(before);
    expect(await personOf(b.email)).toBeUndefined();

    const ok = await request(CAL, { method: "POST", body, headers: signed });
    expect(ok.status).toBe(200);
    expect(await meetingsOf(b.email)).toHaveLength(1);
  });

  it("Calendly: t and v1 over t.body are applied; a wrong v1, a stale or future t, or a malformed header is 401", async () => {
    const b = booking({ uid: `https://api.calendly.com/scheduled_events/EV/invitees/${uid()}` });
    const body = calendlyBody("invitee.created", b);
    const now = Math.floor(Date.now() / 1000);
    const post = (headers: Record<string, string>) => request(CALENDLY, { method: "POST", body, headers });
    expect((await post(await calendlyHeaders("another-key", body))).status).toBe(401);
    // 4 minutes old, and 4 minutes ahead: outside the 3-minute tolerance.
    expect((await post(await calendlyHeaders(CALENDLY_KEY, body, now - 240))).status).toBe(401);
    expect((await post(await calendlyHeaders(CALENDLY_KEY, body, now + 240))).status).toBe(401);
    expect((await post({ "Calendly-Webhook-Signature": "v1=abc" })).status).toBe(401);
    expect((await post({})).status).toBe(401);
    expect(await personOf(b.email)).toBeUndefined();

    // 2 minutes old is within the tolerance.
    expect((await post(await calendlyHeaders(CALENDLY_KEY, body, now - 120))).status).toBe(200);
    const [meeting] = await meetingsOf(b.email);
    expect(meeting).toMatchObject({ booking_id: b.uid, status: "booked", start_at: Date.parse(b.start) });
    expect(JSON.parse(meeting!.answers)).toEqual([{ question: "What should we talk about?", answer: "Our first 50 merchants" }]);
  });

  it("answers 413 over 64 KB, also when no Content-Length says so, 400 for a body that is not JSON, 202 for an unused event", async () => {
    const before = await meetingCount();
    const big = calComBody("BOOKING_CREATED", booking({ notes: "x".repeat(70_000) }));
    expect((await request(CAL, { method: "POST", body: big, headers: await calComHeaders(CAL_SECRET, big) })).status).toBe(413);
    // Streamed in chunks, with no Content-Length: counted as it arrives.
    const chunk = new TextEncoder().encode("y".repeat(16_384));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const streamed = await request(CAL, {
      method: "POST",
      body: stream,
      headers: { "x-cal-signature-256": "00" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);

    const notJson = '{"triggerEvent": "BOOKING_CREATED", ';
    expect((await request(CAL, { method: "POST", body: notJson, headers: await calComHeaders(CAL_SECRET, notJson) })).status).toBe(400);
    // JSON, signed, but not a booking (no attendee).
    const noAttendee = JSON.stringify({
      triggerEvent: "BOOKING_CREATED",
      createdAt: iso(Date.now()),
      payload: { uid: "x", startTime: iso(0), endTime: iso(0), attendees: [] },
    });
    expect((await request(CAL, { method: "POST", body: noAttendee, headers: await calComHeaders(CAL_SECRET, noAttendee) })).status).toBe(
      400,
    );

    const ping = calComBody("MEETING_ENDED", booking());
    expect((await request(CAL, { method: "POST", body: ping, headers: await calComHeaders(CAL_SECRET, ping) })).status).toBe(202);
    const routing = calendlyBody("routing_form_submission.created", booking());
    expect((await request(CALENDLY, { method: "POST", body: routing, headers: await calendlyHeaders(CALENDLY_KEY, routing) })).status).toBe(
      202,
    );
    // A GET is no delivery.
    expect((await request(CAL)).status).toBe(405);
    expect(await meetingCount()).toBe(before);
  });
});

describe("a booking, its reschedule and its cancellation, each sent twice and out of order", () => {
  it("gives one meeting in its last state; the person was made Contacted by the booking and is due again after the cancellation", async () => {
    const t0 = Date.now() - 60_000;
    const first = booking({ at: iso(t0) });
    const newStart = Date.parse(first.start) + 24 * HOUR;
    const moved: Booking = {
      ...first,
      uid: `cal-${uid()}`,
      rescheduleUid: first.uid,
      start: iso(newStart),
      end: iso(newStart + HOUR / 2),
      at: iso(t0 + 10_000),
    };
    const cancelled: Booking = { ...moved, rescheduleUid: undefined, at: iso(t0 + 20_000) };

    expect((await sendCal("BOOKING_CREATED", first)).status).toBe(200);
    const afterBooking = (await personOf(first.email))!;
    expect(afterBooking).toMatchObject({
      status: "contacted",
      first_form: "scheduler",
      first_channel: "referral",
      first_referrer_host: "cal.com",
      name: "Ada Founder",
    });
    expect(afterBooking.due_at).toBe(Date.parse(first.end) + FOLLOW_UP_AFTER_CALL_MS);

    const sent = [
      await sendCal("BOOKING_CREATED", first),
      await sendCal("BOOKING_CANCELLED", cancelled),
      await sendCal("BOOKING_RESCHEDULED", moved),
      await sendCal("BOOKING_CANCELLED", cancelled),
      await sendCal("BOOKING_RESCHEDULED", moved),
    ];
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    const meetings = await meetingsOf(first.email);
    expect(meetings).toHaveLength(1);
    // Keyed by the first booking's id; the cancellation's times are the rescheduled ones.
    expect(meetings[0]).toMatchObject({ booking_id: first.uid, status: "cancelled", start_at: newStart });
    const person = (await personOf(first.email))!;
    expect(person.status).toBe("contacted");
    // Back on the list: due a day after the cancellation arrived (not the follow-up after the call).
    expect(person.due_at).toBeGreaterThan(Date.now() + 23 * HOUR);
    expect(person.due_at).toBeLessThan(Date.now() + 25 * HOUR);
    const events = await eventsOf(person.id);
    // The booking and the cancellation, once each; the reschedule arrived after the cancellation and changed nothing.
    expect(events.filter((e) => e.kind === "meeting").map((e) => e.to_value)).toEqual(["booked", "cancelled"]);
    expect(events.filter((e) => e.kind === "status")).toEqual([
      { kind: "status", to_value: "contacted", detail: "call booked", actor: "Cal.com" },
    ]);
    expect(events.filter((e) => e.kind === "due").map((e) => e.detail)).toEqual([
      "send the follow-up",
      "call cancelled: get back in touch",
    ]);
  });

  it("a cancellation before its booking is kept: the late booking and reschedule change nothing", async () => {
    const t0 = Date.now() - 60_000;
    const first = booking({ at: iso(t0) });
    const cancelled: Booking = { ...first, at: iso(t0 + 20_000) };
    expect((await sendCal("BOOKING_CANCELLED", cancelled)).status).toBe(200);
    expect((await sendCal("BOOKING_CREATED", first)).status).toBe(200);
    expect((await sendCal("BOOKING_CREATED", first)).status).toBe(200);
    const meetings = await meetingsOf(first.email);
    expect(meetings).toHaveLength(1);
    expect(meetings[0]!.status).toBe("cancelled");
    const person = (await personOf(first.email))!;
    // The booking was never the latest state: the person is on the list, due, and still New.
    expect(person.status).toBe("new");
    expect(person.due_at).toBeGreaterThan(Date.now());
    expect((await eventsOf(person.id)).map((e) => `${e.kind}:${e.to_value ?? ""}`).filter((e) => e.startsWith("meeting"))).toEqual([
      "meeting:cancelled",
    ]);
  });

  it("a reschedule before its booking: one meeting, rescheduled, due a day after the new end", async () => {
    const t0 = Date.now() - 60_000;
    const first = booking({ at: iso(t0) });
    const newStart = Date.parse(first.start) + 2 * HOUR;
    const moved: Booking = {
      ...first,
      uid: `cal-${uid()}`,
      rescheduleUid: first.uid,
      start: iso(newStart),
      end: iso(newStart + HOUR),
      at: iso(t0 + 5_000),
    };
    await sendCal("BOOKING_RESCHEDULED", moved);
    await sendCal("BOOKING_CREATED", first);
    await sendCal("BOOKING_RESCHEDULED", moved);
    const meetings = await meetingsOf(first.email);
    expect(meetings).toHaveLength(1);
    expect(meetings[0]).toMatchObject({ status: "rescheduled", start_at: newStart, end_at: newStart + HOUR });
    const person = (await personOf(first.email))!;
    expect(person).toMatchObject({ status: "contacted", due_at: newStart + HOUR + FOLLOW_UP_AFTER_CALL_MS });
  });

  it("a Cal.com cancellation naming the booking it was rescheduled from (fromReschedule) lands on that meeting", async () => {
    const t0 = Date.now() - 60_000;
    const first = booking({ at: iso(t0) });
    expect((await sendCal("BOOKING_CREATED", first)).status).toBe(200);
    const moved = `cal-${uid()}`;
    const body = JSON.parse(calComBody("BOOKING_CANCELLED", { ...first, uid: moved, at: iso(t0 + 30_000) })) as {
      payload: Record<string, unknown>;
    };
    body.payload.fromReschedule = first.uid;
    const raw = JSON.stringify(body);
    expect((await request(CAL, { method: "POST", body: raw, headers: await calComHeaders(CAL_SECRET, raw) })).status).toBe(200);
    const meetings = await meetingsOf(first.email);
    expect(meetings).toHaveLength(1);
    expect(meetings[0]).toMatchObject({ booking_id: first.uid, status: "cancelled" });
  });

  it("Calendly: a reschedule's cancellation of the old invitee is not a cancelled call; the new invitee moves the meeting", async () => {
    const t0 = Date.now() - 60_000;
    const old = booking({ uid: `https://api.calendly.com/scheduled_events/A/invitees/${uid()}`, at: iso(t0) });
    const newStart = Date.parse(old.start) + 3 * HOUR;
    const renewed = {
      ...old,
      uid: `https://api.calendly.com/scheduled_events/B/invitees/${uid()}`,
      oldInvitee: old.uid,
      start: iso(newStart),
      end: iso(newStart + HOUR / 2),
      at: iso(t0 + 9_000),
    };
    expect((await sendCalendly("invitee.created", old)).status).toBe(200);
    expect((await sendCalendly("invitee.canceled", { ...old, rescheduled: true, at: iso(t0 + 8_000) })).status).toBe(202);
    expect((await sendCalendly("invitee.created", renewed)).status).toBe(200);
    let meetings = await meetingsOf(old.email);
    expect(meetings).toHaveLength(1);
    expect(meetings[0]).toMatchObject({ booking_id: old.uid, status: "rescheduled", start_at: newStart });
    // A real cancellation of the new invitee finds the same meeting.
    expect((await sendCalendly("invitee.canceled", { ...renewed, oldInvitee: undefined, at: iso(t0 + 30_000) })).status).toBe(200);
    meetings = await meetingsOf(old.email);
    expect(meetings).toHaveLength(1);
    expect(meetings[0]!.status).toBe("cancelled");
  });
});

describe("the person a booking lands on", () => {
  it("finds a known person by the normalised email, and by the signed reference when the invitee typed another address", async () => {
    const known = `Known-${uid()}@Example.com`;
    const person = await make.person.create(env.DB, {
      email: known.toLowerCase(),
      status: "qualified",
      firstForm: "onboarding",
      lastForm: "onboarding",
    });
    const b = booking({ email: `  ${known.toUpperCase()} ` });
    expect((await sendCal("BOOKING_CREATED", b)).status).toBe(200);
    expect((await all<{ person_id: string }>("SELECT person_id FROM meetings WHERE booking_id = ?1", b.uid))[0]!.person_id).toBe(person.id);
    // Qualified stays Qualified: only a New person becomes Contacted.
    expect((await personOf(known))!.status).toBe("qualified");

    const other = booking({ email: `other-${uid()}@example.com`, ref: await personRef(env, person.id) });
    expect((await sendCal("BOOKING_CREATED", other)).status).toBe(200);
    expect((await all<{ person_id: string }>("SELECT person_id FROM meetings WHERE booking_id = ?1", other.uid))[0]!.person_id).toBe(
      person.id,
    );
    expect(await personOf(other.email)).toBeUndefined();

    // A forged reference is ignored: the booking goes to the invitee's own address.
    const forged = booking({ email: `forged-${uid()}@example.com`, ref: `${person.id}.AAAAAAAAAAAAAAAAAAAAAA` });
    expect((await sendCal("BOOKING_CREATED", forged)).status).toBe(200);
    const forgedPerson = (await personOf(forged.email))!;
    expect((await all<{ person_id: string }>("SELECT person_id FROM meetings WHERE booking_id = ?1", forged.uid))[0]!.person_id).toBe(
      forgedPerson.id,
    );
  });

  it("sends meeting.booked once to a subscribed destination, through the outbox, however often the booking arrives", async () => {
    const destination = await make.notificationDestination.create(env.DB, { events: ["meeting.booked"] });
    const recorder = recordingEnv();
    const b = booking();
    for (let i = 0; i < 3; i++) expect((await sendCal("BOOKING_CREATED", b, recorder.env)).status).toBe(200);
    const rows = await all<{ id: string; kind: string; payload: string }>(
      "SELECT id, kind, payload FROM email_outbox WHERE channel = 'webhook' AND destination_id = ?1",
      destination.id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe("meeting.booked");
    const person = (await personOf(b.email))!;
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      email: b.email,
      personId: person.id,
      status: "booked",
      startAt: b.start,
      scheduler: "cal-com",
    });
    expect(recorder.messages).toEqual([{ outboxId: rows[0]!.id }]);
    await env.DB.prepare("UPDATE notification_destinations SET enabled = 0 WHERE id = ?1").bind(destination.id).run();
  });

  it("a D1 answer lost after the batch committed still gives one meeting, one timeline entry and one status change", async () => {
    const b = booking();
    const losing = envLosingAnswers(1);
    expect((await sendCal("BOOKING_CREATED", b, losing.env)).status).toBe(200);
    // The write's batch committed, its answer was lost, and it was tried again.
    expect(losing.calls()).toBe(2);
    const person = (await personOf(b.email))!;
    expect(await meetingsOf(b.email)).toHaveLength(1);
    const events = await eventsOf(person.id);
    expect(events.filter((e) => e.kind === "meeting")).toHaveLength(1);
    expect(events.filter((e) => e.kind === "status")).toHaveLength(1);
  });
});

describe("an admin's mark after the call", () => {
  it("marks a call held or no-show on the person page; a late delivery of the booking does not undo it; a cancelled call cannot be marked", async () => {
    const admin = await signedInAdmin();
    const b = booking();
    await sendCal("BOOKING_CREATED", b);
    const person = (await personOf(b.email))!;
    const [meeting] = await meetingsOf(b.email);
    const mark = (meetingId: string, outcome: string) =>
      postForm(
        `/admin/dashboard/leads/${person.id}`,
        { intent: "meeting", meetingId, outcome },
        { cookie: admin.cookie, headers: SAME_ORIGIN },
      );

    expect(
      (
        await request(`/admin/dashboard/leads/${person.id}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "meeting", meetingId: meeting!.id, outcome: "held" }),
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...SAME_ORIGIN },
        })
      ).status,
    ).toBe(302);
    expect((await meetingsOf(b.email))[0]!.status).toBe("booked");

    expect((await mark(meeting!.id, "maybe")).status).toBe(400);
    expect((await mark(meeting!.id, "no-show")).status).toBe(302);
    expect((await mark(meeting!.id, "held")).status).toBe(302);
    await sendCal("BOOKING_CREATED", b);
    expect((await meetingsOf(b.email))[0]!.status).toBe("held");
    const marks = (await eventsOf(person.id)).filter((e) => e.kind === "meeting").map((e) => `${e.to_value} by ${e.actor}`);
    expect(marks).toEqual(["booked by Cal.com", `no-show by ${admin.email}`, `held by ${admin.email}`]);

    const gone = booking({ email: b.email, at: iso(Date.now()) });
    await sendCal("BOOKING_CANCELLED", gone);
    const cancelled = (await meetingsOf(b.email)).find((m) => m.booking_id === gone.uid)!;
    const refused = await mark(cancelled.id, "held");
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("That call is not on this person, or it was cancelled");
  });
});

describe("where the team sees calls", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM team_settings").run();
  });

  it("the dashboard lists today's and this week's calls in the team's time zone, and the person page shows the meeting", async () => {
    // 23:30 UTC is already tomorrow in Auckland (UTC+13 in summer): the team's day decides what is "today".
    const now = Date.UTC(2026, 10, 26, 23, 30);
    await make.teamSettings.create(env.DB, { timeZone: "Pacific/Auckland" });
    const aucklandMorning = Date.UTC(2026, 10, 26, 21, 0); // 10:00 on the 27th in Auckland
    const b = booking({ start: iso(aucklandMorning), end: iso(aucklandMorning + HOUR / 2), name: "Grace <b>Hopper</b>" });
    await sendCal("BOOKING_CREATED", b);
    const calls = await callsOverview(env.DB, now);
    expect(calls.timeZone).toBe("Pacific/Auckland");
    expect(calls.today.map((c) => c.email)).toContain(b.email);
    expect(calls.week.map((c) => c.email)).toContain(b.email);
    // In UTC the same call is on the 26th's day, not the 27th's.
    await env.DB.prepare("DELETE FROM team_settings").run();
    const utc = await callsOverview(env.DB, Date.UTC(2026, 10, 27, 12, 0));
    expect(utc.today.map((c) => c.email)).not.toContain(b.email);

    const admin = await signedInAdmin();
    await make.teamSettings.create(env.DB, { timeZone: "Pacific/Auckland" });
    const person = (await personOf(b.email))!;
    const page = await (await get(`/admin/dashboard/leads/${person.id}`, admin.cookie)).text();
    expect(page).toContain('data-testid="timeline-meeting"');
    expect(page).toContain("What should we talk about?");
    expect(page).toContain("Grace &lt;b&gt;Hopper&lt;/b&gt;");
    expect(page).not.toContain("<b>Hopper</b>");
    expect(page).toContain("call booked");
  });

  it("the daily digest lists today's calls, not tomorrow's", async () => {
    const now = Date.UTC(2026, 10, 20, 9, 0);
    await make.teamSettings.create(env.DB, { timeZone: "UTC", digestHour: 8 });
    await env.DB.prepare("DELETE FROM digest_runs").run();
    const today = booking({ start: iso(now + 5 * HOUR), end: iso(now + 5.5 * HOUR) });
    const tomorrow = booking({ start: iso(now + 20 * HOUR), end: iso(now + 20.5 * HOUR) });
    await sendCal("BOOKING_CREATED", today);
    await sendCal("BOOKING_CREATED", tomorrow);
    const outcome = await sendDigestIfDue(env, now);
    expect(outcome.status).toBe("sent");
    const [row] = await all<{ payload: string }>(
      "SELECT payload FROM email_outbox WHERE id = ?1",
      outcome.status === "sent" ? outcome.outboxId : "",
    );
    const payload = JSON.parse(row!.payload) as { calls: { email: string }[] };
    expect(payload.calls.map((c) => c.email)).toContain(today.email);
    expect(payload.calls.map((c) => c.email)).not.toContain(tomorrow.email);
  });
});

describe("the raw events' retention", () => {
  const DAY = 86_400_000;

  it("the cron deletes the events received more than 30 days ago, in bounded rounds; meetings and younger events stay", async () => {
    expect(SCHEDULER_EVENTS_RETENTION_DAYS).toBe(30);
    const now = Date.now();
    const tag = crypto.randomUUID().slice(0, 8);
    const ages = { old1: 31, old2: 45, old3: 400, young: 29 };
    await env.DB.batch(
      Object.entries(ages).map(([name, days]) =>
        env.DB.prepare("INSERT INTO scheduler_events (id, meeting_id, run, received_at) VALUES (?1, ?2, 'run', ?3)").bind(
          `ret-${tag}-${name}`,
          `meeting-${tag}`,
          now - days * DAY,
        ),
      ),
    );
    const left = async () =>
      (await all<{ id: string }>("SELECT id FROM scheduler_events WHERE id LIKE ?1 ORDER BY id", `ret-${tag}-%`)).map((r) =>
        r.id.replace(`ret-${tag}-`, ""),
      );
    // Bounded: one round of two rows takes the two oldest.
    expect(await pruneSchedulerEvents(env, now, { rounds: 1, batch: 2 })).toBeGreaterThanOrEqual(2);
    expect(await left()).not.toContain("old3");

    // A booking's own claim, made now, is kept through the cron's run.
    const b = booking();
    expect((await sendCal("BOOKING_CREATED", b)).status).toBe(200);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: now }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await left()).toEqual(["young"]);
    expect(await meetingsOf(b.email)).toHaveLength(1);
    expect(await all("SELECT id FROM scheduler_events WHERE id LIKE ?1", `cal-com:${b.uid}:%`)).toHaveLength(1);
  });
});
