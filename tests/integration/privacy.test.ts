/**
 * A person's data on request and retention (ADR 0014).
 *
 * The schema-reading test lists every table and column of the live D1 and
 * flags the columns that look personal by their name (`PERSONAL_COLUMN`
 * below): each flagged table must be in the list of personal data (and each
 * flagged column in its entry's columns) or in the documented exemptions.
 * Then one address is seeded in every table of the list through the real
 * forms, exported (a row from each) and erased (none holds it afterwards;
 * other people's rows untouched; questions still published, anonymised).
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { EXEMPT_TABLES, PERSONAL_DATA } from "~/features/privacy/personal-data.server";
import { runRetention } from "~/features/privacy/retention.server";
import { emailHash } from "~/lib/audit.server";
import { unsubscribeUrl } from "~/lib/list-unsubscribe.server";
import worker from "../../server";
import * as make from "../factories";
import { SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, envWithFailingBatch, postForm, request } from "./helpers";
import { answers } from "./onboarding-answers";
import { calComBody, calComHeaders } from "../scheduler-signing";

const uid = () => crypto.randomUUID().slice(0, 8);
const DAY = 86_400_000;

/**
 * The rule: a column holds personal data when its name says email,
 * recipient, name, company, phone, message, payload, address, ip, note, body,
 * form data, app URL, actor, author, device, country, detail, person, a
 * visit's source (referrer, UTM values, landing and form page), or ends
 * in `_by` (who did it). Wrangler's and SQLite's own tables are left out.
 */
const PERSONAL_COLUMN =
  /email|recipient|name|company|phone|message|payload|address|(^|_)ip(_|$)|note|body|form_data|app_url|actor|author|device|country|detail|person|referrer|utm_|landing|form_page|_by$/i;

interface Column {
  tbl: string;
  col: string;
}

async function schemaColumns(): Promise<Column[]> {
  const { results } = await env.DB.prepare(
    `SELECT m.name AS tbl, p.name AS col FROM sqlite_master m JOIN pragma_table_info(m.name) p
      WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%' ORDER BY m.name, p.cid`,
  ).all<Column>();
  return results;
}

/** What the lists miss: flagged tables in neither list, and flagged columns missing from their table's entry. */
function uncovered(columns: Column[]): string[] {
  const missing: string[] = [];
  for (const { tbl, col } of columns) {
    if (!PERSONAL_COLUMN.test(col) || tbl in EXEMPT_TABLES) continue;
    const entry = PERSONAL_DATA.find((t) => t.table === tbl);
    if (!entry) missing.push(`table ${tbl} (column ${col}) is neither exported and erased nor exempt`);
    else if (!entry.columns.includes(col)) missing.push(`column ${tbl}.${col} is missing from its entry's columns`);
  }
  return [...new Set(missing)];
}

describe("the schema-reading test: every table with personal data is exported and erased, or exempt with a reason", () => {
  it("covers every flagged table and column of the live schema", async () => {
    const columns = await schemaColumns();
    expect(columns.length).toBeGreaterThan(50);
    expect(uncovered(columns)).toEqual([]);
  });

  it("names only tables and columns that exist, and gives every exemption a reason", async () => {
    const columns = await schemaColumns();
    const tables = new Set(columns.map((c) => c.tbl));
    for (const entry of PERSONAL_DATA) {
      expect(tables.has(entry.table), entry.table).toBe(true);
      for (const col of entry.columns)
        expect(
          columns.some((c) => c.tbl === entry.table && c.col === col),
          `${entry.table}.${col}`,
        ).toBe(true);
    }
    for (const [table, reason] of Object.entries(EXEMPT_TABLES)) {
      expect(tables.has(table), table).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it("fails for a new table that forgets: a column named like personal data and no entry", async () => {
    await env.DB.prepare("CREATE TABLE IF NOT EXISTS future_feature (id TEXT PRIMARY KEY, contact_email TEXT)").run();
    try {
      expect(uncovered(await schemaColumns())).toEqual([
        "table future_feature (column contact_email) is neither exported and erased nor exempt",
      ]);
    } finally {
      await env.DB.prepare("DROP TABLE future_feature").run();
    }
  });
});

// ------------------------------------------------------------ seeding

/** One person in every table of the list, through the public forms, the person page and (Lead Finder) the database. */
async function seedPerson(email: string, adminCookie: string, name: string) {
  const ok = (res: Response, what: string) => expect(res.status, what).toBeLessThan(400);
  // A follow-up sequence switched on (ADR 0024): the lead magnet enrols the address in it.
  await env.DB.prepare(
    `INSERT INTO sequences (id, name, trigger, steps, enabled, created_at, updated_at)
     VALUES ('privacy-test', 'Privacy test', 'lead-magnet', '[{"subject":"Hi","body":"Hi {first_name}","delayHours":48}]', 1, 0, 0)
     ON CONFLICT DO NOTHING`,
  ).run();
  ok(await postForm("/lead-magnet", { firstName: name, email, appUrl: "https://apps.shopify.com/x", redirectTo: "/" }), "lead magnet");
  ok(await postForm("/onboarding", { ...answers(email), firstName: name, step: "4", intent: "submit" }), "onboarding");
  ok(
    await postForm("/playbooks/premium", { firstName: name, email, company: "Hopper Apps", accessTiming: "this-week", redirectTo: "/" }),
    "premium",
  );
  ok(await postForm("/contact", { name, email, message: "Please send me some leads for my app.", redirectTo: "/contact" }), "contact");
  ok(await postForm("/waitlist", { email, redirectTo: "/" }), "waitlist");
  ok(await postForm("/newsletter", { email, redirectTo: "/" }), "newsletter");
  const title = `How do I find merchants ${uid()}?`;
  ok(
    await postForm("/questions-and-answers/submit", {
      title,
      question: "A question long enough to be valid for the form, asked once.",
      category: "technical",
      submitterName: name,
      submitterEmail: email,
      redirectTo: "/questions-and-answers/submit",
    }),
    "question",
  );
  // A call booked on the scheduler (ADR 0024), signed as Cal.com signs it.
  const start = Date.now() + 86_400_000;
  const booking = calComBody("BOOKING_CREATED", {
    uid: `cal-${uid()}`,
    email,
    name,
    start: new Date(start).toISOString(),
    end: new Date(start + 1_800_000).toISOString(),
    at: new Date().toISOString(),
  });
  ok(
    await request("/hooks/scheduler/cal-com", {
      method: "POST",
      body: booking,
      headers: await calComHeaders(env.CAL_COM_WEBHOOK_SECRET!, booking),
    }),
    "booking",
  );
  // The address leaves the follow-up emails by their one-click link.
  const leave = new URL(await unsubscribeUrl(env, "follow-up", email));
  ok(
    await request(leave.pathname, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    "follow-up unsubscribe",
  );
  // Published by the team.
  await env.DB.prepare("UPDATE qa_submissions SET status = 'published', answer = 'Start with the App Store.' WHERE title = ?1")
    .bind(title)
    .run();
  // An unfinished onboarding draft.
  await make.onboardingSubmission.create(env.DB, { email, stepCompleted: 1, formData: { email, firstName: name } });
  // A store in the Lead Finder with this contact.
  const keyword = make.keyword.build();
  await env.DB.batch([
    make.keyword.statement(env.DB, keyword),
    make.lead.statement(env.DB, { keywordId: keyword.id, storeName: "Store", storeUrl: "https://store.example", email }),
  ]);
  // A webhook delivery about the person, and a try whose answer echoed the event (delivery itself: alerts.test.ts).
  const delivery = make.outboxRow.build({
    kind: "submission.created",
    recipient: "http://localhost/hook",
    subject: "submission.created",
    payload: { type: "submission.created", data: { email } },
    status: "failed",
    attempts: 1,
    nextAttemptAt: new Date(0),
    createdAt: new Date(0),
    channel: "webhook",
  });
  await env.DB.batch([
    make.outboxRow.statement(env.DB, delivery),
    make.deliveryAttempt.statement(env.DB, {
      deliveryId: delivery.id,
      at: new Date(0),
      outcome: "failed",
      responseCode: 400,
      error: `Bad request: ${email}`,
    }),
  ]);
  // A hard bounce reported by the email provider: marketing email to the address is suppressed.
  await make.emailSuppression.create(env.DB, { email, reason: "hard-bounce", detail: "550 5.1.1 user unknown" });
  // A link they clicked in a newsletter broadcast (stored with their address, lower-cased like the outbox's).
  await make.broadcastClick.create(env.DB, { recipient: email.trim().toLowerCase(), url: "https://apps.shopify.com/founder-leads" });
  // The team's work on the person: a status change and a note.
  const person = (await all<{ id: string }>("SELECT id FROM people WHERE email = ?1", email))[0]!;
  const post = (fields: Record<string, string>) =>
    postForm(`/admin/dashboard/leads/${person.id}`, fields, { cookie: adminCookie, headers: SAME_ORIGIN });
  ok(await post({ intent: "status", status: "contacted" }), "status");
  ok(await post({ intent: "note-add", body: `Called ${name}, wants a demo` }), "note");
  return { personId: person.id, title };
}

/** Rows of each table of the list about the address. */
async function countsOf(email: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of PERSONAL_DATA) {
    const [row] = await all<{ n: number }>(`SELECT count(*) AS n FROM ${t.table} WHERE (${t.where})`, email);
    out[t.table] = row!.n;
  }
  return out;
}

/**
 * Every text value of every table that holds `email`, after removing `ignore` (an address that contains
 * this one, e.g. jo+ann@… around ann@…): the whole database, not only the list.
 */
async function everywhere(email: string, ignore: string): Promise<string[]> {
  const found: string[] = [];
  for (const { tbl, col } of await schemaColumns()) {
    const [row] = await all<{ n: number }>(
      `SELECT count(*) AS n FROM "${tbl}" WHERE instr(replace(lower(CAST("${col}" AS TEXT)), ?2, ''), ?1) > 0`,
      email,
      ignore,
    );
    if (row!.n > 0) found.push(`${tbl}.${col}`);
  }
  return found;
}

describe("export and erasure of one address", () => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const ann = `ann-${uid()}@example.com`;
  // Contains Ann's address: a substring match would take this person's rows too.
  const joann = `jo${ann}`;
  const bob = `bob-${uid()}@example.com`;

  beforeAll(async () => {
    admin = await signedInAdmin();
    await seedPerson(ann, admin.cookie, "Ann");
    await seedPerson(bob, admin.cookie, "Bob");
    expect(
      (await postForm("/contact", { name: "Jo", email: joann, message: "Please send me some leads too.", redirectTo: "/contact" })).status,
    ).toBe(302);
  });

  const privacyPost = (fields: Record<string, string>, testEnv = env) =>
    postForm("/admin/privacy", fields, { cookie: admin.cookie, headers: SAME_ORIGIN, testEnv });

  it("holds a row of every table of the list for the seeded address", async () => {
    const counts = await countsOf(ann);
    for (const t of PERSONAL_DATA) expect(counts[t.table], t.table).toBeGreaterThan(0);
    // Emails to Ann, and the team's notices about her (her address in their payload).
    const [notices] = await all<{ n: number }>(
      "SELECT count(*) AS n FROM email_outbox WHERE recipient = ?1 AND instr(payload, ?2) > 0",
      env.NOTIFY_TO,
      ann,
    );
    expect(notices!.n).toBeGreaterThan(0);
  });

  it("asks for the admin on every request", async () => {
    const page = await request("/admin/privacy", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toContain("/admin/login");
    const exported = await postForm("/admin/privacy/export", { email: ann }, { headers: SAME_ORIGIN });
    expect(exported.status).toBe(302);
    expect(exported.headers.get("Location")).toContain("/admin/login");
    const erase = await postForm(
      "/admin/privacy",
      { intent: "erase", email: ann, requestId: crypto.randomUUID(), confirm: "yes" },
      { headers: SAME_ORIGIN },
    );
    expect(erase.status).toBe(302);
    expect((await countsOf(ann)).people).toBe(1);
  });

  it("looks an address up as typed (any case, spaces); a bad address answers 400 with what was typed", async () => {
    const bad = await privacyPost({ intent: "lookup", email: "not-an-address" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Enter a valid email address");
    expect(badHtml).toContain('value="not-an-address"');

    const res = await privacyPost({ intent: "lookup", email: `  ${ann.toUpperCase()} ` });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Stored about ${ann}`);
    for (const t of PERSONAL_DATA) expect(html).toContain(t.label);
    expect(html).toContain("Export data (JSON)");
  });

  it("exports every row about the address as one JSON download, recorded with the address's keyed hash only", async () => {
    const res = await postForm("/admin/privacy/export", { email: ann.toUpperCase() }, { cookie: admin.cookie, headers: SAME_ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = await res.json<{ subject: string; tables: Record<string, { rows: Record<string, unknown>[] }> }>();
    expect(body.subject).toBe(ann);
    for (const t of PERSONAL_DATA) expect(body.tables[t.table]!.rows.length, t.table).toBeGreaterThan(0);
    expect(body.tables.contact_messages!.rows[0]).toMatchObject({
      name: "Ann",
      email: ann,
      message: "Please send me some leads for my app.",
    });
    // Onboarding answers parsed; questions, notes and status history there.
    const finished = body.tables.onboarding_submissions!.rows.find((r) => r.is_completed === 1)!;
    expect(finished.form_data).toMatchObject({ firstName: "Ann", appName: "ShipFast" });
    expect(body.tables.qa_submissions!.rows[0]).toMatchObject({ submitter_email: ann, status: "published" });
    expect(body.tables.person_notes!.rows[0]!.body).toBe("Called Ann, wants a demo");
    expect(body.tables.person_events!.rows.find((r) => r.kind === "status")).toMatchObject({ from_value: "new", to_value: "contacted" });
    // The call booked on the scheduler, with its answers parsed.
    expect(body.tables.meetings!.rows[0]).toMatchObject({ invitee_email: ann, status: "booked" });
    expect(body.tables.meetings!.rows[0]!.answers).toEqual([{ question: "What should we talk about?", answer: "Our first 50 merchants" }]);
    expect(typeof body.tables.email_outbox!.rows[0]!.payload).toBe("object");
    expect(body.tables.people!.rows[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Nobody else's rows: not Jo's, whose address contains Ann's.
    expect(JSON.stringify(body)).not.toContain(joann);
    expect(JSON.stringify(body)).not.toContain(bob);

    const entries = await all<{ detail: string }>(
      "SELECT detail FROM audit_log WHERE action = 'privacy.export' AND actor_id = ?1",
      admin.id,
    );
    expect(entries.map((e) => JSON.parse(e.detail) as unknown)).toEqual([{ email: await emailHash(env, ann) }]);
    expect(await all("SELECT id FROM audit_log WHERE instr(lower(coalesce(detail, '')), ?1) > 0", ann)).toEqual([]);
  });

  it("asks for a confirmation: without the box ticked nothing is erased (400, the confirmation again)", async () => {
    const review = await privacyPost({ intent: "review-erase", email: ann });
    expect(review.status).toBe(200);
    const reviewHtml = await review.text();
    expect(reviewHtml).toContain(`Erase everything stored about ${ann}?`);
    const requestId = /name="requestId" value="([0-9a-f-]{36})"/.exec(reviewHtml)![1]!;
    const unticked = await privacyPost({ intent: "erase", email: ann, requestId });
    expect(unticked.status).toBe(400);
    const html = await unticked.text();
    expect(html).toContain("Tick the box to confirm the erasure");
    expect(html).toContain(`value="${requestId}"`);
    expect((await countsOf(ann)).people).toBe(1);
  });

  it("leaves everything as it was when the batch fails (all or nothing)", async () => {
    const before = await countsOf(ann);
    const res = await privacyPost({ intent: "erase", email: ann, requestId: crypto.randomUUID(), confirm: "yes" }, envWithFailingBatch());
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("The data could not be erased");
    expect(await countsOf(ann)).toEqual(before);
  });

  it(
    "erases in one batch: nothing holds the address, questions stay published without name and email, others untouched; a retry is one erasure",
    { timeout: 30_000 },
    async () => {
      // An address of its own (and its Jo): the block's other tests may run after this one, in any order.
      const ann = `erased-${uid()}@example.com`;
      const joann = `jo${ann}`;
      const seeded = await seedPerson(ann, admin.cookie, "Ann");
      expect(
        (await postForm("/contact", { name: "Jo", email: joann, message: "Please send me some leads too.", redirectTo: "/contact" }))
          .status,
      ).toBe(302);
      const bobBefore = await countsOf(bob);
      const joannBefore = await countsOf(joann);
      const requestId = crypto.randomUUID();
      const res = await privacyPost({ intent: "erase", email: ` ${ann.toUpperCase()}`, requestId, confirm: "yes" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/admin/privacy");

      expect(Object.values(await countsOf(ann)).every((n) => n === 0)).toBe(true);
      expect(await everywhere(ann, joann)).toEqual([]);
      expect(await all("SELECT id FROM people WHERE id = ?1", seeded.personId)).toEqual([]);
      const [question] = await all<Record<string, unknown>>(
        "SELECT status, submitter_name, submitter_email, answer FROM qa_submissions WHERE title = ?1",
        seeded.title,
      );
      expect(question).toEqual({ status: "published", submitter_name: null, submitter_email: null, answer: "Start with the App Store." });
      const page = await request(`/questions-and-answers`);
      expect(await page.text()).toContain(seeded.title.replace("?", ""));

      expect(await countsOf(bob)).toEqual(bobBefore);
      expect(await countsOf(joann)).toEqual(joannBefore);
      expect(joannBefore.contact_messages).toBe(1);
      expect(joannBefore.email_outbox).toBeGreaterThan(0);

      // The same confirmation again (a retry after a lost answer): nothing left to erase, one entry.
      expect((await privacyPost({ intent: "erase", email: ann, requestId, confirm: "yes" })).status).toBe(302);
      const hash = await emailHash(env, ann);
      const entries = await all<{ detail: string }>(
        "SELECT detail FROM audit_log WHERE action = 'privacy.erase' AND instr(detail, ?1) > 0",
        hash,
      );
      expect(entries.map((e) => JSON.parse(e.detail) as unknown)).toEqual([{ email: hash, requestId }]);

      // The Leads list no longer has Ann.
      const leads = await request("/admin/dashboard/leads", { headers: { Cookie: admin.cookie } });
      const leadsHtml = await leads.text();
      // Not Ann (Jo's address contains hers: only as a whole address).
      expect(leadsHtml).not.toMatch(new RegExp(`[^a-z]${ann.replace(/[.-]/g, "\\$&")}`));
      expect(leadsHtml).toContain(joann);
      expect(leadsHtml).toContain(bob);
    },
  );

  it("opens the summary and the confirmation from a person's page (their address filled in)", async () => {
    const [bobPerson] = await all<{ id: string }>("SELECT id FROM people WHERE email = ?1", bob);
    const personPage = await (await request(`/admin/dashboard/leads/${bobPerson!.id}`, { headers: { Cookie: admin.cookie } })).text();
    expect(personPage).toContain(`/admin/privacy?person=${bobPerson!.id}&amp;step=erase`);
    const summary = await (await request(`/admin/privacy?person=${bobPerson!.id}`, { headers: { Cookie: admin.cookie } })).text();
    expect(summary).toContain(`Stored about ${bob}`);
    const confirm = await (
      await request(`/admin/privacy?person=${bobPerson!.id}&step=erase`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(confirm).toContain(`Erase everything stored about ${bob}?`);
    expect((await request("/admin/privacy?person=nobody", { headers: { Cookie: admin.cookie } })).status).toBe(404);
  });
});

// --------------------------------------------------------------- retention

describe("retention, run by the cron with a fixed clock", () => {
  // The cron's scheduled time, before every row the other tests write (those are never old enough).
  const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
  const at = (days: number) => NOW - days * DAY;

  async function cron(testEnv: Env = env) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: NOW }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
  }

  const outbox = (id: string, status: "sent" | "queued" | "failed", ageDays: number) =>
    make.outboxRow.statement(env.DB, {
      id,
      kind: "contact-notice",
      recipient: "team@localhost.test",
      subject: "New contact message from Ada",
      payload: { name: "Ada", email: "ada@example.com" },
      status,
      attempts: 1,
      nextAttemptAt: new Date(at(ageDays)),
      createdAt: new Date(at(ageDays)),
      sentAt: status === "sent" ? new Date(at(ageDays)) : null,
      lastError: "timeout",
    });
  const draft = (id: string, createdDays: number, updatedDays: number, completed = false) =>
    make.onboardingSubmission.statement(env.DB, {
      id,
      email: "ada@example.com",
      stepCompleted: 2,
      isCompleted: completed,
      createdAt: new Date(at(createdDays)),
      updatedAt: new Date(at(updatedDays)),
    });

  it("empties sent emails' bodies after 30 days (metadata kept), deletes drafts untouched for 90 days, by default", async () => {
    const p = `r-${uid()}`;
    await env.DB.batch([
      outbox(`${p}-sent-31`, "sent", 31),
      outbox(`${p}-sent-29`, "sent", 29),
      outbox(`${p}-queued-40`, "queued", 40),
      outbox(`${p}-failed-40`, "failed", 40),
      draft(`${p}-draft-91`, 91, 91),
      draft(`${p}-draft-touched`, 120, 10),
      draft(`${p}-draft-89`, 89, 89),
      draft(`${p}-done-200`, 200, 200, true),
    ]);
    await cron();

    const rows = await all<Record<string, unknown>>(
      "SELECT id, kind, recipient, subject, payload, status, attempts, created_at, sent_at, last_error FROM email_outbox WHERE id LIKE ?1 ORDER BY id",
      `${p}-%`,
    );
    const byId = Object.fromEntries(rows.map((r) => [String(r.id).slice(p.length + 1), r]));
    expect(byId["sent-31"]).toEqual({
      id: `${p}-sent-31`,
      kind: "contact-notice",
      recipient: "team@localhost.test",
      subject: "contact-notice",
      payload: "{}",
      status: "sent",
      attempts: 1,
      created_at: at(31),
      sent_at: at(31),
      last_error: null,
    });
    for (const kept of ["sent-29", "queued-40", "failed-40"]) {
      expect(byId[kept], kept).toMatchObject({
        subject: "New contact message from Ada",
        payload: '{"name":"Ada","email":"ada@example.com"}',
      });
    }
    const drafts = await all<{ id: string }>("SELECT id FROM onboarding_submissions WHERE id LIKE ?1 ORDER BY id", `${p}-%`);
    expect(drafts.map((d) => d.id.slice(p.length + 1))).toEqual(["done-200", "draft-89", "draft-touched"]);
  });

  it("takes each period from its var", async () => {
    const p = `v-${uid()}`;
    await env.DB.batch([outbox(`${p}-sent-11`, "sent", 11), draft(`${p}-draft-11`, 11, 11)]);
    await cron(env);
    expect(await all("SELECT id FROM onboarding_submissions WHERE id = ?1", `${p}-draft-11`)).toHaveLength(1);
    await cron({ ...env, RETENTION_EMAIL_BODY_DAYS: "10", RETENTION_ONBOARDING_DRAFT_DAYS: "10" });
    expect(await all("SELECT payload FROM email_outbox WHERE id = ?1", `${p}-sent-11`)).toEqual([{ payload: "{}" }]);
    expect(await all("SELECT id FROM onboarding_submissions WHERE id = ?1", `${p}-draft-11`)).toEqual([]);
    expect(env.RETENTION_UNCONFIRMED_SIGNUP_DAYS).toBe("7");
  });

  it("is bounded: a backlog goes a batch at a time, oldest first, along the partial index", async () => {
    const p = `b-${uid()}`;
    await env.DB.batch(Array.from({ length: 7 }, (_, i) => outbox(`${p}-${i}`, "sent", 100 + i)));
    const first = await runRetention(env, NOW, { rounds: 2, batch: 2 });
    expect(first).toMatchObject({ emailBodies: 4, unconfirmedSignups: expect.any(Number) });
    const cleared = await all<{ id: string }>("SELECT id FROM email_outbox WHERE id LIKE ?1 AND payload = '{}' ORDER BY id", `${p}-%`);
    // The oldest four (ages 106 to 103 days).
    expect(cleared.map((r) => r.id.slice(p.length + 1))).toEqual(["3", "4", "5", "6"]);
    expect((await runRetention(env, NOW, { rounds: 2, batch: 2 })).emailBodies).toBe(3);

    const plan = await all<{ detail: string }>(
      "EXPLAIN QUERY PLAN SELECT id FROM email_outbox INDEXED BY outbox_body_kept_idx WHERE status = 'sent' AND payload <> '{}' AND created_at < ?1 ORDER BY created_at LIMIT 2",
      NOW,
    );
    // The retention's own statement: the partial index serves both the condition and the order.
    expect(plan.map((r) => r.detail).join(" ")).toMatch(/^SEARCH email_outbox USING INDEX outbox_body_kept_idx \(created_at<\?\)$/);
  });
});

// ------------------------------------------------------- the privacy policy

describe("the default privacy policy says what is kept and for how long", () => {
  // The migrations that update the default policy, each only where it holds the previous default: 0015 (retention)
  // the policy statement of 0025 (where visitors come from, ADR 0022) and of 0027 (counting visits, ADR 0023).
  const POLICIES = ["_privacy_policy_retention.sql", "_submission_source.sql", "_insights.sql"];
  const policyQueries = () =>
    POLICIES.flatMap((name) => env.TEST_MIGRATIONS.find((m) => m.name.endsWith(name))!.queries).filter((q) => q.includes("UPDATE `pages`"));
  const content = async () => (await all<{ content: string }>("SELECT content FROM pages WHERE slug = 'privacy-policy'"))[0]!.content;
  const rerun = async () => {
    for (const query of policyQueries()) await env.DB.prepare(query).run();
  };

  it("a new deployment's policy names each period", async () => {
    const html = await (await request("/privacy-policy")).text();
    for (const text of [
      "30 days after sending",
      "after 90 days",
      "after 7 days",
      "your name and email are removed",
      "Your rights",
      "Where visitors come from",
      "session storage, for this tab only: no cookie is set",
      "Counting visits",
      "Your IP address and your user agent are never stored.",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("replaces only the untouched default: a policy an admin edited is never overwritten", async () => {
    const migrated = await content();
    // The policy as migration 0004 wrote it, before this one.
    const original = env.TEST_MIGRATIONS.find((m) => m.name.endsWith("_default_content.sql"))!
      .queries.join("\n")
      .match(/'default-page-privacy-policy', 'privacy-policy', 'Privacy Policy', '[^']*', '([^']*)'/)![1]!;
    await env.DB.prepare("UPDATE pages SET content = ?1 WHERE slug = 'privacy-policy'").bind(original).run();
    await rerun();
    expect(await content()).toBe(migrated);

    const edited = original.replace("Who we are", "About us");
    try {
      await env.DB.prepare("UPDATE pages SET content = ?1 WHERE slug = 'privacy-policy'").bind(edited).run();
      await rerun();
      expect(await content()).toBe(edited);
    } finally {
      // The policy as the migrations left it, for the tests that read the page (in any order).
      await env.DB.prepare("UPDATE pages SET content = ?1 WHERE slug = 'privacy-policy'").bind(migrated).run();
    }
  });
});
