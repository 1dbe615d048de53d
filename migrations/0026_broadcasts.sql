CREATE TABLE `broadcasts` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`subject` text NOT NULL,
	`preheader` text DEFAULT '' NOT NULL,
	`post_id` text,
	`title` text DEFAULT '' NOT NULL,
	`intro` text DEFAULT '' NOT NULL,
	`sections` text NOT NULL,
	`post_slug` text,
	`segment` text NOT NULL,
	`web_version` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`scheduled_at` integer,
	`started_at` integer,
	`recipient_count` integer,
	`fanout_done_at` integer,
	`progress_at` integer,
	`finished_at` integer,
	`note` text,
	`created_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `broadcasts_slug_unique` ON `broadcasts` (`slug`);--> statement-breakpoint
CREATE INDEX `broadcasts_status_idx` ON `broadcasts` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `broadcasts_created_idx` ON `broadcasts` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`detail` text,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `broadcast_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_broadcast_recipient_unique` ON `email_outbox` (`broadcast_id`,`recipient`) WHERE broadcast_id IS NOT NULL;