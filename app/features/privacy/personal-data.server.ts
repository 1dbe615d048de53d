/**
 * The one list of personal data (ADR 0014): every table that holds data about
 * a visitor, which of its columns are personal, how to find one email
 * address's rows, and what erasure does to them. The export, the erasure and
 * the lookup's counts are all generated from it; the tables left out are
 * listed in `EXEMPT_TABLES` with the reason. tests/integration/privacy.test.ts
 * reads the live schema and fails when a table or column that looks personal
 * (by its name) is in neither list: a new feature cannot forget.
 *
 * Every condition binds the address once, as `?1` (exactly as typed; SQLite
 * normalises it with `lower(trim(?1))`, as every writer of `people` does), so
 * no statement comes near D1's 100 bound parameters whatever the list grows to.
 */

/** The address as the database compares it: the one bound parameter of every statement. */
export const ADDRESS = "lower(trim(?1))";

/** The person with the address (people hold it normalised: the unique index answers). */
const OF_PERSON = `person_id IN (SELECT id FROM people WHERE email = ${ADDRESS})`;

export interface PersonalDataTable {
  table: string;
  /** What the export and the lookup call this part. */
  label: string;
  /** The columns holding personal data (each column the test's name rule flags must be here). */
  columns: readonly string[];
  /** The rows about the address: a condition on the table, with the address as ?1 (and no other parameter). */
  where: string;
  /**
   * What erasure does: without `keep`, it deletes the rows; with it, it runs `keep.set` on them (the row stays,
   * without its personal data) and the confirmation page says `keep.text`. The statements run in the list's order,
   * in one batch: rows found through `people` come before it.
   */
  keep?: { set: string; text: string };
  /** Text columns holding JSON, parsed in the export. */
  json?: readonly string[];
  /** The export's row order. */
  orderBy: string;
}

/** What erasure does to a table's rows, in words (the confirmation page). */
export const eraseTextOf = (t: PersonalDataTable) => t.keep?.text ?? "deleted";

/**
 * Emails to the address, the team's notifications and webhook deliveries about it (the address is a value in
 * their payload: `instr` is the cheap first test, `json_tree` the exact one, so ann@x.io never matches joann@x.io).
 */
const OUTBOX_ROWS = `lower(trim(recipient)) = ${ADDRESS}
      OR (instr(lower(payload), ${ADDRESS}) > 0 AND json_valid(payload)
          AND EXISTS (SELECT 1 FROM json_tree(email_outbox.payload) j WHERE j.type = 'text' AND lower(trim(j.value)) = ${ADDRESS}))`;

const submission = (table: string, label: string, columns: string[], json?: string[]): PersonalDataTable => ({
  table,
  label,
  columns,
  where: `lower(trim(email)) = ${ADDRESS}`,
  orderBy: "created_at",
  ...(json ? { json } : {}),
});

export const PERSONAL_DATA: readonly PersonalDataTable[] = [
  // ------------------------------------------------------------ the forms
  submission("onboarding_submissions", "Onboarding answers (finished and drafts)", ["email", "form_data"], ["form_data"]),
  submission("lead_magnet_submissions", "Playbook and checklist requests", ["first_name", "email", "app_url", "phone", "page"]),
  submission("premium_access_requests", "Premium access requests", ["first_name", "email", "company"]),
  submission("contact_messages", "Contact messages", ["name", "email", "company", "message"]),
  // The unique index is on this very expression.
  submission("waitlist_entries", "Waitlist sign-up", ["email"]),
  // With the sign-up go its unsubscribed state and its consents: a later sign-up starts again from opt-in.
  // signup_source: the sign-up's visit source (ADR 0022), until the confirmation makes it the person link's.
  submission("newsletter_subscribers", "Newsletter sign-up", ["email", "signup_source"], ["signup_source"]),
  {
    table: "consents",
    label: "Consent records (newsletter, waitlist)",
    columns: ["email"],
    where: `email = ${ADDRESS}`,
    orderBy: "given_at",
  },
  {
    table: "qa_submissions",
    label: "Questions asked",
    columns: ["submitter_name", "submitter_email"],
    where: `lower(trim(submitter_email)) = ${ADDRESS}`,
    // The question stays (published ones stay published), without who asked it.
    keep: { set: "submitter_name = NULL, submitter_email = NULL, updated_at = (unixepoch() * 1000)", text: "kept without name and email" },
    orderBy: "created_at",
  },
  // --------------------------------------------------------------- email
  {
    table: "delivery_attempts",
    label: "Webhook delivery attempts about the person",
    // A receiver's answer (kept in `error`) may echo the event it was sent: the tries go with their delivery.
    columns: ["error"],
    where: `delivery_id IN (SELECT id FROM email_outbox WHERE ${OUTBOX_ROWS})`,
    orderBy: "at",
  },
  {
    table: "email_outbox",
    label: "Emails sent and webhook deliveries",
    columns: ["recipient", "subject", "payload", "last_error"],
    where: OUTBOX_ROWS,
    json: ["payload"],
    orderBy: "created_at",
  },
  {
    table: "email_suppressions",
    label: "Suppression of marketing email (a hard bounce or a complaint)",
    columns: ["email", "detail"],
    where: `email = ${ADDRESS}`,
    orderBy: "created_at",
  },
  {
    table: "broadcast_clicks",
    label: "Newsletter links clicked",
    columns: ["recipient"],
    where: `recipient = ${ADDRESS}`,
    orderBy: "first_clicked_at",
  },
  // --------------------------------------------------------- lead finder
  {
    table: "leads",
    label: "Lead Finder stores",
    columns: ["store_name", "store_url", "email"],
    where: `lower(trim(email)) = ${ADDRESS}`,
    orderBy: "created_at",
  },
  // ------------------------------------------ the pipeline (people last)
  {
    table: "person_notes",
    label: "Notes about the person",
    columns: ["person_id", "author_id", "author_email", "body"],
    where: OF_PERSON,
    orderBy: "created_at",
  },
  {
    table: "person_events",
    label: "Status history",
    columns: ["person_id", "from_value", "to_value", "detail", "actor"],
    where: OF_PERSON,
    orderBy: "created_at",
  },
  {
    table: "sequence_enrolments",
    label: "Follow-up email sequences (ADR 0024)",
    columns: ["person_id", "sequence_id", "state", "stopped_reason"],
    where: OF_PERSON,
    orderBy: "enrolled_at",
  },
  {
    table: "sequence_unsubscribes",
    label: "Left the follow-up emails (their one-click unsubscribe)",
    columns: ["email", "unsubscribed_at"],
    where: `email = ${ADDRESS}`,
    orderBy: "unsubscribed_at",
  },
  {
    table: "meetings",
    label: "Calls booked on the scheduler, with the answers given there (ADR 0024)",
    columns: ["person_id", "invitee_name", "invitee_email", "answers"],
    where: `${OF_PERSON} OR invitee_email = ${ADDRESS}`,
    json: ["answers"],
    orderBy: "start_at",
  },
  {
    table: "person_submissions",
    label: "Links of the submissions to the person, with the source of each (ADR 0022)",
    columns: ["person_id", "channel", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "landing_page", "form_page"],
    where: OF_PERSON,
    orderBy: "created_at",
  },
  {
    table: "people",
    label: "Person (the Leads pipeline)",
    columns: [
      "email",
      "name",
      "company",
      "app",
      "lost_reason",
      "first_channel",
      "first_referrer_host",
      "first_utm_source",
      "first_utm_medium",
      "first_utm_campaign",
      "first_landing_page",
    ],
    where: `email = ${ADDRESS}`,
    orderBy: "created_at",
  },
];

/**
 * Tables with columns that look personal but hold no visitor's data, and why
 * they are left out of the export and the erasure.
 */
export const EXEMPT_TABLES: Readonly<Record<string, string>> = {
  insight_rollups:
    "Visitor counts per day, page, source, campaign, country and device class (ADR 0023): totals, with no address, hash or identifier of anyone.",
  insight_views:
    "Today's page views with a visitor hash made with a random salt of the day (ADR 0023): no address or user agent, nothing to find by an email; deleted with the salt when the day is over.",
  insight_submission_totals:
    "Submissions per day, form, form page, source and campaign (ADR 0023): totals, with no address or identifier of anyone; erasing a person leaves them, as the visitor counts.",
  insight_salts: "The day's random salt of the visitor hash (ADR 0023), deleted when the day is over; it names no one.",
  users: "The team's own accounts (admins), managed on the Team page.",
  admin_sessions: "Admins' sign-ins (device and country), removed when the session ends.",
  account_tokens:
    "Invitation and password-reset links for the team: an invitee's address until the link is used, revoked or expires; removed with the team member.",
  audit_log:
    "The admins' record: the actor and address are the admin's; a visitor's address is kept only as a keyed hash (failed sign-ins, privacy.export, privacy.erase). Its own retention: AUDIT_RETENTION_DAYS.",
  pages: "Site content; updated_by is the admin who saved it.",
  guides: "Site content; updated_by is the admin who saved it.",
  content_blocks: "Site content; name is the block's name, updated_by the admin who saved it.",
  blogs: "Site content; the author is a published byline, updated_by the admin who saved it.",
  revisions: "Earlier versions of site content; saved_by is the admin.",
  media: "Uploaded images; name is the file's name, uploaded_by the admin.",
  rate_limits:
    "Short-lived counters of the sign-in throttle and of wrong two-factor codes (keyed by address, typed email or admin id), removed by the cron after a day.",
  people_search:
    "The Leads search index over people (FTS5 with external content): it reads email, name, company and app from `people` and keeps only their trigram tokens; a person's erasure removes their entry through the people delete trigger.",
  notification_destinations:
    "The team's alert destinations (Slack or webhook URLs); name is the destination's name. The events sent to them are email_outbox rows, covered above.",
  team_settings: "The team's digest settings and admin session limits; updated_by is the admin who saved them.",
  sequences: "The follow-up sequences the team declares; name is the sequence's name.",
  sequence_address_blocks:
    "Addresses that left the follow-up emails or were erased, as a keyed hash only (HMAC-SHA256 under a purpose key derived from the site's secret, ADR 0024): it cannot be turned back into the address, and it stays after the erasure on purpose, so that a person who asked to be erased or to get no more follow-up emails is never enrolled again when they give their address on a form later (the erasure writes it). It holds nothing else about them: the reason and when.",
  broadcasts:
    "Newsletter broadcasts (content and audience rules); created_by is the admin who made one. Each recipient's email is an email_outbox row, covered above.",
  d1_migrations: "Wrangler's record of the applied migrations (name is a migration's file name).",
};

const byTable = new Map(PERSONAL_DATA.map((t) => [t.table, t]));
export const personalDataTable = (table: string) => byTable.get(table);
