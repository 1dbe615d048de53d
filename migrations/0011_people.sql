-- People (issue 24): one person per normalised email (lower(trim(email))), every submission linked to its
-- person (from now on by storeAndNotify, in the same batch as the submission), the team's status, owner, due
-- date, events and notes. The backfill at the end links every submission stored before this migration.
-- (drizzle-kit splits an index expression at its comma: the coalesce of the three queue indexes is written by hand.)
CREATE TABLE `people` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`company` text,
	`app` text,
	`status` text DEFAULT 'new' NOT NULL,
	`lost_reason` text,
	`owner_id` text,
	`due_at` integer,
	`first_form` text NOT NULL,
	`last_form` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_email_unique` ON `people` (`email`);--> statement-breakpoint
CREATE INDEX `people_queue_idx` ON `people` (coalesce("due_at", 8640000000000000),"last_seen_at" desc,`id`);--> statement-breakpoint
CREATE INDEX `people_status_queue_idx` ON `people` (`status`,coalesce("due_at", 8640000000000000),"last_seen_at" desc,`id`);--> statement-breakpoint
CREATE INDEX `people_owner_queue_idx` ON `people` (`owner_id`,coalesce("due_at", 8640000000000000),"last_seen_at" desc,`id`);--> statement-breakpoint
CREATE INDEX `people_due_idx` ON `people` (`due_at`);--> statement-breakpoint
CREATE TABLE `person_events` (
	`id` text PRIMARY KEY NOT NULL,
	`person_id` text NOT NULL,
	`kind` text NOT NULL,
	`from_value` text,
	`to_value` text,
	`detail` text,
	`actor` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `person_events_person_idx` ON `person_events` (`person_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `person_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`person_id` text NOT NULL,
	`author_id` text NOT NULL,
	`author_email` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `person_notes_person_idx` ON `person_notes` (`person_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `person_submissions` (
	`form` text NOT NULL,
	`record_id` text NOT NULL,
	`person_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	PRIMARY KEY(`form`, `record_id`)
);
--> statement-breakpoint
CREATE INDEX `person_submissions_person_idx` ON `person_submissions` (`person_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `person_submissions_form_person_idx` ON `person_submissions` (`form`,`person_id`);--> statement-breakpoint
CREATE INDEX `outbox_recipient_idx` ON `email_outbox` (`recipient`,`created_at`);
--> statement-breakpoint
-- Backfill: every submission already stored, with the form, the person's details as that form gave them and its
-- time (a finished onboarding counts from its completion; drafts are not submissions and link when finished).
CREATE TABLE `_people_backfill` (
	`form` text NOT NULL,
	`record_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text,
	`company` text,
	`app` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `_people_backfill`
SELECT 'onboarding', id, lower(trim(email)),
       CASE WHEN json_valid(form_data) THEN nullif(trim(coalesce(json_extract(form_data, '$.firstName'), '') || ' ' || coalesce(json_extract(form_data, '$.lastName'), '')), '') END,
       CASE WHEN json_valid(form_data) THEN nullif(trim(json_extract(form_data, '$.company')), '') END,
       CASE WHEN json_valid(form_data) THEN nullif(trim(json_extract(form_data, '$.appName')), '') END,
       updated_at
  FROM onboarding_submissions WHERE is_completed = 1
UNION ALL
SELECT CASE WHEN source = 'checklist-page' OR type = 'marketing-checklist' THEN 'checklist'
            WHEN source = 'playbook-landing' THEN 'landing' ELSE 'lead-magnet' END,
       id, lower(trim(email)), nullif(trim(first_name), ''), NULL, nullif(trim(app_url), ''), created_at
  FROM lead_magnet_submissions
UNION ALL
SELECT 'premium', id, lower(trim(email)), nullif(trim(first_name), ''), nullif(trim(company), ''), NULL, created_at FROM premium_access_requests;
--> statement-breakpoint
INSERT INTO `_people_backfill`
SELECT 'contact', id, lower(trim(email)), nullif(trim(name), ''), nullif(trim(company), ''), NULL, created_at FROM contact_messages
UNION ALL
SELECT 'waitlist', id, lower(trim(email)), NULL, NULL, NULL, created_at FROM waitlist_entries
UNION ALL
SELECT 'newsletter', id, lower(trim(email)), NULL, NULL, NULL, created_at FROM newsletter_subscribers
UNION ALL
SELECT 'question', id, lower(trim(submitter_email)), nullif(trim(submitter_name), ''), NULL, NULL, created_at
  FROM qa_submissions WHERE nullif(trim(submitter_email), '') IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `_people_backfill_email_idx` ON `_people_backfill` (`email`, `at`);
--> statement-breakpoint
-- Name, company and app as last given; the first and last form; due from the promises (premium 24 h, finished
-- onboarding 48 h) of submissions from the last 14 days only, so years of old leads do not all open as overdue.
INSERT INTO people (id, email, name, company, app, first_form, last_form, due_at, created_at, last_seen_at, updated_at)
SELECT lower(hex(randomblob(16))), b.email,
       (SELECT x.name FROM `_people_backfill` x WHERE x.email = b.email AND x.name IS NOT NULL ORDER BY x.at DESC LIMIT 1),
       (SELECT x.company FROM `_people_backfill` x WHERE x.email = b.email AND x.company IS NOT NULL ORDER BY x.at DESC LIMIT 1),
       (SELECT x.app FROM `_people_backfill` x WHERE x.email = b.email AND x.app IS NOT NULL ORDER BY x.at DESC LIMIT 1),
       (SELECT x.form FROM `_people_backfill` x WHERE x.email = b.email ORDER BY x.at ASC LIMIT 1),
       (SELECT x.form FROM `_people_backfill` x WHERE x.email = b.email ORDER BY x.at DESC LIMIT 1),
       (SELECT min(x.at + CASE x.form WHEN 'premium' THEN 86400000 ELSE 172800000 END) FROM `_people_backfill` x
         WHERE x.email = b.email AND x.form IN ('premium', 'onboarding') AND x.at > unixepoch() * 1000 - 14 * 86400000),
       min(b.at), max(b.at), unixepoch() * 1000
  FROM `_people_backfill` b
 WHERE b.email <> ''
 GROUP BY b.email;
--> statement-breakpoint
INSERT INTO person_submissions (form, record_id, person_id, created_at)
SELECT b.form, b.record_id, p.id, b.at FROM `_people_backfill` b JOIN people p ON p.email = b.email WHERE true
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DROP TABLE `_people_backfill`;
