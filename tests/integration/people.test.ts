/**
 * People: every submission links to one person per normalised
 * email, in the same batch that stores it, from every form; the migration's
 * backfill links every submission stored before it.
 */
import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { all, envWithFailingBatch, freshIp, postForm } from "./helpers";
import { answers } from "./onboarding-answers";

const uid = () => crypto.randomUUID().slice(0, 8);
const HOUR = 60 * 60 * 1000;

type Person = {
  id: string;
  email: string;
  name: string | null;
  company: string | null;
  app: string | null;
  due_at: number | null;
  first_form: string;
  last_form: string;
};
const personOf = async (email: string) => (await all<Person>("SELECT * FROM people WHERE email = ?", email))[0];
const linksOf = (personId: string) =>
  all<{ form: string; record_id: string }>(
    "SELECT form, record_id FROM person_submissions WHERE person_id = ? ORDER BY created_at",
    personId,
  );

describe("every submission links to its person, in the batch that stores it", () => {
  it("the popup's playbook, then onboarding with the same email in other capitals: one person with both", async () => {
    const email = `founder-${uid()}@example.com`;
    const popup = await postForm("/lead-magnet", { firstName: "Ada", email, appUrl: "https://apps.shopify.com/ada", redirectTo: "/" });
    expect(popup.status).toBe(302);
    const shouting = email.toUpperCase();
    const before = Date.now();
    const finished = await postForm("/onboarding", { ...answers(shouting), step: "4", intent: "submit" });
    expect(finished.status).toBe(302);

    const person = (await personOf(email))!;
    expect(person).toMatchObject({
      name: "Ada Lovelace",
      company: "Analytical Apps",
      app: "ShipFast",
      first_form: "lead-magnet",
      last_form: "onboarding",
    });
    // A finished onboarding (the free sample) promises first leads within 48 hours.
    expect(person.due_at).toBeGreaterThanOrEqual(before + 48 * HOUR);
    expect(person.due_at).toBeLessThanOrEqual(Date.now() + 48 * HOUR);
    const links = await linksOf(person.id);
    expect(links.map((l) => l.form)).toEqual(["lead-magnet", "onboarding"]);
    const [magnet] = await all<{ id: string }>("SELECT id FROM lead_magnet_submissions WHERE email = ?", email);
    const [onboarding] = await all<{ id: string }>("SELECT id FROM onboarding_submissions WHERE email = ? AND is_completed = 1", email);
    expect(links.map((l) => l.record_id)).toEqual([magnet!.id, onboarding!.id]);
  });

  it("a premium request is due in 24 hours; a later form with an empty name keeps the name last given", async () => {
    const email = `premium-${uid()}@example.com`;
    const before = Date.now();
    await postForm("/playbooks/premium", {
      firstName: "Grace",
      email,
      company: "Hopper Apps",
      accessTiming: "this-week",
      redirectTo: "/playbooks",
    });
    await postForm("/waitlist", { email, redirectTo: "/" });
    const person = (await personOf(email))!;
    expect(person).toMatchObject({ name: "Grace", company: "Hopper Apps", first_form: "premium", last_form: "waitlist" });
    expect(person.due_at).toBeGreaterThanOrEqual(before + 24 * HOUR);
    expect(person.due_at).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    expect((await linksOf(person.id)).map((l) => l.form)).toEqual(["premium", "waitlist"]);
  });

  it("a question without an email links to nobody; with one, to its person", async () => {
    const email = `asker-${uid()}@example.com`;
    const question = (extra: Record<string, string>) =>
      postForm("/questions-and-answers/submit", {
        title: `How do I find merchants ${uid()}?`,
        question: "A question long enough to be valid for the form, asked once.",
        category: "technical",
        redirectTo: "/questions-and-answers/submit",
        ...extra,
      });
    expect((await question({})).status).toBe(302);
    expect((await question({ submitterName: "Cy", submitterEmail: email })).status).toBe(302);
    const person = (await personOf(email))!;
    expect(person.name).toBe("Cy");
    expect((await linksOf(person.id)).map((l) => l.form)).toEqual(["question"]);
    const [orphans] = await all<{ n: number }>(
      "SELECT count(*) AS n FROM qa_submissions q WHERE submitter_email IS NULL AND EXISTS (SELECT 1 FROM person_submissions s WHERE s.record_id = q.id)",
    );
    expect(orphans!.n).toBe(0);
  });

  it("a batch that fails stores neither the record nor its person", async () => {
    const email = `down-${uid()}@example.com`;
    const res = await postForm(
      "/contact",
      { name: "Ada", email, message: "Please send me some leads for my app.", redirectTo: "/contact" },
      {
        ip: freshIp(),
        testEnv: envWithFailingBatch(),
      },
    );
    expect(res.status).toBe(503);
    expect(await personOf(email)).toBeUndefined();
  });
});

describe("migration 0011: the backfill links every submission stored before it", () => {
  it("one person per normalised email, every submission linked, details as last given, drafts not linked", async () => {
    const db = env.MIGRATION_TEST_DB;
    const PEOPLE = "0011_people.sql";
    const applied = await db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'people'")
      .first()
      .catch(() => null);
    expect(applied, "the migration test D1 starts before 0010").toBeNull();
    await applyD1Migrations(
      db,
      env.TEST_MIGRATIONS.filter((m) => m.name < PEOPLE),
    );
    const recent = Date.now() - HOUR;
    const form = (o: Record<string, string>) => JSON.stringify({ ...answers(o.email), ...o });
    // Rows as the tables stood before 0011 (raw SQL: the factories write today's columns, which these tables lack yet).
    await db.batch([
      db
        .prepare(
          `INSERT INTO onboarding_submissions (id, email, step_completed, form_data, is_completed, created_at, updated_at) VALUES
             ('ob-done', 'ada@example.com', 4, ?1, 1, 1000, ?3), ('ob-draft', 'draft@example.com', 2, ?2, 0, 1000, 1000)`,
        )
        .bind(
          form({ email: "ada@example.com", firstName: "Ada", lastName: "Byron", appName: "OldApp" }),
          form({ email: "draft@example.com" }),
          recent,
        ),
      db.prepare(
        `INSERT INTO lead_magnet_submissions (id, first_name, email, app_url, source, type, created_at) VALUES
           ('lm-popup', 'Ada', ' Ada@Example.com ', 'https://apps.shopify.com/ada', 'leadmagnet-popup', NULL, 500),
           ('lm-landing', 'Bob', 'bob@example.com', '', 'playbook-landing', NULL, 600),
           ('lm-check', '', 'BOB@example.com', '', 'checklist-page', 'marketing-checklist', 700)`,
      ),
      db.prepare(
        `INSERT INTO premium_access_requests (id, first_name, email, company, access_timing, created_at) VALUES ('pr-1', 'Grace', 'grace@example.com', 'Hopper', 'instantly', 800)`,
      ),
      db
        .prepare(
          `INSERT INTO contact_messages (id, name, email, company, message, created_at) VALUES ('ct-1', 'Ada Lovelace', 'ADA@example.com', 'Analytical', 'Hello', ?1)`,
        )
        .bind(recent + 1000),
      db.prepare(`INSERT INTO waitlist_entries (id, email, created_at) VALUES ('wl-1', 'grace@example.com', 900)`),
      db.prepare(`INSERT INTO newsletter_subscribers (id, email, created_at) VALUES ('nl-1', 'cy@example.com', 900)`),
      db.prepare(
        `INSERT INTO qa_submissions (id, title, question, category, slug, submitter_name, submitter_email, created_at, updated_at) VALUES
           ('qa-1', 'T', 'Q', 'general', 'qa-backfill-1', 'Cy', 'Cy@example.com', 1000, 1000),
           ('qa-2', 'T', 'Q', 'general', 'qa-backfill-2', NULL, NULL, 1000, 1000)`,
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);

    const rows = async <T>(sql: string) => (await db.prepare(sql).all<T>()).results;
    const people = await rows<Person>("SELECT email, name, company, app, first_form, last_form, due_at FROM people ORDER BY email");
    expect(people).toEqual([
      // Onboarding finished within the last 14 days: due 48 h after it.
      {
        email: "ada@example.com",
        name: "Ada Lovelace",
        company: "Analytical",
        app: "OldApp",
        first_form: "lead-magnet",
        last_form: "contact",
        due_at: recent + 48 * HOUR,
      },
      { email: "bob@example.com", name: "Bob", company: null, app: null, first_form: "landing", last_form: "checklist", due_at: null },
      { email: "cy@example.com", name: "Cy", company: null, app: null, first_form: "newsletter", last_form: "question", due_at: null },
      // A premium request from long ago: no due date opened by the backfill.
      {
        email: "grace@example.com",
        name: "Grace",
        company: "Hopper",
        app: null,
        first_form: "premium",
        last_form: "waitlist",
        due_at: null,
      },
    ]);
    const links = await rows<{ form: string; record_id: string; email: string }>(
      "SELECT s.form, s.record_id, p.email FROM person_submissions s JOIN people p ON p.id = s.person_id ORDER BY s.record_id",
    );
    expect(links).toEqual([
      { form: "contact", record_id: "ct-1", email: "ada@example.com" },
      { form: "checklist", record_id: "lm-check", email: "bob@example.com" },
      { form: "landing", record_id: "lm-landing", email: "bob@example.com" },
      { form: "lead-magnet", record_id: "lm-popup", email: "ada@example.com" },
      { form: "newsletter", record_id: "nl-1", email: "cy@example.com" },
      { form: "onboarding", record_id: "ob-done", email: "ada@example.com" },
      { form: "premium", record_id: "pr-1", email: "grace@example.com" },
      { form: "question", record_id: "qa-1", email: "cy@example.com" },
      { form: "waitlist", record_id: "wl-1", email: "grace@example.com" },
    ]);
    expect(await rows("SELECT name FROM sqlite_master WHERE name LIKE '_people_backfill%'")).toEqual([]);
  });
});
