/**
 * The follow-up sequences in the dashboard (ADR 0024), through the worker: only an admin reads or changes them; a
 * save with an unknown merge field is refused with its name and the typed text kept; a valid edit is saved and
 * audited (a stale one refused); a step's preview is filled for a real person with every value escaped; a test
 * send writes one outbox row to the signed-in admin; the person page stops and restarts a sequence, audited; and a
 * sequence's page counts enrolled, sent, calls booked after enrolment and exits by reason.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { get, SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm, recordingEnv } from "./helpers";

const HOUR = 3_600_000;
const uid = () => crypto.randomUUID().slice(0, 8);
const STEPS = [
  { subject: "Hello {first_name}", body: "Hi {first_name}, about **{app}**: [book a call]({booking_link}).", delayHours: 24 },
  { subject: "Second note", body: "Still here. [Unsubscribe]({unsubscribe_link})", delayHours: 72 },
];

let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  admin = await signedInAdmin();
});

async function sequence(enabled = false): Promise<{ id: string; name: string }> {
  const id = `admin-test-${uid()}`;
  const name = `Sequence ${id}`;
  await env.DB.prepare(
    "INSERT INTO sequences (id, name, trigger, steps, enabled, created_at, updated_at) VALUES (?1, ?2, 'onboarding', ?3, ?4, 1000, 1000)",
  )
    .bind(id, name, JSON.stringify(STEPS), enabled ? 1 : 0)
    .run();
  return { id, name };
}

async function person(name = "Ada", app = "Ada Reviews") {
  const id = crypto.randomUUID();
  const email = `seqadmin-${uid()}@example.com`;
  await env.DB.prepare(
    `INSERT INTO people (id, email, name, app, status, first_form, last_form, created_at, last_seen_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 'new', 'onboarding', 'onboarding', 0, 0, 0)`,
  )
    .bind(id, email, name, app)
    .run();
  return { id, email };
}

async function enrol(
  sequenceId: string,
  personId: string,
  o: { state?: string; reason?: string | null; nextStep?: number; enrolledAt?: number } = {},
) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO sequence_enrolments (id, sequence_id, person_id, next_step, due_at, state, stopped_reason, enrolled_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
  )
    .bind(id, sequenceId, personId, o.nextStep ?? 0, Date.now() + 24 * HOUR, o.state ?? "active", o.reason ?? null, o.enrolledAt ?? 1000)
    .run();
  return id;
}

const record = (enrolmentId: string, step: number, outcome: "sent" | "skipped", reason: string | null = null) =>
  env.DB.prepare(
    "INSERT INTO sequence_step_records (enrolment_id, step, outcome, reason, outbox_id, at) VALUES (?1, ?2, ?3, ?4, NULL, 2000)",
  )
    .bind(enrolmentId, step, outcome, reason)
    .run();

const stored = async (id: string) =>
  (
    await all<{ name: string; trigger: string; steps: string; enabled: number; updated_at: number }>(
      "SELECT name, trigger, steps, enabled, updated_at FROM sequences WHERE id = ?1",
      id,
    )
  )[0]!;
const audits = (action: string, recordId: string) =>
  all<{ actor_email: string; detail: string }>(
    "SELECT actor_email, detail FROM audit_log WHERE action = ?1 AND record_id = ?2",
    action,
    recordId,
  );

/** The save form as the editor posts it (conform's names for the steps). */
function saveFields(updatedAt: number, steps: { subject: string; body: string; delayHours: string }[], trigger = "onboarding") {
  const fields: Record<string, string> = { intent: "save", updatedAt: String(updatedAt), name: "Renamed sequence", trigger };
  steps.forEach((s, i) => {
    fields[`steps[${i}].subject`] = s.subject;
    fields[`steps[${i}].body`] = s.body;
    fields[`steps[${i}].delayHours`] = s.delayHours;
  });
  return fields;
}
const post = (path: string, fields: Record<string, string>, cookie = admin.cookie, testEnv: Env = env) =>
  postForm(path, fields, { cookie, headers: SAME_ORIGIN, testEnv, token: null });

describe("the sequences pages are an admin's only", () => {
  it("refuses a visitor without a session: the list, a page and every write, nothing changed", async () => {
    const seq = await sequence();
    const p = await person();
    const enrolment = await enrol(seq.id, p.id);
    for (const path of ["/admin/sequences", `/admin/sequences/${seq.id}`]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    const save = await post(`/admin/sequences/${seq.id}`, saveFields(1000, [{ subject: "Hi", body: "Hello", delayHours: "5" }]), "");
    expect(save.status).toBe(302);
    expect(save.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await post(`/admin/sequences/${seq.id}`, { intent: "turn-on", sequenceId: seq.id }, "").then((r) => r.status)).toBe(302);
    await post(`/admin/dashboard/leads/${p.id}`, { intent: "follow-up-stop", enrolmentId: enrolment }, "");
    expect((await stored(seq.id)).name).toBe(seq.name);
    expect((await stored(seq.id)).enabled).toBe(0);
    expect(await all("SELECT state FROM sequence_enrolments WHERE id = ?1", enrolment)).toEqual([{ state: "active" }]);
  });

  it("lists every sequence with its trigger, state, steps, people enrolled and running, linked from the dashboard", async () => {
    const seq = await sequence(true);
    const a = await person();
    const b = await person();
    await enrol(seq.id, a.id);
    await enrol(seq.id, b.id, { state: "exited", reason: "call booked" });
    const res = await get("/admin/sequences", admin.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/admin/sequences"');
    const row = html.slice(html.indexOf(seq.name), html.indexOf("</tr>", html.indexOf(seq.name)));
    expect(row).toContain("Onboarding finished");
    expect(row).toContain(">On<");
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
    expect(cells).toEqual(expect.arrayContaining(["Steps2", "Enrolled2", "Running1"]));
    expect(html).toContain("After onboarding, no call booked");
  });
});

describe("editing a sequence", () => {
  it("refuses an unknown merge field with its name under the field, keeps what was typed, saves nothing", async () => {
    const seq = await sequence();
    const res = await post(
      `/admin/sequences/${seq.id}`,
      saveFields(1000, [{ subject: "Hi {last_name}", body: "Typed body <script>x</script>", delayHours: "5" }]),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Unknown merge field {last_name}. Use {first_name}, {app}, {booking_link}, {unsubscribe_link}.");
    expect(html).toContain('value="Hi {last_name}"');
    expect(html).toContain("Typed body &lt;script&gt;x&lt;/script&gt;");
    expect(html).not.toContain("<script>x</script>");
    expect(JSON.parse((await stored(seq.id)).steps)).toEqual(STEPS);
  });

  it("answers a bad delay, a missing trigger and no steps with each message and a 400", async () => {
    const seq = await sequence();
    const res = await post(`/admin/sequences/${seq.id}`, saveFields(1000, [{ subject: "Hi", body: "Hello", delayHours: "0.5" }], "weekly"));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Whole hours only.");
    expect(html).toContain("Choose what starts the sequence.");
    const none = await post(`/admin/sequences/${seq.id}`, { intent: "save", updatedAt: "1000", name: "X", trigger: "onboarding" });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Add at least one step.");
    expect((await stored(seq.id)).name).toBe(seq.name);
  });

  it("saves a valid edit (trigger, steps reordered and changed) with its audit entry, and refuses a stale one", async () => {
    const seq = await sequence();
    const steps = [
      { subject: "Now first, {first_name}", body: "About **{app}**: [book]({booking_link})", delayHours: "12" },
      { subject: "Then", body: "[Unsubscribe]({unsubscribe_link})", delayHours: "48" },
      { subject: "Third", body: "Last one.", delayHours: "96" },
    ];
    const res = await post(`/admin/sequences/${seq.id}`, saveFields(1000, steps, "premium"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/sequences/${seq.id}`);
    const row = await stored(seq.id);
    expect(row.name).toBe("Renamed sequence");
    expect(row.trigger).toBe("premium");
    expect(JSON.parse(row.steps)).toEqual(steps.map((s) => ({ ...s, delayHours: Number(s.delayHours) })));
    expect(row.updated_at).toBeGreaterThan(1000);
    expect(await audits("sequences.update", seq.id)).toEqual([
      { actor_email: admin.email, detail: JSON.stringify({ trigger: "premium", steps: 3 }) },
    ]);

    // The same form again, opened on the old version: refused, nothing written.
    const stale = await post(`/admin/sequences/${seq.id}`, saveFields(1000, [{ subject: "Late", body: "Late", delayHours: "1" }]));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Someone else saved this sequence since you opened it.");
    expect(JSON.parse((await stored(seq.id)).steps)).toHaveLength(3);
    expect(await audits("sequences.update", seq.id)).toHaveLength(1);
  });

  it("switches a sequence on and off, audited", async () => {
    const seq = await sequence();
    const on = await post(`/admin/sequences/${seq.id}`, { intent: "turn-on", sequenceId: seq.id });
    expect(on.status).toBe(302);
    expect((await stored(seq.id)).enabled).toBe(1);
    await post(`/admin/sequences/${seq.id}`, { intent: "turn-off", sequenceId: seq.id });
    expect((await stored(seq.id)).enabled).toBe(0);
    expect((await audits("sequences.update", seq.id)).map((a) => JSON.parse(a.detail))).toEqual([{ enabled: true }, { enabled: false }]);
  });
});

describe("preview and test", () => {
  it("previews a step for a real person, every value escaped, and refuses an unknown person", async () => {
    const seq = await sequence();
    const p = await person("Grace", "Evil [x](https://evil.example) <b>app</b>");
    const res = await get(`/admin/sequences/${seq.id}?step=0&email=${encodeURIComponent(p.email)}`, admin.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-testid="sequence-preview-subject">Hello Grace<');
    // The email as its recipient gets it: the app's name as text, never a link or a tag.
    expect(html).toContain('<strong class="font-semibold text-ink">Evil xhttps://evil.example &lt;b&gt;app&lt;/b&gt;</strong>');
    expect(html).not.toContain('href="https://evil.example');
    expect(html).toContain("http://localhost:8787/call-booking");

    const unknown = await get(`/admin/sequences/${seq.id}?step=0&email=nobody-${uid()}%40example.com`, admin.cookie);
    expect(await unknown.text()).toContain("No person has this email.");
  });

  it("sends a test of a step to the signed-in admin: one outbox row, queued", async () => {
    const seq = await sequence();
    const p = await person("Grace", "Grace Apps");
    const rec = recordingEnv();
    const res = await post(`/admin/sequences/${seq.id}`, { intent: "test", step: "0", email: p.email }, admin.cookie, rec.env);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/admin/sequences/${seq.id}?step=0&email=${encodeURIComponent(p.email)}`);
    const rows = await all<{ id: string; recipient: string; subject: string; payload: string }>(
      "SELECT id, recipient, subject, payload FROM email_outbox WHERE kind = 'sequence-step' AND recipient = ?1",
      admin.email,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe("[Test] Hello Grace");
    expect(JSON.parse(rows[0]!.payload).body).toBe("Hi Grace, about **Grace Apps**: [book a call](http://localhost:8787/call-booking).");
    expect(rec.messages.map((m) => (m as { outboxId: string }).outboxId)).toEqual([rows[0]!.id]);
    expect(await all("SELECT 1 FROM email_outbox WHERE recipient = ?1", p.email)).toEqual([]);
    expect(await audits("sequences.test", seq.id)).toHaveLength(1);

    const bad = await post(`/admin/sequences/${seq.id}`, { intent: "test", step: "0", email: "not an email" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Enter an email address like name@example.com.");
  });
});

describe("the person page's follow-up emails", () => {
  it("shows each step sent, due or skipped and why; stops and restarts, audited", async () => {
    const seq = await sequence(true);
    const p = await person();
    const running = await enrol(seq.id, p.id, { nextStep: 1 });
    await record(running, 0, "sent");
    const page = await (await get(`/admin/dashboard/leads/${p.id}`, admin.cookie)).text();
    expect(page).toContain("Follow-up emails");
    expect(page).toContain(seq.name);
    expect(page.match(/data-testid="follow-up-step"/g)).toHaveLength(2);
    expect(page).toMatch(/Email 1<\/span><span[^>]*>Sent</);
    expect(page).toMatch(/Email 2<\/span><span[^>]*>Due</);

    const stop = await post(`/admin/dashboard/leads/${p.id}`, { intent: "follow-up-stop", enrolmentId: running });
    expect(stop.status).toBe(302);
    expect(await all("SELECT state, stopped_reason FROM sequence_enrolments WHERE id = ?1", running)).toEqual([
      { state: "stopped", stopped_reason: "stopped by an admin" },
    ]);
    expect(await audits("sequences.stop", running)).toEqual([
      { actor_email: admin.email, detail: JSON.stringify({ personId: p.id, step: 1 }) },
    ]);
    // Stopped already: a second stop is refused, nothing recorded.
    const again = await post(`/admin/dashboard/leads/${p.id}`, { intent: "follow-up-stop", enrolmentId: running });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This follow-up is not running.");
    expect(await audits("sequences.stop", running)).toHaveLength(1);

    const before = Date.now();
    const restart = await post(`/admin/dashboard/leads/${p.id}`, { intent: "follow-up-restart", enrolmentId: running });
    expect(restart.status).toBe(302);
    const [row] = await all<{ state: string; next_step: number; due_at: number; stopped_reason: string | null }>(
      "SELECT state, next_step, due_at, stopped_reason FROM sequence_enrolments WHERE id = ?1",
      running,
    );
    expect(row).toMatchObject({ state: "active", next_step: 1, stopped_reason: null });
    expect(row!.due_at).toBeGreaterThanOrEqual(before + 72 * HOUR);
    expect(row!.due_at).toBeLessThan(Date.now() + 72 * HOUR + 1);
    expect(await audits("sequences.restart", running)).toHaveLength(1);
  });

  it("restarts a sequence that ended on a skip from that step, the skip's record replaced", async () => {
    const seq = await sequence(true);
    const p = await person();
    const ended = await enrol(seq.id, p.id, { state: "exited", reason: "contacted or later" });
    await record(ended, 0, "skipped", "contacted or later");
    const page = await (await get(`/admin/dashboard/leads/${p.id}`, admin.cookie)).text();
    expect(page).toMatch(/Email 1<\/span><span[^>]*>Skipped</);
    expect(page).toContain("Why: contacted or later");
    const res = await post(`/admin/dashboard/leads/${p.id}`, { intent: "follow-up-restart", enrolmentId: ended });
    expect(res.status).toBe(302);
    expect(await all("SELECT state, next_step FROM sequence_enrolments WHERE id = ?1", ended)).toEqual([{ state: "active", next_step: 0 }]);
    expect(await all("SELECT 1 FROM sequence_step_records WHERE enrolment_id = ?1", ended)).toEqual([]);
    expect(JSON.parse((await audits("sequences.restart", ended))[0]!.detail)).toEqual({
      personId: p.id,
      step: 0,
      previousReason: "contacted or later",
    });
  });

  it("refuses another person's enrolment", async () => {
    const seq = await sequence(true);
    const owner = await person();
    const other = await person();
    const enrolment = await enrol(seq.id, owner.id);
    const res = await post(`/admin/dashboard/leads/${other.id}`, { intent: "follow-up-stop", enrolmentId: enrolment });
    expect(res.status).toBe(404);
    expect(await all("SELECT state FROM sequence_enrolments WHERE id = ?1", enrolment)).toEqual([{ state: "active" }]);
  });
});

describe("a sequence's counts", () => {
  it("counts enrolled, running, emails sent, calls booked after enrolment and exits by reason", async () => {
    const seq = await sequence(true);
    const people = await Promise.all([person(), person(), person(), person()]);
    const [a, b, c, d] = await Promise.all([
      enrol(seq.id, people[0].id, { nextStep: 1, enrolledAt: 5000 }),
      enrol(seq.id, people[1].id, { state: "exited", reason: "call booked", enrolledAt: 5000 }),
      enrol(seq.id, people[2].id, { state: "stopped", reason: "stopped by an admin", enrolledAt: 5000 }),
      enrol(seq.id, people[3].id, { state: "exited", reason: "call booked", nextStep: 1, enrolledAt: 5000 }),
    ]);
    await Promise.all([
      record(a, 0, "sent"),
      record(d, 0, "sent"),
      record(b, 0, "skipped", "call booked"),
      record(d, 1, "skipped", "call booked"),
    ]);
    void c;
    // Booked after enrolment: people 1 and 3; person 0's call was booked before they were enrolled.
    const meeting = (personId: string, createdAt: number) =>
      env.DB.prepare(
        `INSERT INTO meetings (id, provider, booking_id, current_booking_id, person_id, status, start_at, end_at, invitee_email, answers, version, created_at, updated_at)
         VALUES (?1, 'cal-com', ?1, ?1, ?2, 'booked', 0, 0, 'x@example.com', '[]', 0, ?3, ?3)`,
      )
        .bind(crypto.randomUUID(), personId, createdAt)
        .run();
    await Promise.all([meeting(people[0].id, 4000), meeting(people[1].id, 6000), meeting(people[3].id, 7000)]);
    const html = await (await get(`/admin/sequences/${seq.id}`, admin.cookie)).text();
    const count = (key: string) => new RegExp(`data-testid="sequence-count-${key}">(\\d+)<`).exec(html)?.[1];
    expect([count("enrolled"), count("active"), count("sent"), count("booked")]).toEqual(["4", "1", "2", "2"]);
    const exits = [...html.matchAll(/data-testid="sequence-exit"><span[^>]*>(\d+)<\/span> ([^<]+)</g)].map((m) => `${m[1]} ${m[2]}`);
    expect(exits).toEqual(["2 call booked", "1 stopped by an admin"]);
    // The exit rules, as text.
    expect(html).toContain("The person booked a call");
  });
});
