/**
 * Every form's write is safe to try twice: when D1 commits a batch and the
 * answer is lost (a reset connection), the retry finds its own rows and counts
 * the write as done. One record, one email to each recipient, one queue
 * message per email, and the visitor sees the success.
 */
import { describe, expect, it, vi } from "vitest";
import { all, envLosingAnswers, freshIp, postForm, recordingEnv } from "./helpers";
import { answers } from "./onboarding-answers";

const uid = () => crypto.randomUUID().slice(0, 8);
/** The final onboarding step's POST: every answer, submitted. */
const onboarding = (email: string) => ({ ...answers(email), step: "4", intent: "submit" });

interface FormCase {
  name: string;
  path: string;
  fields: (email: string) => Record<string, string>;
  /** The stored record(s) of this submission. */
  rows: (email: string) => Promise<unknown[]>;
  /** Who is emailed: the visitor (their address) and/or the team. */
  recipients: (email: string) => string[];
  /** Where the success redirect goes without JavaScript. */
  success: RegExp;
  /** The form its person link names. */
  form: string;
  /** False when the submission makes no person yet (a newsletter sign-up is linked when it is confirmed). */
  person?: false;
}

const TEAM = "team@localhost.test";

const FORMS: FormCase[] = [
  {
    name: "contact",
    form: "contact",
    path: "/contact",
    fields: (email) => ({ name: "Ada Lovelace", email, message: "Please send me some leads for my app.", redirectTo: "/contact" }),
    rows: (email) => all("SELECT id FROM contact_messages WHERE email = ?", email),
    recipients: () => [TEAM],
    success: /^\/contact$/,
  },
  {
    name: "premium access",
    form: "premium",
    path: "/playbooks/premium",
    fields: (email) => ({ firstName: "Grace", email, company: "Hopper Apps", accessTiming: "this-week", redirectTo: "/playbooks" }),
    rows: (email) => all("SELECT id FROM premium_access_requests WHERE email = ?", email),
    recipients: (email) => [email, TEAM],
    success: /^\/playbooks/,
  },
  {
    name: "lead magnet",
    form: "lead-magnet",
    path: "/lead-magnet",
    fields: (email) => ({ firstName: "Ada", email, appUrl: "https://apps.shopify.com/ada", redirectTo: "/" }),
    rows: (email) => all("SELECT id FROM lead_magnet_submissions WHERE email = ?", email),
    recipients: (email) => [email, TEAM],
    success: /^\/$/,
  },
  {
    name: "checklist",
    form: "checklist",
    path: "/shopify-app-marketing-checklist",
    fields: (email) => ({ email }),
    rows: (email) => all("SELECT id FROM lead_magnet_submissions WHERE email = ? AND type = 'marketing-checklist'", email),
    recipients: (email) => [email, TEAM],
    success: /shopify-app-marketing-checklist/,
  },
  {
    name: "waitlist",
    form: "waitlist",
    path: "/waitlist",
    fields: (email) => ({ email, redirectTo: "/" }),
    rows: (email) => all("SELECT id FROM waitlist_entries WHERE email = ?", email),
    recipients: (email) => [email, TEAM],
    success: /^\/$/,
  },
  {
    name: "newsletter",
    form: "newsletter",
    person: false,
    path: "/newsletter",
    fields: (email) => ({ email, redirectTo: "/" }),
    rows: (email) => all("SELECT id FROM newsletter_subscribers WHERE email = ?", email),
    recipients: (email) => [email],
    success: /^\/$/,
  },
  {
    name: "question",
    form: "question",
    path: "/questions-and-answers/submit",
    fields: (email) => ({
      title: `Is a lost answer stored once ${email.slice(0, 13)}?`,
      question: "A question long enough to be valid for the form, asked once.",
      category: "technical",
      submitterEmail: email,
      redirectTo: "/questions-and-answers/submit",
    }),
    rows: (email) => all("SELECT id FROM qa_submissions WHERE submitter_email = ?", email),
    recipients: () => [TEAM],
    success: /^\/questions-and-answers\/submit$/,
  },
  {
    name: "onboarding",
    form: "onboarding",
    path: "/onboarding",
    fields: onboarding,
    rows: (email) => all("SELECT id FROM onboarding_submissions WHERE email = ? AND is_completed = 1", email),
    recipients: (email) => [TEAM, email],
    success: /^\/call-booking/,
  },
];

describe("a write whose answer is lost after it committed", () => {
  for (const form of FORMS) {
    it(`${form.name}: one row, one email to each recipient, one person linked (once there is one), and the success`, async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const email = `lost-${uid()}@example.com`;
      const losing = envLosingAnswers(1);
      const rec = recordingEnv({ DB: losing.env.DB });
      const res = await postForm(form.path, form.fields(email), { ip: freshIp(), testEnv: rec.env });
      expect(res.status, `${form.name} answered ${res.status}`).toBe(302);
      expect(res.headers.get("Location")).toMatch(form.success);
      expect(losing.calls()).toBeGreaterThanOrEqual(1);

      const rows = await form.rows(email);
      expect(rows).toHaveLength(1);
      const ids = (await all<{ id: string }>("SELECT id FROM email_outbox WHERE payload LIKE ?", `%${email}%`)).map((r) => r.id);
      const outbox = await all<{ recipient: string }>(
        `SELECT recipient FROM email_outbox WHERE id IN (${ids.map(() => "?").join(",") || "''"}) ORDER BY recipient`,
        ...ids,
      );
      expect(outbox.map((r) => r.recipient).sort()).toEqual(form.recipients(email).sort());
      const queued = rec.messages.map((m) => (m as { outboxId: string }).outboxId).sort();
      expect(queued).toEqual([...ids].sort());

      // The person and the link were in the same batch: there once, linked to this record.
      const people = await all<{ id: string }>("SELECT id FROM people WHERE email = ?", email);
      if (form.person === false) {
        expect(people).toEqual([]);
        return;
      }
      expect(people).toHaveLength(1);
      const links = await all<{ person_id: string; form: string }>(
        "SELECT person_id, form FROM person_submissions WHERE record_id = ?",
        (rows[0] as { id: string }).id,
      );
      expect(links).toEqual([{ person_id: people[0]!.id, form: form.form }]);
    });
  }
});
