/**
 * Every table of the product, in one place. drizzle-kit turns this file into
 * SQL under migrations/ (`npm run db:generate`); wrangler applies that SQL.
 *
 * Conventions: ids are random UUIDs (text); times are integer milliseconds
 * since the epoch (drizzle `timestamp_ms`); JSON is stored as text.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { destinationKinds, type AlertEvent, type Sealed } from "./shared";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`);

// ---------------------------------------------------------------- accounts

export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` */
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  /** The last successful sign-in (after the second factor, when it is on). */
  lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
  /** The TOTP secret (base32) once two-factor sign-in is confirmed, sealed (ADR 0017); null while it is off. */
  totpSecret: text("totp_secret").$type<Sealed>(),
  /** A secret being set up, sealed: shown as a QR code until a code from the app confirms it. */
  totpPendingSecret: text("totp_pending_secret").$type<Sealed>(),
  totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
  /**
   * The time step (RFC 6238's counter) of the last code accepted for sign-in or set-up: a code is
   * accepted only for a later step, so a code seen once cannot be used again (RFC 6238 §5.2).
   */
  totpLastStep: integer("totp_last_step"),
});

export const userRoles = sqliteTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["admin"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * One row per admin sign-in, beside its KV session: the row is what makes a
 * session valid (the guard reads it with the admin's role, in the one D1 step
 * it already made), so ending a session is deleting its row. The id is the
 * SHA-256 (hex) of the KV session id: the table never holds a usable id.
 */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Browser and system read from the user agent at sign-in, e.g. `Chrome on macOS` (never the raw string). */
    device: text("device").notNull(),
    /** Two-letter country from `request.cf` at sign-in, if known. */
    country: text("country"),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("admin_sessions_user_idx").on(t.userId)],
);

/** Single-use recovery codes for two-factor sign-in, stored as SHA-256 hex; a used code is deleted. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const accountTokenKinds = ["invitation", "password-reset"] as const;

/**
 * Invitation and password-reset links. A link carries `<id>.<secret>`; the
 * table holds only the secret's SHA-256, compared in constant time. A token is
 * used once (`used_at`), revoked (`revoked_at`), or expires (`expires_at`).
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: id(),
    kind: text("kind", { enum: accountTokenKinds }).notNull(),
    secretHash: text("secret_hash").notNull(),
    /** Who the link is for: the invitee's address, or the admin's own for a reset. */
    email: text("email").notNull(),
    /** The admin a reset is for; null for an invitation. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Who sent an invitation. */
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("account_tokens_kind_email_idx").on(t.kind, t.email)],
);

// ------------------------------------------------------------- lead capture

export const onboardingSubmissions = sqliteTable(
  "onboarding_submissions",
  {
    id: id(),
    email: text("email").notNull(),
    stepCompleted: integer("step_completed").notNull().default(0),
    formData: text("form_data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    isCompleted: integer("is_completed", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("onboarding_completed_created_idx").on(t.isCompleted, t.createdAt)],
);

/** Where a lead-magnet submission came from: the popup, the playbook landing page, the checklist page. */
export const leadMagnetSources = ["leadmagnet-popup", "playbook-landing", "checklist-page"] as const;

export const leadMagnetSubmissions = sqliteTable(
  "lead_magnet_submissions",
  {
    id: id(),
    firstName: text("first_name").notNull().default(""),
    email: text("email").notNull(),
    appUrl: text("app_url").notNull().default(""),
    phone: text("phone"),
    page: text("page"),
    source: text("source", { enum: leadMagnetSources }).notNull(),
    type: text("type"),
    createdAt: createdAt(),
  },
  (t) => [index("lead_magnet_created_idx").on(t.createdAt)],
);

export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: id(),
    /** Stored trimmed and lower-cased, so one person is one row (the index holds it whatever a writer stores). */
    email: text("email").notNull(),
    createdAt: createdAt(),
    /** Set by the unsubscribe link: no more list email until the address joins again (ADR 0016). */
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("waitlist_email_key_unique").on(sql`lower(trim(${t.email}))`), index("waitlist_created_idx").on(t.createdAt)],
);

export const newsletterStatuses = ["pending", "confirmed", "unsubscribed"] as const;

export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: id(),
    /** Stored trimmed and lower-cased: subscribing twice keeps one row (the index holds it whatever a writer stores). */
    email: text("email").notNull(),
    createdAt: createdAt(),
    /**
     * Double opt-in (ADR 0016): a sign-up is `pending` until its emailed link is confirmed; only
     * `confirmed` rows are subscribed. Rows from before double opt-in default to `confirmed`.
     */
    status: text("status", { enum: newsletterStatuses }).notNull().default("confirmed"),
    /** SHA-256 of the confirmation link's token (never the token), while `pending`. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: integer("confirm_expires_at", { mode: "timestamp_ms" }),
    /** The latest sign-up that asked for a confirmation: unconfirmed ones are pruned by it. */
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    /**
     * The source of the latest sign-up's visit (ADR 0022), as JSON (a VisitSource of app/lib/visit-source.ts): kept until the confirmation links
     * the person, whose link (and first source) it becomes. Personal data: exported and erased with the address.
     */
    signupSource: text("signup_source"),
  },
  (t) => [
    uniqueIndex("newsletter_email_key_unique").on(sql`lower(trim(${t.email}))`),
    index("newsletter_created_idx").on(t.createdAt),
    index("newsletter_status_requested_idx").on(t.status, t.requestedAt),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_created_idx").on(t.createdAt)],
);

export const accessTimings = ["instantly", "this-week", "this-month"] as const;

export const premiumAccessRequests = sqliteTable(
  "premium_access_requests",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull(),
    accessTiming: text("access_timing", { enum: accessTimings }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("premium_created_idx").on(t.createdAt)],
);

// --------------------------------------------------------------------- Q&A

export const qaCategories = ["app-approval", "gtm-strategy", "growth-marketing", "churn-retention", "technical", "general"] as const;

export const qaSubmissions = sqliteTable(
  "qa_submissions",
  {
    id: id(),
    title: text("title").notNull(),
    question: text("question").notNull(),
    answer: text("answer"),
    category: text("category", { enum: qaCategories }).notNull(),
    slug: text("slug").notNull(),
    status: text("status", { enum: ["pending", "published"] })
      .notNull()
      .default("pending"),
    isFeatured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    viewCount: integer("view_count").notNull().default(0),
    submitterName: text("submitter_name"),
    submitterEmail: text("submitter_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("qa_slug_unique").on(t.slug),
    index("qa_status_created_idx").on(t.status, t.createdAt),
    index("qa_status_category_idx").on(t.status, t.category),
  ],
);

// ----------------------------------------------------------------- content

export const pages = sqliteTable(
  "pages",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    metaDescription: text("meta_description"),
    /** JSON, or raw text when an admin's input was not valid JSON (spec): read it with `parseJsonOrText`. */
    content: text("content"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The admin (email) who saved this version; null on rows from before revisions. */
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("pages_slug_unique").on(t.slug), index("pages_created_idx").on(t.createdAt)],
);

export const guides = sqliteTable(
  "guides",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    /** JSON, or raw text when an admin's input was not valid JSON (spec): read it with `parseJsonOrText`. */
    content: text("content"),
    category: text("category"),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    orderIndex: integer("order_index").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The admin (email) who saved this version; null on rows from before revisions. */
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("guides_slug_unique").on(t.slug), index("guides_order_idx").on(t.orderIndex)],
);

export const contentBlocks = sqliteTable(
  "content_blocks",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    /** JSON, or raw text when an admin's input was not valid JSON (spec): read it with `parseJsonOrText`. */
    content: text("content"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The admin (email) who saved this version; null on rows from before revisions. */
    updatedBy: text("updated_by"),
  },
  (t) => [uniqueIndex("content_blocks_name_unique").on(t.name), index("content_blocks_created_idx").on(t.createdAt)],
);

export const blogCategories = ["saas-development", "marketing", "product", "technical", "business", "other"] as const;

export const blogs = sqliteTable(
  "blogs",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    content: text("content", { mode: "json" }).$type<unknown[]>().notNull(),
    featuredImage: text("featured_image"),
    authorName: text("author_name"),
    authorImage: text("author_image"),
    category: text("category", { enum: blogCategories }).notNull(),
    tags: text("tags", { mode: "json" }).$type<string[]>(),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The admin (email) who saved this version; null on rows from before revisions. */
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("blogs_slug_unique").on(t.slug),
    index("blogs_published_idx").on(t.isPublished, t.publishedAt),
    index("blogs_created_idx").on(t.createdAt),
  ],
);

// --------------------------------------------------------------- revisions

/**
 * Earlier versions of a content record (pages, guides, content blocks, blogs),
 * written by the save that replaced them, in the same batch (ADR 0009).
 */
export const revisions = sqliteTable(
  "revisions",
  {
    id: id(),
    /** The admin tab of the record, e.g. `pages`. */
    resource: text("resource").notNull(),
    recordId: text("record_id").notNull(),
    /** Every column of the row as it was, by column name (JSON). */
    data: text("data").notNull(),
    /** Who saved that version (the row's updated_by): null for versions from before revisions. */
    savedBy: text("saved_by"),
    /** When that version was saved (the row's updated_at). */
    savedAt: integer("saved_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("revisions_record_idx").on(t.resource, t.recordId, sql`${t.savedAt} desc`)],
);

// ------------------------------------------------------------- lead finder

export const keywords = sqliteTable(
  "keywords",
  {
    id: id(),
    keyword: text("keyword").notNull(),
    createdAt: createdAt(),
  },
  // Unique ignoring case and surrounding spaces, as the Lead Finder compares them (migration 0007).
  (t) => [uniqueIndex("keywords_keyword_key_unique").on(sql`lower(trim(${t.keyword}))`)],
);

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    keywordId: text("keyword_id")
      .notNull()
      .references(() => keywords.id, { onDelete: "cascade" }),
    storeName: text("store_name").notNull(),
    storeUrl: text("store_url").notNull(),
    email: text("email"),
    appTesting: text("app_testing").notNull().default(""),
    status: text("status").notNull().default("On Trial"),
    createdAt: createdAt(),
  },
  (t) => [index("leads_keyword_idx").on(t.keywordId, t.createdAt)],
);

// ------------------------------------------------------------ infrastructure

/** `capped`: a visitor email past the daily cap per address (ADR 0015): kept as a record, never sent. */
/**
 * `held`: a broadcast's email while its broadcast is paused (the sweeper leaves it; resuming queues it again).
 * `skipped`: a broadcast's email not sent by the send-time check (`last_error` says why, ADR 0025).
 */
export const outboxStatuses = ["queued", "sent", "failed", "capped", "held", "skipped"] as const;

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    /** Which template renders it, e.g. `waitlist-confirmation`. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: outboxStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    createdAt: createdAt(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** While a consumer is sending it: no other delivery may send it until this passes. */
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    /** One pipeline, two channels (ADR 0012): an email, or an event posted to a notification destination. */
    channel: text("channel", { enum: ["email", "webhook"] })
      .notNull()
      .default("email"),
    /** The destination of a webhook delivery (notification_destinations.id); null for an email. */
    destinationId: text("destination_id"),
    /** A broadcast's email (broadcasts.id): one row per broadcast and recipient (ADR 0025). */
    broadcastId: text("broadcast_id"),
  },
  (t) => [
    index("outbox_status_next_idx").on(t.status, t.nextAttemptAt),
    index("outbox_created_idx").on(t.createdAt),
    // The emails sent to a person (their page's timeline).
    index("outbox_recipient_idx").on(t.recipient, t.createdAt),
    // Retention (app/features/privacy/retention.server.ts): sent rows whose body is still there, oldest first.
    index("outbox_body_kept_idx")
      .on(t.createdAt)
      .where(sql`status = 'sent' AND payload <> '{}'`),
    // A destination's delivery list.
    index("outbox_destination_idx").on(t.destinationId, t.createdAt),
    // A broadcast sends each recipient one email, however often a batch is tried (ADR 0025); its stats and fan-out cursor.
    uniqueIndex("outbox_broadcast_recipient_unique")
      .on(t.broadcastId, t.recipient)
      .where(sql`broadcast_id IS NOT NULL`),
  ],
);

/** Fixed-window counters of the sign-in throttle (D1, since KV allows 1 write/s/key). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * Form stamps already used (ADR 0015): one row per post that passed without a
 * Turnstile token, written in the submission's own batch. `hash` is the
 * SHA-256 of the stamp's signed part (its primary key refuses a second use);
 * `submission` the SHA-256 of the stamp's id, the form and the value posted,
 * so the same post sent again is told from another. Removed by the cron once
 * older than a stamp may live (a day).
 */
export const usedFormStamps = sqliteTable(
  "used_form_stamps",
  {
    hash: text("hash").primaryKey(),
    submission: text("submission").notNull(),
    usedAt: integer("used_at").notNull(),
  },
  (t) => [index("used_form_stamps_used_at_idx").on(t.usedAt)],
);

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type WaitlistEntry = typeof waitlistEntries.$inferSelect;

// ------------------------------------------------------------------- media

/**
 * Uploaded images (the media library). The bytes live in R2 (`MEDIA`) under
 * `key`, made from their content: `<sha-256 hex>.<ext>`, so the same image
 * uploaded twice is one row and one object. Width and height are read from
 * the file, so pages reserve the image's space.
 */
export const media = sqliteTable(
  "media",
  {
    key: text("key").primaryKey(),
    /** One of the image types the upload accepts (found from the bytes, never the name). */
    contentType: text("content_type").notNull(),
    /** Bytes. */
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Default alt text, required at upload. */
    alt: text("alt").notNull(),
    /** The original file name, for people. */
    name: text("name").notNull(),
    /** The admin's email. */
    uploadedBy: text("uploaded_by").notNull(),
    createdAt: createdAt(),
    /** The stale-save check of the admin form (alt and name can change). */
    updatedAt: updatedAt(),
  },
  (t) => [index("media_created_idx").on(t.createdAt)],
);

export type MediaRow = typeof media.$inferSelect;

// --------------------------------------------------------------- audit log

/**
 * Every admin write, recorded in the same D1 batch as the write (ADR 0011), and
 * every sign-in. Personal data only as far as an entry needs it: the acting
 * admin's id and email (kept as they were, so an entry still names an admin who
 * has since been removed), and the address (IPv4, or the IPv6 /64). A failed
 * sign-in has no actor: the typed email is kept only as a keyed hash.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    at: integer("at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    /** `users.id` of the admin (no foreign key: entries outlive the account); null for a failed sign-in. */
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    /** `<resource>.<verb>`, e.g. `pages.update`, `leads.import`, `export.warm-leads`, `signin.failure`. */
    action: text("action").notNull(),
    /** What was written, e.g. the admin tab `pages`, or `keywords`. */
    resource: text("resource"),
    recordId: text("record_id"),
    /** The request's address: IPv4 as it is, IPv6 by its /64 (as the sign-in throttle counts it). */
    address: text("address"),
    /** A small JSON object with only what the entry needs (a deleted record's title, an export's filter). */
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at, t.id),
    index("audit_log_actor_at_idx").on(t.actorEmail, t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
// ------------------------------------------------------------------ people

/**
 * One person per normalised email (`lower(trim(email))`, as SQLite computes
 * it), across every form. Name, company and app are the last given. Status,
 * owner and due date are the team's pipeline; the timeline is read from the
 * linked submissions, the outbox and `person_events` / `person_notes`.
 */
export const personStatuses = ["new", "contacted", "qualified", "customer", "lost"] as const;
export type PersonStatus = (typeof personStatuses)[number];

export const people = sqliteTable(
  "people",
  {
    id: id(),
    /** Normalised: `lower(trim(email))`, computed by SQLite in every writer. */
    email: text("email").notNull(),
    name: text("name"),
    company: text("company"),
    app: text("app"),
    status: text("status", { enum: personStatuses }).notNull().default("new"),
    /** Why the person was lost (only with status `lost`). */
    lostReason: text("lost_reason"),
    /** The admin (users.id) who owns the person; null when nobody does. */
    ownerId: text("owner_id"),
    /** When the form's promise runs out (premium 24 h, finished onboarding 48 h); cleared from Contacted on. */
    dueAt: integer("due_at", { mode: "timestamp_ms" }),
    firstForm: text("first_form").notNull(),
    lastForm: text("last_form").notNull(),
    /**
     * The first source (ADR 0022): from the earliest submission, set when the person is created and never
     * overwritten. The channel is one of SOURCE_CHANNELS (app/lib/visit-source.ts); null before sources were kept.
     */
    firstChannel: text("first_channel"),
    firstReferrerHost: text("first_referrer_host"),
    firstUtmSource: text("first_utm_source"),
    firstUtmMedium: text("first_utm_medium"),
    firstUtmCampaign: text("first_utm_campaign"),
    firstLandingPage: text("first_landing_page"),
    createdAt: createdAt(),
    /** The latest submission's time. */
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    /** Any change by an admin or a submission (the stale-save check of the person's forms). */
    updatedAt: updatedAt(),
  },
  // The lists' order (`PEOPLE_ORDER` in app/features/people/people-list.server.ts): due first (soonest, so overdue on
  // top), then the people without a due date, latest first. Whole, and after a status or an owner.
  (t) => [
    uniqueIndex("people_email_unique").on(t.email),
    index("people_queue_idx").on(sql`coalesce(${t.dueAt}, 8640000000000000)`, sql`${t.lastSeenAt} desc`, t.id),
    index("people_status_queue_idx").on(t.status, sql`coalesce(${t.dueAt}, 8640000000000000)`, sql`${t.lastSeenAt} desc`, t.id),
    index("people_owner_queue_idx").on(t.ownerId, sql`coalesce(${t.dueAt}, 8640000000000000)`, sql`${t.lastSeenAt} desc`, t.id),
    index("people_due_idx").on(t.dueAt),
    // The Leads list's source filters (channel, campaign).
    index("people_first_channel_idx").on(t.firstChannel),
    index("people_first_campaign_idx").on(t.firstUtmCampaign),
    // Insights' source to customer over a period (ADR 0023), covering.
    index("people_insights_idx").on(t.createdAt, t.firstChannel, t.firstUtmCampaign, t.status),
  ],
);

/** Every submission's person, written in the same batch as the submission (`storeAndNotify`). */
export const personSubmissions = sqliteTable(
  "person_submissions",
  {
    /** The form that stored it: one of `personForms` (app/lib/people.ts). */
    form: text("form").notNull(),
    recordId: text("record_id").notNull(),
    personId: text("person_id").notNull(),
    createdAt: createdAt(),
    /** The source of the visit that sent it (ADR 0022): untrusted, sanitised, for reporting only. Null for writes that are no form post. */
    channel: text("channel"),
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    /** The visit's landing page and the page the form was sent from: path and query, tracking parameters dropped. */
    landingPage: text("landing_page"),
    formPage: text("form_page"),
  },
  (t) => [
    primaryKey({ columns: [t.form, t.recordId] }),
    index("person_submissions_person_idx").on(t.personId, t.createdAt),
    // Covering for the home's people per form over a period; its prefix serves the list's form filter.
    index("person_submissions_form_person_created_idx").on(t.form, t.personId, t.createdAt),
    // Insights' submissions over a period (ADR 0023), covering: its five aggregates read the index only.
    index("person_submissions_insights_idx").on(t.createdAt, t.form, t.channel, t.utmSource, t.referrerHost, t.utmCampaign, t.formPage),
  ],
);

/** What admins did to a person (status, owner, due date), for the timeline. */
export const personEvents = sqliteTable(
  "person_events",
  {
    id: id(),
    personId: text("person_id").notNull(),
    kind: text("kind", { enum: ["status", "owner", "due", "meeting"] }).notNull(),
    /** The value before and after (status, owner's email, due time in ms), as text. */
    fromValue: text("from_value"),
    toValue: text("to_value"),
    /** The lost reason with a status change to lost. */
    detail: text("detail"),
    /** The admin's email. */
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("person_events_person_idx").on(t.personId, t.createdAt)],
);

/** Admins' notes on a person, in the content renderer's inline markup (always escaped). */
export const personNotes = sqliteTable(
  "person_notes",
  {
    id: id(),
    personId: text("person_id").notNull(),
    authorId: text("author_id").notNull(),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("person_notes_person_idx").on(t.personId, t.createdAt)],
);

export type PersonRow = typeof people.$inferSelect;

// ------------------------------------------------------------ consent records (newsletter, waitlist; ADR 0016)

export const consentLists = ["newsletter", "waitlist"] as const;

/**
 * One row per sign-up to a list: which list, under which version of the privacy notice, when;
 * `withdrawn_at` once the address unsubscribes. Written in the same batch as the sign-up.
 */
export const consents = sqliteTable(
  "consents",
  {
    id: id(),
    /** lower(trim(email)), as typed on the form. */
    email: text("email").notNull(),
    list: text("list", { enum: consentLists }).notNull(),
    /** `PRIVACY_NOTICE.version` (app/features/privacy/notice.ts) shown with the form. */
    noticeVersion: text("notice_version").notNull(),
    givenAt: integer("given_at", { mode: "timestamp_ms" }).notNull(),
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("consents_email_list_idx").on(t.email, t.list)],
);

export type ConsentRow = typeof consents.$inferSelect;
// ------------------------------------------------------------------------------------------------
// Daily digest (ADR 0013): the team's settings (time zone, digest hour, on/off) and one
// claim row per digest sent, which makes the cron send at most one digest per local day.
// ------------------------------------------------------------------------------------------------

/** The team's settings: one row, id 'team' (missing: the defaults, UTC, 8:00, on; sessions 12 hours idle, 7 days at most). */
export const teamSettings = sqliteTable("team_settings", {
  id: text("id").primaryKey(),
  /** An IANA time zone name, canonical as Intl spells it (e.g. `Pacific/Auckland`). */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** The local hour (0–23) from which the day's digest is sent. */
  digestHour: integer("digest_hour").notNull().default(8),
  digestEnabled: integer("digest_enabled", { mode: "boolean" }).notNull().default(true),
  /** An admin session ends after this many minutes without a request (12 hours by default). */
  sessionIdleMinutes: integer("session_idle_minutes").notNull().default(720),
  /** An admin session ends this many minutes after its sign-in, however busy (7 days by default, the cookie's life). */
  sessionMaxMinutes: integer("session_max_minutes").notNull().default(10080),
  updatedAt: updatedAt(),
  updatedBy: text("updated_by"),
});

/**
 * One row per digest sent, written in the same batch as its outbox row: the local date and the zone
 * it was sent in, and the instant (`sent_at`, ms) the cron claimed it. A claim is made only when no
 * digest was sent since the start of today in the zone in effect (see app/features/alerts/digest.server.ts).
 */
export const digestRuns = sqliteTable(
  "digest_runs",
  {
    localDate: text("local_date").notNull(),
    timeZone: text("time_zone").notNull(),
    sentAt: integer("sent_at").notNull(),
    outboxId: text("outbox_id").notNull(),
    overdue: integer("overdue").notNull(),
    dueToday: integer("due_today").notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.timeZone] }), index("digest_runs_sent_idx").on(t.sentAt)],
);
// ------------------------------------------------------------ alerts (Slack and signed webhooks)

export { alertEvents, destinationKinds, type AlertEvent } from "./shared";

/** Where the team is alerted: a Slack incoming webhook or any URL, signed (Standard Webhooks). */
export const notificationDestinations = sqliteTable("notification_destinations", {
  id: id(),
  name: text("name").notNull(),
  kind: text("kind", { enum: destinationKinds }).notNull(),
  /** Sealed (ADR 0017): a Slack URL is its own credential, and a webhook URL may carry one. */
  url: text("url").$type<Sealed>().notNull(),
  /** `whsec_…` for a signed webhook (shown once, when made), sealed; null for Slack. */
  secret: text("secret").$type<Sealed>(),
  /** The events it receives, a JSON array of `alertEvents`. */
  events: text("events", { mode: "json" }).$type<AlertEvent[]>().notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Every try of a webhook delivery (an `email_outbox` row with channel `webhook`): when, how it went, the HTTP code. */
export const deliveryAttempts = sqliteTable(
  "delivery_attempts",
  {
    id: id(),
    deliveryId: text("delivery_id").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    outcome: text("outcome", { enum: ["delivered", "failed"] }).notNull(),
    /** The receiver's HTTP status; null when it did not answer (timeout, refused connection). */
    responseCode: integer("response_code"),
    error: text("error"),
  },
  (t) => [index("delivery_attempts_delivery_idx").on(t.deliveryId, t.at)],
);

export type DestinationRow = typeof notificationDestinations.$inferSelect;

// ------------------------------------------------------------------ visitor counts (ADR 0023)

/**
 * The day's random salt of the visitor hash (a UTC day, `YYYY-MM-DD`): made by the first view of the day, deleted
 * by the cron once the day is over, so a hash can never be linked to an address again.
 */
export const insightSalts = sqliteTable("insight_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * Raw page views of the current day, as the queue's consumer received them: the key of each view (its message id,
 * so a batch delivered twice counts once) and the day's visitor hash. No address, no user agent, no full URL.
 * Deleted by the cron once the day is over; the rollups keep the counts.
 */
export const insightViews = sqliteTable(
  "insight_views",
  {
    id: text("id").primaryKey(),
    day: text("day").notNull(),
    visitor: text("visitor").notNull(),
    path: text("path").notNull(),
    channel: text("channel").notNull(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull(),
    country: text("country").notNull(),
    device: text("device").notNull(),
    /** The delivery that stored it: its rollup statement adds only the rows this delivery wrote. */
    batch: text("batch").notNull(),
  },
  (t) => [index("insight_views_visitor_idx").on(t.day, t.visitor, t.path)],
);

/**
 * Page views and unique visitors per day and (path, channel, source, campaign, country, device); '' where a value is
 * unknown. Scope `site` (path '') counts the site: a visitor once per day whatever the pages read; scope `page` counts
 * each page (and the popup's pseudo-path). The scope leads the key so each report reads one contiguous range. The
 * table is WITHOUT ROWID (hand-written in the migration: drizzle cannot say it): one B-tree, one row written per
 * change. No personal data.
 */
export const insightRollups = sqliteTable(
  "insight_rollups",
  {
    /** ROLLUP_SCOPES (app/features/insights/views.ts): the fine rows (`site`, `page`) and the day's totals (`day:…`). */
    scope: text("scope", { enum: ["site", "page", "day:site", "day:page", "day:source", "day:campaign"] }).notNull(),
    day: text("day").notNull(),
    path: text("path").notNull(),
    channel: text("channel").notNull(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull(),
    country: text("country").notNull(),
    device: text("device").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.day, t.path, t.channel, t.source, t.campaign, t.country, t.device] })],
);

/**
 * Submissions per closed UTC day (ADR 0023): the day's total (scope `day`, a row for every day rolled, 0 included,
 * so the latest `day` row says how far the days are rolled), and per form, form page (its path), source (channel
 * and source) and campaign; '' in the columns a scope does not use. Made by the cron from `person_submissions` once
 * a day is over (`rollSubmissionDays`), a day replaced whole each time; Insights reads them for the rolled days and
 * the submissions themselves only after the last. WITHOUT ROWID (hand-written in the migration). No personal data.
 */
export const insightSubmissionTotals = sqliteTable(
  "insight_submission_totals",
  {
    /** SUBMISSION_SCOPES (app/features/insights/views.ts). */
    scope: text("scope", { enum: ["day", "form", "page", "source", "campaign"] }).notNull(),
    day: text("day").notNull(),
    form: text("form").notNull(),
    path: text("path").notNull(),
    channel: text("channel").notNull(),
    source: text("source").notNull(),
    campaign: text("campaign").notNull(),
    submissions: integer("submissions").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.day, t.form, t.path, t.channel, t.source, t.campaign] }),
    // A page's submissions over a period (Insights' top pages and form pages, a few paths): a range per path, covering.
    index("insight_submission_totals_page_idx")
      .on(t.path, t.day, t.submissions)
      .where(sql`scope = 'page'`),
  ],
);
// ------------------------------------------------------------ newsletter broadcasts (ADR 0025)

export const broadcastStatuses = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;

/** Who a broadcast goes to: confirmed newsletter subscribers, narrowed by any of these (all optional). */
export interface BroadcastSegment {
  /** A form the person sent (person_submissions.form). */
  form?: string;
  /** The person's first source channel and campaign (ADR 0022). */
  channel?: string;
  campaign?: string;
  /** The person's pipeline status. */
  status?: string;
}

/**
 * A newsletter broadcast: a subject, a preheader and a body (a blog post's title, excerpt and sections, copied
 * when it starts sending, or sections written in the section editor), its audience, and its state. Each recipient
 * is an `email_outbox` row with `broadcast_id`, written by the fan-out in the queue (app/features/broadcasts).
 */
export const broadcasts = sqliteTable(
  "broadcasts",
  {
    id: id(),
    /** The web version's address, /newsletter/{slug}. */
    slug: text("slug").notNull(),
    subject: text("subject").notNull(),
    preheader: text("preheader").notNull().default(""),
    /** The blog post it is made from (blogs.id), or null for a written one. */
    postId: text("post_id"),
    /** The heading and introduction shown above the sections (a post's title and excerpt). */
    title: text("title").notNull().default(""),
    intro: text("intro").notNull().default(""),
    /** The body in the site's structured-content format (app/components/content/sections.ts). */
    sections: text("sections", { mode: "json" }).$type<unknown[]>().notNull(),
    /** The post's slug, for the "read on the site" link (copied with the post when sending starts). */
    postSlug: text("post_slug"),
    segment: text("segment", { mode: "json" }).$type<BroadcastSegment>().notNull(),
    /** The admin's choice to show the sent broadcast at /newsletter/{slug} (that page and its "view in browser" link are not built yet). */
    webVersion: integer("web_version", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: broadcastStatuses }).notNull().default("draft"),
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    /** The audience's size when sending started. */
    recipientCount: integer("recipient_count"),
    /** The fan-out wrote its last recipients. */
    fanoutDoneAt: integer("fanout_done_at", { mode: "timestamp_ms" }),
    /** The fan-out's last step: a broadcast sending without progress for a while is resumed by the cron. */
    progressAt: integer("progress_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    /** Why it ended without sending (a scheduled broadcast whose audience was empty). */
    note: text("note"),
    /** The admin (email) who made it, and who is told when its scheduled send cannot happen. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("broadcasts_slug_unique").on(t.slug),
    index("broadcasts_status_idx").on(t.status, t.scheduledAt),
    index("broadcasts_created_idx").on(t.createdAt),
  ],
);

export type BroadcastRow = typeof broadcasts.$inferSelect;

/**
 * Clicks on a broadcast's links through the first-party redirect `/r/{token}` (ADR 0025): one row per broadcast,
 * link and recipient, however often it is clicked, with the clicks counted apart for people and for link-scanning
 * bots (a known scanner's user agent, or a click within seconds of the email's delivery). The recipient is
 * personal data (app/features/privacy/personal-data.server.ts): erasure deletes their rows.
 */
export const broadcastClicks = sqliteTable(
  "broadcast_clicks",
  {
    broadcastId: text("broadcast_id").notNull(),
    /** The link as the broadcast holds it (absolute, without the email's campaign tags). */
    url: text("url").notNull(),
    /** lower(trim(address)), as the outbox row's recipient. */
    recipient: text("recipient").notNull(),
    humanClicks: integer("human_clicks").notNull().default(0),
    botClicks: integer("bot_clicks").notNull().default(0),
    firstClickedAt: integer("first_clicked_at", { mode: "timestamp_ms" }).notNull(),
    lastClickedAt: integer("last_clicked_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.url, t.recipient] }), index("broadcast_clicks_recipient_idx").on(t.recipient)],
);

export const suppressionReasons = ["hard-bounce", "complaint"] as const;

/**
 * Addresses no marketing email goes to (broadcasts, follow-up sequences): a hard bounce or a complaint from the
 * provider's events. An admin can lift one (the row goes; the audit log keeps the record).
 */
export const emailSuppressions = sqliteTable("email_suppressions", {
  /** lower(trim(address)). */
  email: text("email").primaryKey(),
  reason: text("reason", { enum: suppressionReasons }).notNull(),
  /** The provider's words (SMTP status and reason), for the person page. */
  detail: text("detail"),
  createdAt: createdAt(),
});
// ------------------------------------------------------------ meetings (the scheduler's bookings; ADR 0024)

export const schedulerProviders = ["cal-com", "calendly"] as const;
export type SchedulerProvider = (typeof schedulerProviders)[number];
/** booked, rescheduled, cancelled come from the scheduler; held and no-show from an admin, after the call. */
export const meetingStatuses = ["booked", "rescheduled", "cancelled", "held", "no-show"] as const;
export type MeetingStatus = (typeof meetingStatuses)[number];

/**
 * One row per booking, keyed by the scheduler and its booking id (Cal.com's uid, Calendly's invitee URI; a
 * rescheduled booking keeps its first id, and `current_booking_id` is the id the scheduler uses now). `version` is the
 * time of the scheduler's event that wrote the current state: an older or repeated delivery changes nothing.
 */
export const meetings = sqliteTable(
  "meetings",
  {
    id: id(),
    provider: text("provider", { enum: schedulerProviders }).notNull(),
    bookingId: text("booking_id").notNull(),
    currentBookingId: text("current_booking_id").notNull(),
    /** The booking a reschedule replaced, when the reschedule arrived before that booking (so it finds this meeting). */
    previousBookingId: text("previous_booking_id"),
    personId: text("person_id").notNull(),
    status: text("status", { enum: meetingStatuses }).notNull(),
    startAt: integer("start_at", { mode: "timestamp_ms" }).notNull(),
    endAt: integer("end_at", { mode: "timestamp_ms" }).notNull(),
    /** The invitee as the scheduler gave them: personal data (app/features/privacy/personal-data.server.ts). */
    inviteeName: text("invitee_name"),
    inviteeEmail: text("invitee_email").notNull(),
    /** The answers to the scheduler's questions, a JSON array of { question, answer }. */
    answers: text("answers", { mode: "json" }).$type<{ question: string; answer: string }[]>().notNull(),
    /** The scheduler's event time (ms) of the state held; ties go to the later status (booked < rescheduled < cancelled). */
    version: integer("version").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("meetings_booking_unique").on(t.provider, t.bookingId),
    index("meetings_current_booking_idx").on(t.provider, t.currentBookingId),
    index("meetings_person_idx").on(t.personId, t.startAt),
    // The dashboard's and the digest's calls of a day or a week.
    index("meetings_start_idx").on(t.startAt),
  ],
);
export type MeetingRow = typeof meetings.$inferSelect;

/**
 * Each scheduler event applied, once: `id` is the provider, the booking, the state and the event's time. Its effects on
 * the person (timeline, status, due date, alert) are written in the same batch only when this row was written by that
 * batch (`run`, made once per request), so a repeated or retried delivery never repeats them.
 */
export const schedulerEvents = sqliteTable(
  "scheduler_events",
  {
    id: text("id").primaryKey(),
    meetingId: text("meeting_id").notNull(),
    run: text("run").notNull(),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
  },
  // The retention job's walk, oldest first (app/features/meetings/events-retention.server.ts).
  (t) => [index("scheduler_events_received_idx").on(t.receivedAt)],
);

/** What enrols a person in a follow-up sequence (ADR 0024). */
export const sequenceTriggers = ["onboarding", "lead-magnet", "premium", "call-cancelled"] as const;
export type SequenceTrigger = (typeof sequenceTriggers)[number];

/**
 * A follow-up sequence: its trigger, its steps (a JSON array of { subject, body, delayHours }: each an email in the
 * content markup, sent `delayHours` after the previous step, the first after enrolment), and whether it runs.
 */
export const sequences = sqliteTable("sequences", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  trigger: text("trigger", { enum: sequenceTriggers }).notNull(),
  steps: text("steps", { mode: "json" }).$type<{ subject: string; body: string; delayHours: number }[]>().notNull(),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const enrolmentStates = ["active", "done", "exited", "stopped"] as const;

/** A person in a sequence: the next step (0-based) and when it is due; once per person and sequence. */
export const sequenceEnrolments = sqliteTable(
  "sequence_enrolments",
  {
    id: text("id").primaryKey(),
    sequenceId: text("sequence_id").notNull(),
    personId: text("person_id").notNull(),
    nextStep: integer("next_step").notNull().default(0),
    dueAt: integer("due_at").notNull(),
    state: text("state", { enum: enrolmentStates }).notNull().default("active"),
    /** Why it ended early (a skip's reason, or "stopped by an admin"). */
    stoppedReason: text("stopped_reason"),
    enrolledAt: integer("enrolled_at").notNull(),
  },
  (t) => [
    uniqueIndex("sequence_enrolments_unique").on(t.sequenceId, t.personId),
    index("sequence_enrolments_due_idx").on(t.state, t.dueAt),
    index("sequence_enrolments_person_idx").on(t.personId),
  ],
);

/** Each step of an enrolment, once: sent (with its outbox row) or skipped with its reason. */
export const sequenceStepRecords = sqliteTable(
  "sequence_step_records",
  {
    enrolmentId: text("enrolment_id").notNull(),
    step: integer("step").notNull(),
    outcome: text("outcome", { enum: ["sent", "skipped"] }).notNull(),
    reason: text("reason"),
    outboxId: text("outbox_id"),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.enrolmentId, t.step] })],
);

/**
 * Addresses never enrolled in a follow-up sequence again, as a keyed hash (HMAC-SHA256 under the `follow-up-block`
 * purpose key, hex): those that left the follow-up emails and those erased. It outlives the erasure on purpose
 * (ADR 0024): it cannot be turned back into the address, and it is what keeps an erased person's "never again".
 */
export const sequenceAddressBlocks = sqliteTable("sequence_address_blocks", {
  hash: text("hash").primaryKey(),
  reason: text("reason", { enum: ["unsubscribed", "erased"] }).notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Addresses that left the follow-up emails (the one-click unsubscribe of a step email): never enrolled again. */
export const sequenceUnsubscribes = sqliteTable("sequence_unsubscribes", {
  email: text("email").primaryKey(),
  unsubscribedAt: integer("unsubscribed_at").notNull(),
});
