/**
 * The daily digest (ADR 0013): sent once per local day from the set
 * hour, in the team's time zone, whatever the cron does (every 5 minutes,
 * twice at once, retried), across a time-zone change and across DST; its
 * content; and the settings form.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../server";
import { templateFor } from "~/email/registry.server";
import { renderEmail } from "~/email/render.server";
import { sendDigestIfDue } from "~/features/alerts/digest.server";
import { dueCounts, endOfUtcDay } from "~/features/people/people-list.server";
import { endOfLocalDay } from "~/lib/time-zone";
import * as make from "../factories";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm, recordingEnv } from "./helpers";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);
/** People seeded as first seen, last seen and changed at the epoch. */
const atEpoch = { createdAt: new Date(0), lastSeenAt: new Date(0), updatedAt: new Date(0) };

async function setSettings(timeZone: string, digestHour: number, digestEnabled = true) {
  await make.teamSettings.replace(env.DB, { timeZone, digestHour, digestEnabled });
}

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  payload: string;
}
const digests = () =>
  all<OutboxRow>("SELECT id, recipient, subject, payload FROM email_outbox WHERE kind = 'team-daily-digest' ORDER BY created_at");
const runs = () => all<{ local_date: string; time_zone: string }>("SELECT local_date, time_zone FROM digest_runs ORDER BY sent_at");

/** One run of the Worker's cron (the outbox sweeper, the audit retention and the digest) at `t`. */
async function workerCron(t: number, testEnv: Env = env) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: t }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

/** The cron's digest step every 5 minutes from `from` to `to` (inclusive); through the whole Worker with `viaWorker`. */
async function cronEvery5Minutes(from: number, to: number, { viaWorker = false } = {}) {
  for (let t = from; t <= to; t += 5 * MINUTE) {
    if (viaWorker) await workerCron(t);
    else await sendDigestIfDue(env, t);
  }
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM digest_runs"),
    env.DB.prepare("DELETE FROM team_settings"),
    env.DB.prepare("DELETE FROM email_outbox WHERE kind = 'team-daily-digest'"),
    env.DB.prepare("DELETE FROM people"),
  ]);
});

// Generous timeouts: these tests run the cron hundreds of times, and a timeout is there to catch a hang (vitest.config.ts).
describe("once per local day, from the set hour", { timeout: 90_000 }, () => {
  it("with the defaults (UTC, 08:00): nothing before 08:00, one digest at 08:00, none more that day, the next at 08:00 the next day", async () => {
    const rec = recordingEnv();
    expect(await sendDigestIfDue(rec.env, at("2026-11-23T07:55:00Z"))).toEqual({ status: "not-yet", localDate: "2026-11-23", hour: 7 });
    expect(await digests()).toHaveLength(0);

    const sent = await sendDigestIfDue(rec.env, at("2026-11-23T08:00:00Z"));
    expect(sent).toMatchObject({ status: "sent", localDate: "2026-11-23" });
    const [row] = await digests();
    expect(row!.recipient).toBe(env.NOTIFY_TO);
    expect(rec.messages).toEqual([{ outboxId: row!.id }]);

    for (const iso of ["2026-11-23T08:05:00Z", "2026-11-23T15:00:00Z", "2026-11-23T23:55:00Z"])
      expect(await sendDigestIfDue(rec.env, at(iso))).toEqual({ status: "already-sent", localDate: "2026-11-23" });
    expect(await sendDigestIfDue(rec.env, at("2026-11-24T07:55:00Z"))).toMatchObject({ status: "not-yet" });
    expect(await sendDigestIfDue(rec.env, at("2026-11-24T08:00:00Z"))).toMatchObject({ status: "sent", localDate: "2026-11-24" });
    expect(await digests()).toHaveLength(2);
    expect(rec.messages).toHaveLength(2);
  });

  it("through the Worker's cron, every 5 minutes for two days: one digest a day, at the first run from the set hour", async () => {
    await setSettings("Europe/Paris", 9);
    await cronEvery5Minutes(at("2026-11-23T06:00:00Z"), at("2026-11-23T10:00:00Z"), { viaWorker: true });
    await cronEvery5Minutes(at("2026-11-23T10:05:00Z"), at("2026-11-24T06:55:00Z"));
    await cronEvery5Minutes(at("2026-11-24T07:00:00Z"), at("2026-11-24T09:00:00Z"), { viaWorker: true });
    expect(await runs()).toEqual([
      { local_date: "2026-11-23", time_zone: "Europe/Paris" },
      { local_date: "2026-11-24", time_zone: "Europe/Paris" },
    ]);
    // 09:00 in Paris (UTC+1) is 08:00 UTC.
    const sentAt = await all<{ sent_at: number }>("SELECT sent_at FROM digest_runs ORDER BY sent_at");
    expect(sentAt.map((r) => new Date(r.sent_at).toISOString())).toEqual(["2026-11-23T08:00:00.000Z", "2026-11-24T08:00:00.000Z"]);
    expect(await digests()).toHaveLength(2);
    // About 570 runs, 50 of them through the whole Worker.
  }, 180_000);

  it("sends one when many cron runs overlap (concurrently, at the same moment) or are retried", async () => {
    const rec = recordingEnv();
    const now = at("2026-11-23T08:10:00Z");
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => sendDigestIfDue(rec.env, now)));
    expect(outcomes.filter((o) => o.status === "sent")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "already-sent")).toHaveLength(5);
    expect(await digests()).toHaveLength(1);
    expect(rec.messages).toHaveLength(1);
    // A retry of the same run (the same scheduled time) finds today's digest.
    await workerCron(now);
    expect(await digests()).toHaveLength(1);
  });

  it("catches up late in the day when the cron did not run at the set hour, and sends nothing while the digest is off", async () => {
    await setSettings("UTC", 8, false);
    await cronEvery5Minutes(at("2026-11-23T07:50:00Z"), at("2026-11-23T09:00:00Z"));
    expect(await digests()).toHaveLength(0);
    await setSettings("UTC", 8, true);
    expect(await sendDigestIfDue(env, at("2026-11-23T21:30:00Z"))).toMatchObject({ status: "sent", localDate: "2026-11-23" });
  });
});

describe("across a time-zone change", { timeout: 90_000 }, () => {
  it("Pacific/Auckland to America/Los_Angeles mid-day: no second digest that Los Angeles day, and the next Los Angeles day gets its digest", async () => {
    await setSettings("Pacific/Auckland", 8);
    // 08:00 on the 24th in Auckland (UTC+13) is 19:00 UTC on the 23rd, 11:00 on the 23rd in Los Angeles.
    await cronEvery5Minutes(at("2026-11-23T18:00:00Z"), at("2026-11-23T20:00:00Z"));
    expect(await runs()).toEqual([{ local_date: "2026-11-24", time_zone: "Pacific/Auckland" }]);

    // At 14:00 in Los Angeles, the team moves there: its 23rd already had a digest (at 11:00).
    await setSettings("America/Los_Angeles", 8);
    await cronEvery5Minutes(at("2026-11-23T22:00:00Z"), at("2026-11-24T15:55:00Z"));
    expect(await digests()).toHaveLength(1);
    // 08:00 on the 24th in Los Angeles (UTC-8): the 24th was Auckland's date label, but not yet a Los Angeles day with a digest.
    await cronEvery5Minutes(at("2026-11-24T16:00:00Z"), at("2026-11-25T15:55:00Z"));
    expect(await runs()).toEqual([
      { local_date: "2026-11-24", time_zone: "Pacific/Auckland" },
      { local_date: "2026-11-24", time_zone: "America/Los_Angeles" },
    ]);
    await cronEvery5Minutes(at("2026-11-25T16:00:00Z"), at("2026-11-25T16:00:00Z"));
    expect(await digests()).toHaveLength(3);
  });

  it("America/Los_Angeles to Pacific/Auckland: the Auckland day that already had the digest gets no second one; the next does", async () => {
    await setSettings("America/Los_Angeles", 8);
    // 08:00 on the 23rd in Los Angeles = 16:00 UTC = 05:00 on the 24th in Auckland.
    await cronEvery5Minutes(at("2026-11-23T15:00:00Z"), at("2026-11-23T17:00:00Z"));
    await setSettings("Pacific/Auckland", 8);
    // Auckland's 24th at 08:00 (19:00 UTC): a digest went out at 05:00 that Auckland day.
    await cronEvery5Minutes(at("2026-11-23T17:05:00Z"), at("2026-11-24T18:55:00Z"));
    expect(await digests()).toHaveLength(1);
    // Auckland's 25th at 08:00.
    await cronEvery5Minutes(at("2026-11-24T19:00:00Z"), at("2026-11-24T19:00:00Z"));
    expect(await runs()).toEqual([
      { local_date: "2026-11-23", time_zone: "America/Los_Angeles" },
      { local_date: "2026-11-25", time_zone: "Pacific/Auckland" },
    ]);
  });

  it("a later hour set after today's digest sends nothing more today", async () => {
    await setSettings("UTC", 8);
    expect(await sendDigestIfDue(env, at("2026-11-23T08:00:00Z"))).toMatchObject({ status: "sent" });
    await setSettings("UTC", 10);
    expect(await sendDigestIfDue(env, at("2026-11-23T10:00:00Z"))).toMatchObject({ status: "already-sent" });
    expect(await sendDigestIfDue(env, at("2026-11-24T10:00:00Z"))).toMatchObject({ status: "sent" });
  });
});

describe("across DST (America/Los_Angeles, 2026)", { timeout: 90_000 }, () => {
  it("the day clocks go back (01:00 happens twice): one digest at the first 01:00", async () => {
    await setSettings("America/Los_Angeles", 1);
    // 1 November: 01:00 PDT is 08:00 UTC; 01:00 PST, an hour later, is 09:00 UTC.
    await cronEvery5Minutes(at("2026-11-01T07:00:00Z"), at("2026-11-02T08:55:00Z"));
    const sentAt = await all<{ sent_at: number; local_date: string }>("SELECT sent_at, local_date FROM digest_runs ORDER BY sent_at");
    expect(sentAt.map((r) => [r.local_date, new Date(r.sent_at).toISOString()])).toEqual([["2026-11-01", "2026-11-01T08:00:00.000Z"]]);
    await cronEvery5Minutes(at("2026-11-02T09:00:00Z"), at("2026-11-02T09:00:00Z"));
    expect(await runs()).toHaveLength(2);
  });

  it("the day clocks go forward (02:00 does not exist): the digest set for 02:00 goes at 03:00, once", async () => {
    await setSettings("America/Los_Angeles", 2);
    // 8 March: 01:59 PST (09:59 UTC) is followed by 03:00 PDT (10:00 UTC).
    await cronEvery5Minutes(at("2026-03-08T08:00:00Z"), at("2026-03-09T08:55:00Z"));
    const sentAt = await all<{ sent_at: number }>("SELECT sent_at FROM digest_runs");
    expect(sentAt.map((r) => new Date(r.sent_at).toISOString())).toEqual(["2026-03-08T10:00:00.000Z"]);
    // 9 March, 02:00 PDT = 09:00 UTC.
    await cronEvery5Minutes(at("2026-03-09T09:00:00Z"), at("2026-03-09T09:00:00Z"));
    expect(await runs()).toHaveLength(2);
  });
});

describe("the email", () => {
  async function seedPerson(p: { name: string | null; email: string; company?: string | null; due: number | null; form?: string }) {
    const form = p.form ?? "premium";
    const { id } = await make.person.create(env.DB, {
      email: p.email,
      name: p.name,
      company: p.company ?? null,
      status: "new",
      dueAt: p.due === null ? null : new Date(p.due),
      firstForm: form,
      lastForm: form,
      ...atEpoch,
    });
    return id;
  }
  const ctx = { siteUrl: "https://founderleads.example.com", contactEmail: "hello@example.com" };
  const rendered = async () => {
    const [row] = await digests();
    return renderEmail(templateFor("team-daily-digest")!, JSON.parse(row!.payload), ctx);
  };

  it("lists the overdue and the due today in the team's time zone, each linking to their page, and leaves out the rest", async () => {
    await setSettings("Pacific/Auckland", 8);
    const now = at("2026-11-23T19:00:00Z"); // 08:00 on Tuesday 24 November in Auckland; the day ends at 11:00 UTC on the 24th.
    const late = await seedPerson({ name: "Ada Late", email: "ada@late.example", company: "Late Ltd", due: now - 5 * HOUR });
    const tonight = await seedPerson({
      name: "Tom <script>alert(1)</script>",
      email: "tom@tonight.example",
      due: at("2026-11-24T10:30:00Z"),
    });
    const tomorrow = await seedPerson({ name: "Tim Tomorrow", email: "tim@tomorrow.example", due: at("2026-11-24T11:30:00Z") });
    await seedPerson({ name: "No Due", email: "no@due.example", due: null });

    expect(await sendDigestIfDue(env, now)).toMatchObject({ status: "sent", localDate: "2026-11-24" });
    const email = await rendered();
    expect(email.subject).toBe("Daily digest, Tuesday, 24 November 2026: 1 person overdue, 1 due today");
    expect(email.html).toContain(`href="https://founderleads.example.com/admin/dashboard/leads/${late}"`);
    expect(email.html).toContain("Ada Late · ada@late.example · Late Ltd");
    expect(email.html).toContain(`href="https://founderleads.example.com/admin/dashboard/leads/${tonight}"`);
    // Escaped: shown as text.
    expect(email.html).toContain("Tom &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).not.toContain("<script>");
    expect(email.html).not.toContain(tomorrow);
    expect(email.html).not.toContain("no@due.example");
    // Due times in the team's zone, with the form.
    expect(email.text).toContain("Premium request, was due 24 Nov 2026, 03:00");
    expect(email.text).toContain("Premium request, due 24 Nov 2026, 23:30");
    expect(email.text).toMatch(
      /Overdue \(1\)\n- Ada Late · ada@late\.example · Late Ltd, Premium request, was due .*\/admin\/dashboard\/leads\//,
    );
  });

  it("says plainly when nobody is overdue or due today (an empty digest is still sent)", async () => {
    expect(await sendDigestIfDue(env, at("2026-11-23T08:00:00Z"))).toMatchObject({ status: "sent" });
    const email = await rendered();
    expect(email.subject).toBe("Daily digest, Monday, 23 November 2026: 0 people overdue, 0 due today");
    expect(email.text).toContain("Overdue (0)\nNobody is overdue.");
    expect(email.text).toContain("Due today (0)\nNobody is due today.");
  });

  it("lists 50 of each at most, and says how many more with a link to the full list", async () => {
    const now = at("2026-11-23T08:00:00Z");
    await make.person.createMany(
      env.DB,
      Array.from({ length: 53 }, (_, i) => ({
        id: `late-${i}`,
        email: `late${i}@example.com`,
        status: "new" as const,
        dueAt: new Date(now - (i + 1) * MINUTE),
        firstForm: "onboarding",
        lastForm: "onboarding",
        ...atEpoch,
      })),
    );
    await sendDigestIfDue(env, now);
    const email = await rendered();
    expect(email.subject).toContain("53 people overdue");
    expect(email.text).toContain("And 3 more: https://founderleads.example.com/admin/dashboard/leads?due=overdue");
    expect(email.text.match(/^- /gm)).toHaveLength(50);
  });
});

describe("the settings page", () => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin();
  });
  const save = (fields: Record<string, string>, cookie = admin.cookie) =>
    postForm("/admin/settings/digest", fields, { cookie, headers: SAME_ORIGIN });

  it("shows the defaults, and is refused to visitors who are not signed in", async () => {
    expect((await get("/admin/settings/digest")).headers.get("Location")).toBe("/admin/login");
    expect((await save({ timeZone: "UTC", digestHour: "8" }, "")).headers.get("Location")).toBe("/admin/login");
    const html = await (await get("/admin/settings/digest", admin.cookie)).text();
    expect(html).toContain('value="UTC"');
    expect(html).toMatch(/<option value="8" selected="">08:00<\/option>/);
    expect(html).toContain(env.NOTIFY_TO);
    expect(html).toContain("No digest has been sent yet.");
  });

  it("saves a time zone (as Intl spells it), the hour and on/off, with an audit entry", async () => {
    const res = await save({ timeZone: " america/los_angeles ", digestHour: "17", digestEnabled: "on" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/settings/digest");
    expect(await all("SELECT time_zone, digest_hour, digest_enabled, updated_by FROM team_settings")).toEqual([
      { time_zone: "America/Los_Angeles", digest_hour: 17, digest_enabled: 1, updated_by: admin.email },
    ]);
    const [entry] = await all<{ actor_email: string; detail: string }>(
      "SELECT actor_email, detail FROM audit_log WHERE action = 'settings.digest-update' ORDER BY at DESC LIMIT 1",
    );
    expect(entry!.actor_email).toBe(admin.email);
    expect(JSON.parse(entry!.detail)).toEqual({ timeZone: "America/Los_Angeles", digestHour: 17, digestEnabled: true });

    // Unchecked: off.
    await save({ timeZone: "Pacific/Auckland", digestHour: "0" });
    expect(await all("SELECT time_zone, digest_hour, digest_enabled FROM team_settings")).toEqual([
      { time_zone: "Pacific/Auckland", digest_hour: 0, digest_enabled: 0 },
    ]);
    const html = await (await get("/admin/settings/digest", admin.cookie)).text();
    expect(html).toContain('value="Pacific/Auckland"');
    expect(html).toMatch(/<option value="0" selected="">00:00<\/option>/);
  });

  it("answers bad input with 400, the messages under the fields and what was typed kept; nothing is saved", async () => {
    await setSettings("Europe/Paris", 9);
    const before = await all("SELECT count(*) AS n FROM audit_log WHERE action = 'settings.digest-update'");
    for (const [fields, message] of [
      [{ timeZone: "Mars/Olympus_Mons", digestHour: "8" }, "Enter a time zone name such as Europe/London or America/New_York."],
      [{ timeZone: "+05:00", digestHour: "8" }, "Enter a time zone name such as Europe/London or America/New_York."],
      [{ timeZone: "", digestHour: "8" }, "Enter the team&#x27;s time zone."],
      [{ timeZone: "Europe/Paris", digestHour: "24" }, "Choose an hour from 00:00 to 23:00."],
      [{ timeZone: "Europe/Paris", digestHour: "" }, "Choose the hour to send the digest."],
    ] as const) {
      const res = await save({ ...fields, digestEnabled: "on" });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      if (fields.timeZone) expect(html).toContain(`value="${fields.timeZone}"`);
    }
    expect(await all("SELECT time_zone, digest_hour FROM team_settings")).toEqual([{ time_zone: "Europe/Paris", digest_hour: 9 }]);
    expect(await all("SELECT count(*) AS n FROM audit_log WHERE action = 'settings.digest-update'")).toEqual(before);
  });
});

describe("'Due today' on the dashboard and in the Leads list", () => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin();
  });

  it("ends at the end of the team's day, in its time zone", async () => {
    const now = Date.now();
    const ends = [endOfUtcDay(now), endOfLocalDay(now, "Pacific/Auckland")].sort((a, b) => a - b) as [number, number];
    // Due between the two ends of the day: today in one zone, tomorrow in the other.
    const due = Math.round((ends[0] + ends[1]) / 2);
    const aucklandEndsFirst = ends[0] === endOfLocalDay(now, "Pacific/Auckland");
    const tag = crypto.randomUUID().slice(0, 8);
    await make.person.create(env.DB, {
      email: `between-${tag}@example.com`,
      status: "new",
      dueAt: new Date(due),
      firstForm: "premium",
      lastForm: "premium",
      ...atEpoch,
    });
    const listed = async () =>
      (await (await get(`/admin/dashboard/leads?due=today&q=${tag}`, admin.cookie)).text()).includes(`between-${tag}@example.com`);

    // The default zone, UTC.
    expect((await dueCounts(env.DB, now)).today).toBe(aucklandEndsFirst ? 1 : 0);
    expect(await listed()).toBe(aucklandEndsFirst);
    await setSettings("Pacific/Auckland", 8);
    expect((await dueCounts(env.DB, now)).today).toBe(aucklandEndsFirst ? 0 : 1);
    expect(await listed()).toBe(!aucklandEndsFirst);
    const home = await (await get("/admin/dashboard", admin.cookie)).text();
    expect(home).toMatch(new RegExp(`href="/admin/dashboard/leads\\?due=today"[^>]*>${aucklandEndsFirst ? 0 : 1}</a>`));
  });
});
